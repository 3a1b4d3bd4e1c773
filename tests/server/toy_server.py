"""``python -m tests.server.toy_server --port P --db URL``: the real server process over the toy games.

Used by the durability test while no real game is registered; it runs exactly what ``regalia serve``
runs (``run_server``), with the toy catalog instead of the registry.
"""

from __future__ import annotations

import argparse

import uvicorn

from regalia.server.app import create_app

from .toys import toy_catalog


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    args = parser.parse_args()
    app = create_app(args.db, catalog=toy_catalog(), bot_pause=0.0)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
