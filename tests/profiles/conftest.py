"""A fresh in-memory SQLite records database per test, and a clock the test moves by hand."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine
from sqlalchemy.pool import StaticPool

from regalia.records import create_tables


class FakeClock:
    """The injected clock: starts at a fixed time and moves only when told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def sessions():
    engine = create_async_engine("sqlite+aiosqlite://", poolclass=StaticPool)
    await create_tables(engine)
    yield async_sessionmaker(engine, expire_on_commit=False)
    await engine.dispose()
