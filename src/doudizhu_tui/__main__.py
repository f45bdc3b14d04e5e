"""Run the command line as ``python -m doudizhu_tui``."""

from doudizhu_tui.cli import main

if __name__ == "__main__":
    main(prog_name="doudizhu")
