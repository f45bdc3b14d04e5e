"""The command line's errors: one ``doudizhu: error: ...`` line on stderr, and an exit status.

Usage errors (a bad option, a mistyped code) exit with status 2; a command that
started and failed (a history that cannot be read, a run that found an illegal
choice) exits with status 1.  Every command uses these, so that the form is the
same everywhere.
"""

from __future__ import annotations

from typing import IO, Any, NoReturn

import click

__all__ = [
    "MAX_MESSAGE",
    "CommandFailure",
    "OneLineErrors",
    "UsageFailure",
    "error_line",
    "fail",
    "notice_line",
    "one_line",
    "usage_message",
]


#: The longest message an error line carries (a longer one is cut, ending in "...").
MAX_MESSAGE = 300


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` on one line: line breaks and runs of spaces as one space, other
    unprintable characters as ``?``, and at most ``limit`` characters.

    >>> one_line("code\\n\\n3226B\\x1b[2J  is\\tbad")
    'code 3226B?[2J is bad'
    """
    flat = "".join(c if c.isprintable() else "?" for c in " ".join(message.split()))
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


#: The longest word of a click usage error (it quotes what was typed, however long).
_LONGEST_WORD = 60


def usage_message(exc: click.UsageError) -> str:
    """Click's message for a usage error, without its final full stop, and with any
    very long word in it (what was typed, quoted) cut short.

    >>> message = usage_message(click.UsageError("No such command '" + "x" * 100 + "'."))
    >>> message[:20], message[-6:], len(message)
    ("No such command 'xxx", "xx...'", 76)
    """
    words = " ".join(exc.format_message().split()).rstrip(".").split(" ")
    return " ".join(_short_word(word) for word in words)


def _short_word(word: str) -> str:
    if len(word) <= _LONGEST_WORD:
        return word
    end = word[-1] if word[-1] in "'\")" else ""
    return word[: _LONGEST_WORD - 3 - len(end)] + "..." + end


def error_line(message: str) -> str:
    """The one line that reports ``message``: ``doudizhu: error: message``."""
    return f"doudizhu: error: {one_line(message)}"


def notice_line(message: str) -> str:
    """A line that tells the person something besides the result: ``doudizhu: message``."""
    return f"doudizhu: {one_line(message)}"


def fail(message: str) -> NoReturn:
    """Stop the command: one line on stderr, exit status 2."""
    click.echo(error_line(message), err=True)
    raise click.exceptions.Exit(2)


class OneLineErrors(click.Command):
    """A command whose usage errors are one line (no usage block), with exit status 2."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Parse as click does, but report a usage error in one line."""
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            fail(usage_message(exc))


class CommandFailure(click.ClickException):
    """A command that stopped: one ``doudizhu: error: ...`` line on stderr, exit status 1."""

    def show(self, file: IO[Any] | None = None) -> None:
        """One line on stderr, in the same form as every other command's errors."""
        click.echo(error_line(self.format_message()), file=file, err=True)


class UsageFailure(CommandFailure):
    """A bad option found after parsing: one ``doudizhu: error: ...`` line, exit status 2."""

    exit_code = 2
