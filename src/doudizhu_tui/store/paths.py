"""Where the program keeps its files: the user's data directory.

``DOUDIZHU_HOME`` overrides the platform's data directory (the tests use it);
nothing is created until something is written there.  :func:`data_dir_problem`
says in one line why the folder cannot be used (a file where the folder should
be, a folder that cannot be read, written or made), so that a command can say
what is wrong instead of finding nothing there.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import platformdirs

__all__ = [
    "APP_NAME",
    "HOME_ENV",
    "data_dir",
    "data_dir_problem",
    "describe_folder",
    "shown_path",
]

#: The application's name in the platform's data directory.
APP_NAME = "doudizhu-tui"
#: The environment variable that overrides the data directory.
HOME_ENV = "DOUDIZHU_HOME"
#: The longest path shown in a message (longer ones keep their end).
_SHOWN_PATH = 120


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


def shown_path(path: Path | str) -> str:
    """``path`` for a one-line message: unprintable characters as ``?``, the end kept
    when it is very long."""
    flat = "".join(c if c.isprintable() else "?" for c in str(path))
    return flat if len(flat) <= _SHOWN_PATH else "..." + flat[-(_SHOWN_PATH - 3) :]


def describe_folder(folder: Path) -> str:
    """How messages name ``folder``: ``DOUDIZHU_HOME (/x/y)`` when the variable chose
    it, else ``the data folder /x/y``."""
    home = os.environ.get(HOME_ENV, "").strip()
    if home and Path(home).expanduser() == folder:
        return f"{HOME_ENV} ({shown_path(folder)})"
    return f"the data folder {shown_path(folder)}"


def _stat(path: Path) -> os.stat_result | None:
    """``path``'s status, or None if there is nothing there (OSError for other failures)."""
    try:
        return path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None


def _kind(mode: int) -> str:
    return "a file" if stat.S_ISREG(mode) else "not a folder"


def data_dir_problem(folder: Path | None = None, *, write: bool = True) -> str | None:
    """Why ``folder`` (default :func:`data_dir`) cannot hold the program's files, in one
    line, or None when it can (or can be made when first written to).

    For example ``DOUDIZHU_HOME (/x/y) is a file, not a folder``, ``... cannot be
    read (permission denied)``, ``... is not writable`` or ``... cannot be made:
    /x is a file, not a folder``.  ``write=False`` accepts a folder that can only
    be read.  Never raises.
    """
    folder = data_dir() if folder is None else folder
    label = describe_folder(folder)
    try:
        status = _stat(folder)
        if status is not None:
            if not stat.S_ISDIR(status.st_mode):
                kind = _kind(status.st_mode)
                return (
                    f"{label} is {kind}, not a folder" if kind == "a file" else f"{label} is {kind}"
                )
            if not os.access(folder, os.R_OK | os.X_OK):
                return f"{label} cannot be read (permission denied)"
            if write and not os.access(folder, os.W_OK | os.X_OK):
                return f"{label} is not writable"
            return None
        # Nothing there yet: it is made on the first write, if its nearest parent allows.
        parent = folder.parent
        while True:
            status = _stat(parent)
            if status is not None or parent == parent.parent:
                break
            parent = parent.parent
        if status is None:
            return f"{label} cannot be made: {shown_path(parent)} does not exist"
        if not stat.S_ISDIR(status.st_mode):
            return f"{label} cannot be made: {shown_path(parent)} is {_kind(status.st_mode)}"
        if write and not os.access(parent, os.W_OK | os.X_OK):
            return f"{label} cannot be made: {shown_path(parent)} is not writable"
        return None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"{label} cannot be used ({reason or type(exc).__name__})"
