"""The ``doudizhu`` command line.

Each command is a thin layer over the rest of the package; ``rules`` prints the
rule book, rendered from the project's ``rules/`` folder.
"""

from __future__ import annotations

import click
from rich.console import Console
from rich.markdown import Markdown

from doudizhu_tui import __version__
from doudizhu_tui.rulebook import rule_book_text


@click.group()
@click.version_option(__version__, prog_name="doudizhu")
def main() -> None:
    """Dou Dizhu (Fight the Landlord) in the terminal."""


@main.command()
def rules() -> None:
    """Print the rule book."""
    Console().print(Markdown(rule_book_text()))
