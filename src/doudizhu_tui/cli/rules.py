"""The ``rules`` command: the rule book, rendered from the project's ``rules/`` folder."""

from __future__ import annotations

import click
from rich.console import Console
from rich.markdown import Markdown

from ..rulebook import rule_book_text

__all__ = ["rules"]


@click.command()
def rules() -> None:
    """Print the rule book."""
    Console().print(Markdown(rule_book_text()))
