"""Alembic migrations of the server's database (packaged, run on every start: ``upgrade head``)."""
