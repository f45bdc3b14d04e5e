"""The project's rule documents: the rule book, the rule profiles and the rule cases.

They live in the ``rules/`` folder at the top of the repository, which is installed
as the data package ``doudizhu_tui.rules_data`` (see ``[tool.setuptools]`` in
pyproject.toml), so they can be read the same way from a source checkout, an
editable install or a wheel.  This module finds and reads the text; parsing a
profile is :func:`doudizhu_tui.core.rules.parse_profile`'s job.  A profile can also
be read from any file (:func:`profile_from_path`); every problem with the file is a
one-line :class:`~doudizhu_tui.core.rules.ProfileError` that names it.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import replace
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .core.rules import MAX_NAME_LENGTH, ProfileError, RuleProfile, parse_profile

__all__ = [
    "MAX_PROFILE_BYTES",
    "UnknownProfileError",
    "case_files",
    "profile_from_path",
    "profile_names",
    "profile_text",
    "rule_book_text",
]

#: The largest profile file read (a profile is a few hundred bytes).
MAX_PROFILE_BYTES = 64 * 1024

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
    such profile, and :class:`~doudizhu_tui.core.rules.ProfileError` (one line,
    naming the file) when its file cannot be read or is not UTF-8 text.
    """
    names = profile_names()
    if name not in names:
        known = ", ".join(names) or "none"
        raise UnknownProfileError(
            f"unknown rule profile {_shown_text(name)} (known profiles: {known})"
        )
    entry = _rules_dir() / f"{name}{_PROFILE_SUFFIX}"
    shown = f"rules/{name}{_PROFILE_SUFFIX}"
    try:
        data = entry.read_bytes()
    except OSError as exc:
        raise ProfileError(f"rule profile {shown} cannot be read ({_os_reason(exc)})") from None
    return _decode(data, shown)


def profile_from_path(path: str | os.PathLike[str]) -> RuleProfile:
    """Read and check the rule profile in the TOML file at ``path``.

    A file that gives no ``name`` is named after the file (``quick.toml`` is
    ``quick``) when that is a valid profile name.  Raises
    :class:`~doudizhu_tui.core.rules.ProfileError` with a one-line message that
    names the file, for a file that is missing, a folder, unreadable, too large,
    not UTF-8 or not TOML, or that has an unknown key or a bad value (the message
    then names the key).  Nothing else is raised.
    """
    file = Path(path)
    shown = _shown_path(file)
    try:
        kind = "missing" if not file.exists() else "folder" if file.is_dir() else "file"
        if kind == "file" and file.is_file():
            with file.open("rb") as f:
                data = f.read(MAX_PROFILE_BYTES + 1)
    except OSError as exc:
        reason = _os_reason(exc)
        raise ProfileError(f"rule profile file {shown} cannot be read ({reason})") from None
    except ValueError as exc:  # a path with a NUL character in it
        raise ProfileError(f"{shown} cannot be a rule profile file ({exc})") from None
    if kind == "missing":
        raise ProfileError(f"rule profile file {shown} does not exist")
    if kind == "folder":
        raise ProfileError(f"{shown} is a folder, not a rule profile file")
    if not file.is_file():
        raise ProfileError(f"{shown} is not a regular file, so not a rule profile")
    if len(data) > MAX_PROFILE_BYTES:
        raise ProfileError(
            f"{shown} is too large to be a rule profile (over {MAX_PROFILE_BYTES // 1024} KiB)"
        )
    text = _decode(data, shown)
    try:
        profile = parse_profile(text)
    except ProfileError as exc:
        raise ProfileError(f"{shown}: {exc}") from None
    if "name" in tomllib.loads(text):  # the text parsed above, so this cannot fail
        return profile
    try:
        return replace(profile, name=file.stem)
    except ProfileError:
        raise ProfileError(
            f'{shown}: the profile has no name (add name = "..."), and the file\'s name '
            f"{_shown_text(file.stem)} cannot be one (lowercase letters, digits, '-', '_', "
            f"'.', at most {MAX_NAME_LENGTH})"
        ) from None


def _decode(data: bytes, shown: str) -> str:
    """``data`` as UTF-8 text (a byte-order mark allowed), or a ProfileError naming ``shown``."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ProfileError(
            f"{shown} is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "save it as UTF-8"
        ) from None


def _os_reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _printable(text: str) -> str:
    """``text`` with every character that cannot be shown on a line replaced by ``?``."""
    return "".join(c if c.isprintable() else "?" for c in text)


def _shown_text(text: str, limit: int = 40) -> str:
    """A quoted name for messages: one line, at most ``limit`` characters."""
    flat = _printable(text)
    return repr(flat if len(flat) <= limit else flat[: limit - 3] + "...")


def _shown_path(path: Path, limit: int = 120) -> str:
    """A path for messages: one line, its end kept when it is too long."""
    flat = _printable(str(path))
    return flat if len(flat) <= limit else "..." + flat[-(limit - 3) :]


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
