"""The ``doudizhu`` command line (click), and the terminal views of its commands.

:func:`main` is the command group.  Each command lives in its own module and is
imported only when it is run (or listed by ``--help``), so that starting a game
does not pay for the arena or the history:

* :mod:`~doudizhu_tui.cli.play`: ``play`` and ``replay`` (checked and started by
  :mod:`~doudizhu_tui.cli.launch`);
* :mod:`~doudizhu_tui.cli.arena`: ``arena``, its progress bar and result tables;
* :mod:`~doudizhu_tui.cli.history`: ``stats``, ``history`` and ``history show``
  (the step-through view is :mod:`~doudizhu_tui.cli.watch`);
* :mod:`~doudizhu_tui.cli.rules`: ``rules``.

Errors are reported in one line by :mod:`~doudizhu_tui.cli.errors`; the checks that
several commands share (numbers in range, computer levels that load) are in
:mod:`~doudizhu_tui.cli.checks`, and the rule profile that ``--rules`` or a code
chooses (a shipped profile, one in the player's rules folder, a house-rule file) is
found by :mod:`~doudizhu_tui.cli.profiles`.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from doudizhu_tui import __version__

from .errors import error_line, usage_message

__all__ = ["COMMANDS", "main"]

#: Every command of the group: its name and where it is defined (``module:attribute``).
COMMANDS: dict[str, str] = {
    "arena": "doudizhu_tui.cli.arena:arena",
    "history": "doudizhu_tui.cli.history:history",
    "play": "doudizhu_tui.cli.play:play",
    "replay": "doudizhu_tui.cli.play:replay",
    "rules": "doudizhu_tui.cli.rules:rules",
    "stats": "doudizhu_tui.cli.history:stats",
}


class _Doudizhu(click.Group):
    """The command group: commands loaded on demand from :data:`COMMANDS`.

    Every usage error, in any command, is one line with exit status 2.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The names of every command, in alphabetical order."""
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command called ``cmd_name``, imported from its module (None if unknown)."""
        if cmd_name not in COMMANDS:
            return super().get_command(ctx, cmd_name)
        module, _, attribute = COMMANDS[cmd_name].partition(":")
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command)
        return command

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; in standalone mode, exit with the command's status."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            status = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as exc:
            click.echo(error_line(usage_message(exc)), err=True)
            sys.exit(2)
        except click.ClickException as exc:
            click.echo(error_line(exc.format_message()), err=True)
            sys.exit(exc.exit_code)
        except click.Abort:  # Ctrl+C or the end of input at a question
            click.echo(error_line("interrupted"), err=True)
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)


@click.group(cls=_Doudizhu, invoke_without_command=True)
@click.version_option(__version__, prog_name="doudizhu")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Dou Dizhu (Fight the Landlord) in the terminal.

    With no command, starts a session: the same as `doudizhu play`.
    """
    if ctx.invoked_subcommand is None:
        play = main.get_command(ctx, "play")
        assert play is not None
        ctx.invoke(play)
