"""The project's rule documents: the rule book, the rule profiles and the rule cases.

They live in the ``rules/`` folder at the top of the repository, which is installed
as the data package ``doudizhu_tui.rules_data`` (see ``[tool.setuptools]`` in
pyproject.toml), so they can be read the same way from a source checkout, an
editable install or a wheel.  This module finds and reads the text; parsing a
profile is :func:`doudizhu_tui.core.rules.parse_profile`'s job.  A profile can also
be read from any file (:func:`profile_from_path`); every problem with the file is a
one-line :class:`~doudizhu_tui.core.rules.ProfileError` that names it.

House rules (issue 10) are profiles too: a file given by its path
(:func:`house_profile`), or a file ``NAME.toml`` in the player's own rules folder,
found by :func:`find_profile` when no shipped profile is called ``NAME``.  This
module knows nothing of where that folder is (the data folder belongs to the store,
a layer above): the command line passes it in.  :func:`profile_summary` describes
the profile in force, option by option, for ``doudizhu rules`` and the help screen.
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass, fields, replace
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .core.rules import (
    CLASSIC,
    MAX_NAME_LENGTH,
    NAME_PATTERN,
    ProfileError,
    RuleProfile,
    parse_profile,
)

__all__ = [
    "MAX_PROFILE_BYTES",
    "PROFILE_SUFFIX",
    "ProfileEntry",
    "UnknownProfileError",
    "case_files",
    "differences",
    "find_profile",
    "house_profile",
    "is_profile_name",
    "is_profile_path",
    "list_profiles",
    "profile_from_path",
    "profile_names",
    "profile_summary",
    "profile_text",
    "rule_book_text",
    "shipped_profile",
    "user_profile_names",
]

#: The largest profile file read (a profile is a few hundred bytes).
MAX_PROFILE_BYTES = 64 * 1024

_DATA_PACKAGE = "doudizhu_tui.rules_data"
_RULE_BOOK = "README.md"
#: The ending of a rule profile's file name.
PROFILE_SUFFIX = ".toml"
_PROFILE_SUFFIX = PROFILE_SUFFIX
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


def is_profile_name(text: str) -> bool:
    """True when ``text`` can be a rule profile's name, and so be written in a table code:
    1 to :data:`~doudizhu_tui.core.rules.MAX_NAME_LENGTH` lowercase letters, digits,
    ``-``, ``_`` and ``.``, starting with a letter or a digit."""
    return len(text) <= MAX_NAME_LENGTH and NAME_PATTERN.fullmatch(text) is not None


def is_profile_path(text: str) -> bool:
    """True when a ``--rules`` value is a file's path rather than a profile's name: it
    holds a path separator (``/`` or ``\\``) or ends in ``.toml`` (in any case)."""
    separators = {"/", "\\", os.sep, *([os.altsep] if os.altsep else [])}
    return any(s in text for s in separators) or text.strip().lower().endswith(PROFILE_SUFFIX)


def shipped_profile(name: str) -> RuleProfile:
    """The rule profile ``name`` that comes with the game (``rules/NAME.toml``), parsed.

    Raises :class:`UnknownProfileError` when there is none, and
    :class:`~doudizhu_tui.core.rules.ProfileError` (one line naming the file and the
    key) when its file is bad.
    """
    text = profile_text(name)
    try:
        return parse_profile(text)
    except ProfileError as exc:
        raise ProfileError(f"rules/{name}{PROFILE_SUFFIX}: {exc}") from None


def user_profile_names(user_dir: Path | None) -> list[str]:
    """The names of the profiles in the player's rules folder ``user_dir``, sorted.

    Every regular file ``NAME.toml`` there whose ``NAME`` can be a profile's name
    (:func:`is_profile_name`), whether or not its content is a good profile; an empty
    list when ``user_dir`` is None, missing or unreadable.  Never raises.
    """
    names: list[str] = []
    for path in _user_files(user_dir):
        name = path.name.removesuffix(PROFILE_SUFFIX)
        if is_profile_name(name):
            names.append(name)
    return sorted(names)


def _user_files(user_dir: Path | None) -> list[Path]:
    """The regular ``*.toml`` files in ``user_dir`` (none if it cannot be read), by name."""
    if user_dir is None:
        return []
    try:
        entries = sorted(user_dir.iterdir())
    except (OSError, ValueError):
        return []
    found: list[Path] = []
    for entry in entries:
        try:
            if entry.name.endswith(PROFILE_SUFFIX) and entry.is_file():
                found.append(entry)
        except (OSError, ValueError):
            continue
    return found


def _user_file(name: str, user_dir: Path | None) -> Path | None:
    """``user_dir/NAME.toml`` if ``name`` can be a profile's name and something is there."""
    if user_dir is None or not is_profile_name(name):
        return None
    path = user_dir / f"{name}{PROFILE_SUFFIX}"
    try:
        return path if path.exists() else None
    except (OSError, ValueError):
        return None


def find_profile(name: str, user_dir: Path | None = None) -> RuleProfile:
    """The rule profile called ``name``: the shipped one if the game has it, else the
    player's file ``user_dir/NAME.toml``.

    Raises :class:`UnknownProfileError`, naming the known profiles (shipped, then the
    player's), when neither exists; :class:`~doudizhu_tui.core.rules.ProfileError`,
    one line naming the file (and the key), when the file is not a good profile or
    gives its profile another name than its own (a code written under that name
    would not find the file again).
    """
    shipped = profile_names()
    if name in shipped:
        return shipped_profile(name)
    path = _user_file(name, user_dir)
    if path is None:
        yours = [n for n in user_profile_names(user_dir) if n not in shipped]
        known = ", ".join([*shipped, *yours]) or "none"
        raise UnknownProfileError(
            f"unknown rule profile {_shown_text(name)} (known profiles: {known})"
        )
    profile = profile_from_path(path)
    if profile.name != name:
        raise ProfileError(
            f"{_shown_path(path)}: the profile is named {profile.name!r}, not {name!r} like "
            "its file; a profile in the rules folder goes by its file's name, so rename one "
            "or the other"
        )
    return profile


def house_profile(path: str | os.PathLike[str]) -> RuleProfile:
    """The house-rule file at ``path``, read and checked by :func:`profile_from_path`.

    A house profile may take the name of a shipped profile (``classic``, ``older``,
    ...) only when every option is the same as the shipped one's: a code written
    under that name must replay the same everywhere.  Every refusal is one
    :class:`~doudizhu_tui.core.rules.ProfileError` line naming the file.
    """
    profile = profile_from_path(path)
    if profile.name in profile_names():
        shipped = shipped_profile(profile.name)
        changed = differences(profile, shipped)
        if changed:
            raise ProfileError(
                f"{_shown_path(Path(path))}: the profile is named {profile.name!r} like the one "
                f"that comes with the game, but its {', '.join(changed)} "
                f"{'differs' if len(changed) == 1 else 'differ'}; give it a name of its own "
                '(name = "...")'
            )
    return profile


def differences(profile: RuleProfile, other: RuleProfile = CLASSIC) -> list[str]:
    """The options (not the name) whose values differ between ``profile`` and ``other``,
    in the order :class:`~doudizhu_tui.core.rules.RuleProfile` declares them."""
    return [
        f.name
        for f in fields(RuleProfile)
        if f.name != "name" and getattr(profile, f.name) != getattr(other, f.name)
    ]


@dataclass(frozen=True, slots=True)
class ProfileEntry:
    """One rule profile as :func:`list_profiles` finds it."""

    #: The name it is chosen by (``--rules NAME``); for the player's files, the file's stem.
    name: str
    #: True for a profile that comes with the game, False for one of the player's files.
    shipped: bool
    #: The player's file (None for a shipped profile).
    path: Path | None = None
    #: The profile, when it can be used by its name.
    profile: RuleProfile | None = None
    #: Why it cannot be used by its name, in one line (None when it can).
    problem: str | None = None


def list_profiles(user_dir: Path | None = None) -> list[ProfileEntry]:
    """Every rule profile there is: the shipped ones, then each ``*.toml`` file in the
    player's rules folder ``user_dir``, with the profile or the reason it cannot be
    used by its name (a bad file, a file name that cannot be a profile's name, a name
    a shipped profile already has).  Never raises."""
    shipped = profile_names()
    entries: list[ProfileEntry] = []
    for name in shipped:
        try:
            entries.append(ProfileEntry(name, True, profile=shipped_profile(name)))
        except (UnknownProfileError, ProfileError) as exc:
            entries.append(ProfileEntry(name, True, problem=str(exc)))
    for path in _user_files(user_dir):
        name = path.name.removesuffix(PROFILE_SUFFIX)
        if not is_profile_name(name):
            problem = (
                f"the file's name {_shown_text(name)} cannot be a profile's name (lowercase "
                f"letters, digits, '-', '_', '.', at most {MAX_NAME_LENGTH}); give its path"
            )
            entries.append(ProfileEntry(name, False, path, problem=problem))
        elif name in shipped:
            problem = "a profile that comes with the game has this name"
            entries.append(ProfileEntry(name, False, path, problem=problem))
        else:
            try:
                entries.append(ProfileEntry(name, False, path, find_profile(name, user_dir)))
            except (UnknownProfileError, ProfileError) as exc:
                entries.append(ProfileEntry(name, False, path, problem=str(exc)))
    return entries


def _toml_value(value: object) -> str:
    """An option's value as TOML writes it (``true``, ``10``, ``"rotate"``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)


def _option_notes() -> dict[str, str]:
    """What each option is, from ``rules/classic.toml`` (which lists every option): the
    first line of the comment above the option, up to its first colon."""
    try:
        text = profile_text(CLASSIC.name)
    except (UnknownProfileError, ProfileError):
        return {}
    notes: dict[str, str] = {}
    comment: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            comment.append(stripped.lstrip("#").strip())
            continue
        key, equals, _ = stripped.partition("=")
        if equals and comment and comment[0]:
            head, colon, _ = comment[0].partition(": ")
            notes[key.strip()] = (head if colon else comment[0]).rstrip(".")
        comment = []
    return notes


def _code_span(text: str) -> str:
    """``text`` as a Markdown code span on one line."""
    return "`" + _printable(text).replace("`", "'") + "`"


def profile_summary(profile: RuleProfile, source: str | None = None) -> str:
    """The rule profile in force, as Markdown: its name, where it was read from
    (``source``, e.g. a file's path, if given), which options differ from classic, and
    every option with its value, as the profile's TOML would write it.

    Generated from the fields of :class:`~doudizhu_tui.core.rules.RuleProfile`, so a
    new option shows up by itself; what each option is comes from the comments of
    ``rules/classic.toml``.  Printed by ``doudizhu rules --rules NAME`` after the rule
    book, and meant for the in-game help screen as well.
    """
    notes = _option_notes()
    changed = differences(profile)
    lines = [f"## The rules in force: {_code_span(profile.name)}", ""]
    about: list[str] = []
    if source is not None:
        about.append(f"Read from {_code_span(source)}.")
    if not changed:
        about.append("Every option is as in the classic rules.")
    else:
        count = "1 option differs" if len(changed) == 1 else f"{len(changed)} options differ"
        about.append(f"{count} from the classic rules: {', '.join(changed)}.")
    lines += [" ".join(about), ""]
    for option in fields(RuleProfile):
        if option.name == "name":
            continue
        value = getattr(profile, option.name)
        setting = _code_span(f"{option.name} = {_toml_value(value)}")
        note = notes.get(option.name)
        item = f"{note}: {setting}" if note else setting
        if option.name in changed:
            classic = _code_span(_toml_value(getattr(CLASSIC, option.name)))
            lines.append(f"- **{item}** (classic: {classic})")
        else:
            lines.append(f"- {item}" + (", as classic" if changed else ""))
    return "\n".join(lines) + "\n"


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
