"""How quick the table feels: command to first frame, and key press to repaint.

Run it from the repository root::

    .venv/bin/python benchmarks/tui_speed.py [--runs 5] [--keys 40] [--size 80x24]

It starts ``python -m doudizhu_tui play`` under a pseudo-terminal of the given
size (as a person would, with a fixed code and unpaced bots), and measures

* **startup**: from spawning the command to the first frame on the terminal
  (the first output holding the top bar's "Deal 1 of");
* **key to repaint**: after bidding, the time from writing a key to the
  terminal (a rank key selecting a card, ``h`` for a hint, an arrow, space)
  to the last byte of the repaint it causes (the output then stays quiet for
  ``QUIET`` seconds, which is not counted).

(Esc is left out: a terminal cannot tell a lone Esc from the start of an
escape sequence, so Textual waits a moment before acting on it.)

These are figures to read, not a timed test: the targets are 1 s to the first
frame and 50 ms from a key to its repaint while no computer seat is thinking.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import platform
import pty
import select
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The first deal: You bid first and hold the bomb 5-5-5-5 (see tests/tui/helpers.py).
CODE = "32222-222CY"
#: Output silence that marks the end of a repaint.
QUIET = 0.15
FIRST_FRAME = b"Deal 1 of"


class Terminal:
    """A child process on a pseudo-terminal."""

    def __init__(self, argv: list[str], size: tuple[int, int]) -> None:
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child
            os.environ["TERM"] = "xterm-256color"
            # A private data folder: no saved session to offer, nothing left behind.
            os.environ["DOUDIZHU_HOME"] = tempfile.mkdtemp(prefix="doudizhu-bench-")
            os.environ.setdefault("LANG", "C.UTF-8")
            os.execv(argv[0], argv)
        width, height = size
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.pid = pid
        self.fd = fd
        self.buffer = b""

    def read(self, timeout: float) -> bytes:
        """Bytes that arrive within ``timeout`` seconds (empty when none do)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return b""
        self.buffer += data
        return data

    def wait_for(self, needle: bytes, timeout: float = 10.0) -> float:
        """Seconds since start until ``needle`` appears in the output."""
        deadline = time.perf_counter() + timeout
        while needle not in self.buffer:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{needle!r} did not appear")
            self.read(0.01)
        return time.perf_counter() - self.started

    def drain(self, quiet: float = QUIET) -> float | None:
        """Read until the output is quiet; the time of the last byte (None if nothing came)."""
        last: float | None = None
        while True:
            data = self.read(quiet)
            if not data:
                return last
            last = time.perf_counter()

    def key(self, key: bytes) -> float | None:
        """Seconds from writing ``key`` to the last byte of the repaint it caused."""
        self.drain(0.05)
        sent = time.perf_counter()
        os.write(self.fd, key)
        last = self.drain()
        return None if last is None else last - sent

    def close(self) -> None:
        try:
            os.write(self.fd, b"\x11")  # Ctrl+Q
            self.drain(0.3)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
            os.close(self.fd)


def command() -> list[str]:
    python = sys.executable
    return [python, "-m", "doudizhu_tui", "play", "--code", CODE, "--level", "random"]


def measure(runs: int, keys: int, size: tuple[int, int]) -> None:
    argv = [*command(), "--pace", "0"]
    startups: list[float] = []
    keyset = (
        ("rank key 5 (select a card)", b"5"),
        ("h (hint)", b"h"),
        ("Right arrow (move cursor)", b"\x1b[C"),
        ("space (toggle a card)", b" "),
    )
    latencies: dict[str, list[float]] = {name: [] for name, _ in keyset}
    for run in range(runs):
        term = Terminal(argv, size)
        try:
            startups.append(term.wait_for(FIRST_FRAME))
            term.drain(0.5)
            if run == 0:
                term.key(b"3")  # bid 3: You are landlord and lead
                term.drain(0.5)
                for i in range(keys):
                    for name, key in keyset:
                        t = term.key(key)
                        if t is not None:
                            latencies[name].append(t)
                    if i == 0:
                        for values in latencies.values():
                            values.clear()  # the first round warms the caches
        finally:
            term.close()
    print(
        f"doudizhu-tui: TUI speed on {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}, terminal {size[0]}x{size[1]}"
    )
    print(f"  command: {' '.join(Path(a).name if i == 0 else a for i, a in enumerate(argv))}")
    print(
        f"  startup to first frame: median {statistics.median(startups) * 1000:.0f} ms, "
        f"max {max(startups) * 1000:.0f} ms over {len(startups)} runs (target < 1000 ms)"
    )
    for name, values in latencies.items():
        if not values:
            print(f"  {name}: no repaint seen")
            continue
        values.sort()
        p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
        print(
            f"  key to repaint, {name}: median {statistics.median(values) * 1000:.1f} ms, "
            f"p95 {p95 * 1000:.1f} ms over {len(values)} presses (target < 50 ms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="startups to time")
    parser.add_argument("--keys", type=int, default=30, help="rounds of key presses to time")
    parser.add_argument("--size", default="80x24", help="terminal size, WIDTHxHEIGHT")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    measure(args.runs, args.keys, (width, height))


if __name__ == "__main__":
    main()
