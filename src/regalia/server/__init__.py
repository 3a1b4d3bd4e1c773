"""The web app's server: FastAPI over the core protocol, durable (SQLAlchemy) and server-authoritative.

Layout (one job per module):

    protocol.py   the messages on the wire (pydantic), both directions
    seats.py      seat tokens: minted, hashed, checked
    models.py     the tables: matches, seats, one row per accepted action
    store.py      async persistence with group commit (many actions, one transaction)
    catalog.py    which games and computer levels exist (injectable: tests bring toy games)
    bots.py       computer seats, deciding from their view in a thread pool
    hub.py        one live match per id: single writer, persist-then-broadcast, per-seat views
    app.py        create_app(): HTTP (lobby, records) and one WebSocket per client
    run.py        run_server(host, port, db): what ``regalia serve`` starts

The server never computes a rule: it asks ``Match`` (check, play, view, legal_actions).
"""
