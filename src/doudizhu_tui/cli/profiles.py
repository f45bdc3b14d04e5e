"""Which rule profile a command plays under: ``--rules NAME``, ``--rules FILE`` or a code's own.

A ``--rules`` value with a path separator in it, or ending in ``.toml``, is a house-rule
file, read and checked by :func:`doudizhu_tui.rulebook.house_profile`; anything else
is a profile's name: one that comes with the game, else the player's own file
``NAME.toml`` in the rules folder of the data folder (:func:`user_rules_dir`).  The
data folder belongs to the store, so it is looked up here, in the command line, and
handed to :mod:`doudizhu_tui.rulebook`.

A code names its profile; replaying it needs that profile, by name (shipped or in
the rules folder) or as a file given with ``--rules`` whose profile has the code's
name.  Every refusal is one line (:class:`~doudizhu_tui.cli.errors.UsageFailure`,
exit status 2) that names the option, the file or the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core import ProfileError, RuleProfile, TableCode
from ..core.deal import shorten
from ..rulebook import (
    PROFILE_SUFFIX,
    UnknownProfileError,
    differences,
    find_profile,
    house_profile,
    is_profile_path,
    profile_names,
    user_profile_names,
)
from .checks import shown
from .errors import UsageFailure

__all__ = ["Chosen", "choose_rules", "rules_folder_text", "user_rules_dir"]

#: The folder under the data folder that holds the player's own profiles.
RULES_FOLDER = "rules"


def user_rules_dir() -> Path:
    """The player's rules folder: ``rules/`` in the data folder (``$DOUDIZHU_HOME`` or the
    platform's user data folder).  Nothing is created."""
    from ..store.paths import data_dir

    return data_dir() / RULES_FOLDER


def rules_folder_text() -> str:
    """The player's rules folder as a message shows it (one line, its end kept)."""
    from ..store.paths import shown_path

    return shown_path(user_rules_dir())


@dataclass(frozen=True, slots=True)
class Chosen:
    """The profile a command plays under, and where it came from."""

    profile: RuleProfile
    #: The file it was read from: a house-rule file or one in the rules folder (None
    #: for a profile that comes with the game).
    path: Path | None = None
    #: Something to tell the person before playing (None: nothing).
    notice: str | None = None


def _code_text(code: TableCode) -> str:
    return shorten(str(code), 60)


def choose_rules(value: str | None, code: TableCode | None = None) -> Chosen:
    """The profile for ``--rules value`` (None: not given) and the table ``code`` (if any).

    With no code: the value's profile, or classic.  With a code: the code's profile,
    which the value, if given, must agree with (the same name, or a file whose profile
    has the code's name).  Raises :class:`UsageFailure` (one line) for an empty value,
    a bad or unknown profile, a disagreement with the code, or a code whose profile
    this installation does not have.
    """
    if value is not None and not value.strip():
        raise UsageFailure(
            "--rules is empty; give a rule profile's name such as classic, or a file's path, "
            "or leave it out"
        )
    if value is not None and is_profile_path(value):
        return _from_file(value, code)
    if code is not None and value is not None and value != code.profile:
        raise UsageFailure(
            f"code {_code_text(code)} was played under the '{code.profile}' rules, "
            f"not {shown(value)}; leave out --rules to replay it"
        )
    name = code.profile if code is not None else value if value is not None else "classic"
    folder = user_rules_dir()
    try:
        profile = find_profile(name, folder)
    except UnknownProfileError as exc:
        if code is None:
            raise UsageFailure(f"{exc}, or give a house-rule file's path") from None
        raise UsageFailure(
            f"code {_code_text(code)} was played under the '{name}' rules, which this "
            f"installation does not have; put {name}{PROFILE_SUFFIX} in {rules_folder_text()} "
            f"or give --rules path/to/{name}{PROFILE_SUFFIX}"
        ) from None
    except ProfileError as exc:
        raise UsageFailure(str(exc)) from None
    if name in profile_names():
        return Chosen(profile)
    return Chosen(profile, folder / f"{name}{PROFILE_SUFFIX}")


def _from_file(value: str, code: TableCode | None) -> Chosen:
    """A house-rule file given by its path (see :func:`choose_rules`)."""
    path = Path(value)
    try:
        profile = house_profile(path)
    except ProfileError as exc:
        raise UsageFailure(f"{exc}{_name_hint(path)}") from None
    if code is not None and profile.name != code.profile:
        raise UsageFailure(
            f"code {_code_text(code)} was played under the '{code.profile}' rules, but "
            f"{_path_text(path)} holds the '{profile.name}' rules; give the file of the "
            f"'{code.profile}' rules, or leave out --rules"
        )
    return Chosen(profile, path, _namesake_notice(profile, path))


def _name_hint(path: Path) -> str:
    """A hint for a missing file that looks like a profile's name (``--rules older.toml``)."""
    name = path.name.removesuffix(PROFILE_SUFFIX)
    try:
        if path.exists() or name not in {*profile_names(), *user_profile_names(user_rules_dir())}:
            return ""
    except (OSError, ValueError):
        return ""
    return f"; for the '{name}' profile, write --rules {name}"


def _path_text(path: Path) -> str:
    from ..store.paths import shown_path

    return shown_path(path)


def _namesake_notice(profile: RuleProfile, path: Path) -> str | None:
    """What to say when the rules folder has another profile under this file's name: a
    code played under this file would replay under that one."""
    folder = user_rules_dir()
    own = folder / f"{profile.name}{PROFILE_SUFFIX}"
    try:
        if not own.exists() or own.resolve() == path.resolve():
            return None
    except (OSError, ValueError, RuntimeError):
        return None
    try:
        other = find_profile(profile.name, folder)
    except (UnknownProfileError, ProfileError):
        return (
            f"{_path_text(own)} is also called '{profile.name}' and cannot be read; codes "
            f"played now replay only with --rules {_path_text(path)}"
        )
    changed = differences(profile, other)
    if not changed:
        return None
    return (
        f"{_path_text(own)} is also called '{profile.name}' but differs in "
        f"{', '.join(changed)}; codes played now replay only with --rules {_path_text(path)}"
    )
