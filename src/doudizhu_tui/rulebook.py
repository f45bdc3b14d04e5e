"""The project's rule documents: the rule book, the rule profiles and the rule cases.

They live in the ``rules/`` folder at the top of the repository, which is installed
as the data package ``doudizhu_tui.rules_data`` (see ``[tool.setuptools]`` in
pyproject.toml), so they can be read the same way from a source checkout, an
editable install or a wheel.  This module only finds and reads the text; parsing a
profile is :func:`doudizhu_tui.core.rules.parse_profile`'s job.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

__all__ = [
    "UnknownProfileError",
    "case_files",
    "profile_names",
    "profile_text",
    "rule_book_text",
]

_DATA_PACKAGE = "doudizhu_tui.rules_data"
_RULE_BOOK = "README.md"
_PROFILE_SUFFIX = ".toml"
_CASES = "cases"
_CASE_SUFFIX = ".txt"


class UnknownProfileError(ValueError):
    """A rule profile name with no ``rules/NAME.toml`` behind it."""


def _rules_dir() -> Traversable:
    """The folder that holds the rule documents.

    Normally the installed data package; when the project is run from a source tree
    that was never installed (``PYTHONPATH=src``), the ``rules/`` folder beside
    ``src/``.
    """
    try:
        return resources.files(_DATA_PACKAGE)
    except ModuleNotFoundError:
        checkout = Path(__file__).resolve().parents[2] / "rules"
        if (checkout / _RULE_BOOK).is_file():
            return checkout
        raise


def rule_book_text() -> str:
    """The rule book (``rules/README.md``) as Markdown text."""
    return (_rules_dir() / _RULE_BOOK).read_text(encoding="utf-8")


def profile_names() -> list[str]:
    """The names of the available rule profiles (``rules/*.toml``), sorted."""
    return sorted(
        entry.name.removesuffix(_PROFILE_SUFFIX)
        for entry in _rules_dir().iterdir()
        if entry.name.endswith(_PROFILE_SUFFIX) and entry.is_file()
    )


def profile_text(name: str) -> str:
    """The TOML text of the rule profile ``name`` (``rules/NAME.toml``).

    Raises :class:`UnknownProfileError`, naming the known profiles, when there is no
    such profile.
    """
    names = profile_names()
    if name not in names:
        known = ", ".join(names) or "none"
        raise UnknownProfileError(f"unknown rule profile {name!r} (known profiles: {known})")
    return (_rules_dir() / f"{name}{_PROFILE_SUFFIX}").read_text(encoding="utf-8")


def case_files() -> list[Traversable]:
    """The rule case files (``rules/cases/*.txt``), sorted by name.

    Each item is path-like: it has ``name``, ``read_text()`` and ``open()``; for an
    installed package on disk it is a :class:`pathlib.Path`.
    """
    cases = _rules_dir() / _CASES
    if not cases.is_dir():
        return []
    return sorted(
        (
            entry
            for entry in cases.iterdir()
            if entry.name.endswith(_CASE_SUFFIX) and entry.is_file()
        ),
        key=lambda entry: entry.name,
    )
