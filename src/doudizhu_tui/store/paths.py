"""Where the program keeps its files: the user's data directory.

``DOUDIZHU_HOME`` overrides the platform's data directory (the tests use it);
nothing is created until something is written there.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["APP_NAME", "HOME_ENV", "data_dir"]

#: The application's name in the platform's data directory.
APP_NAME = "doudizhu-tui"
#: The environment variable that overrides the data directory.
HOME_ENV = "DOUDIZHU_HOME"


def data_dir() -> Path:
    """The folder for saved sessions and the history database.

    ``$DOUDIZHU_HOME`` if it is set and not empty, else the platform's user data
    directory (``~/.local/share/doudizhu-tui`` on Linux).  Read on every call, so
    a change of the variable takes effect at once.
    """
    home = os.environ.get(HOME_ENV, "").strip()
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
