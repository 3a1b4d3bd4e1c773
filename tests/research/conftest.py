import pytest

from regalia.games import REGISTRY


@pytest.fixture
def pig_registered(monkeypatch):
    """The toy Pig (with learning hooks and two strategies) under the id ``pig``, for this test only."""
    monkeypatch.setitem(REGISTRY, "pig", "tests.toys.encoded:EncodedPig")
    return "pig"
