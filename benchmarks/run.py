"""Run benchmarks from a checkout: ``python benchmarks/run.py [NAME] [--quick]``."""

import sys

from rich.console import Console

from regalia.bench import run_benchmarks

if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    run_benchmarks(args[0] if args else None, quick="--quick" in sys.argv, console=Console())
