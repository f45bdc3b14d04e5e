"""The ``rules`` command: the rule book, the profile in force, and the profiles there are.

``doudizhu rules`` prints the rule book, rendered from the project's ``rules/``
folder; ``--rules NAME`` (or a house-rule file's path) adds the profile in force
after it, option by option (:func:`doudizhu_tui.rulebook.profile_summary`); ``--list``
lists the profiles that come with the game and the player's own, in the rules folder
of the data folder.
"""

from __future__ import annotations

import re

import click
from rich.console import Console
from rich.markdown import Markdown

from ..rulebook import ProfileEntry, differences, list_profiles, profile_summary, rule_book_text
from .errors import OneLineErrors, UsageFailure
from .profiles import choose_rules, rules_folder_text, user_rules_dir

__all__ = ["list_text", "rules"]


def _entry_line(entry: ProfileEntry, width: int) -> str:
    """One profile of the list: its name, whose it is, and how it differs from classic."""
    whose = "the game's" if entry.shipped else "yours"
    if entry.profile is None:
        about = f"cannot be used: {entry.problem}"
    else:
        changed = differences(entry.profile)
        about = (
            "every option as classic"
            if not changed
            else f"differs from classic in {', '.join(changed)}"
        )
    return f"  {entry.name:<{width}}  {whose:<10}  {about}"


def list_text() -> str:
    """The text of ``doudizhu rules --list``: every profile, and where the player's go."""
    entries = list_profiles(user_rules_dir())
    width = max(len(e.name) for e in entries) if entries else 0
    lines = ["Rule profiles (play one with --rules NAME):"]
    lines += [_entry_line(entry, width) for entry in entries]
    mine = [e for e in entries if not e.shipped]
    folder = rules_folder_text()
    if mine:
        lines.append(f"Yours are the NAME.toml files in {folder}.")
    else:
        lines.append(f"You have none yet: put NAME.toml files in {folder}.")
    lines.append("A house-rule file elsewhere is played with --rules path/to/file.toml.")
    return "\n".join(lines)


@click.command(cls=OneLineErrors)
@click.option(
    "--rules",
    "rules_name",
    default=None,
    metavar="NAME|FILE",
    help="Also show this rule profile's options (a name, or a house-rule file's path).",
)
@click.option(
    "--list",
    "list_",
    is_flag=True,
    help="List the rule profiles: the game's and yours (in the data folder's rules/).",
)
def rules(rules_name: str | None, list_: bool) -> None:
    """Print the rule book, and with --rules the profile in force after it."""
    if list_:
        if rules_name is not None:
            raise UsageFailure("give --list or --rules, not both")
        click.echo(list_text())
        return
    text = rule_book_text()
    if rules_name is not None:
        chosen = choose_rules(rules_name)
        source = None if chosen.path is None else str(chosen.path)
        text = f"{text.rstrip()}\n\n{profile_summary(chosen.profile, source)}"
        if chosen.notice is not None:
            text += f"\n{chosen.notice}\n"
    click.echo(render_markdown(text), nl=False)


_TRAILING = re.compile(r" +((?:\x1b\[[0-9;]*m)*)$")


def render_markdown(text: str) -> str:
    """Markdown as the terminal shows it, without the spaces rich pads lines with."""
    console = Console()
    with console.capture() as captured:
        console.print(Markdown(text))
    lines = captured.get().splitlines()
    return "".join(_TRAILING.sub(r"\1", line) + "\n" for line in lines)
