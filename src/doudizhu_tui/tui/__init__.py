"""The Textual interface: the card table, the result card, the summary and the help.

Use :func:`create_app` (the command line and the tests both do).  Textual is
imported only when the app is asked for, so that ``doudizhu_tui.cli`` can
check the command line quickly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import DEFAULT_PACE, DouDizhuApp, create_app

__all__ = ["DEFAULT_PACE", "DouDizhuApp", "create_app"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
