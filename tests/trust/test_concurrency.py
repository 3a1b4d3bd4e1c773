"""Two clients acting for the same version at the same moment: exactly one lands, the other is told why.

Once through the hub with asyncio (many rounds, both submits started in the same loop tick), and once
over real WebSockets from two threads released by one barrier.
"""

from __future__ import annotations

import asyncio
import json
import threading

from regalia.server.bots import Bots
from regalia.server.hub import Client, Hub, Refusal
from regalia.server.migrate import upgrade
from regalia.server.protocol import NewMatch, SeatRequest
from regalia.server.store import Store
from tests.server.conftest import server  # noqa: F401  (the real server fixture)
from tests.server.toys import toy_catalog


def test_two_submits_for_the_same_version_exactly_one_lands_and_is_stored_once(tmp_path):
    url = f"sqlite:///{tmp_path / 'race.db'}"
    upgrade(url)

    async def race() -> None:
        store = Store(url)
        await store.start()
        hub = Hub(store, toy_catalog(), Bots(toy_catalog()))
        live, minted, _invites = await hub.create(NewMatch(game="pig", options={"target": 100},
                                                 seats=[SeatRequest(kind="human")] * 2))
        first, second = Client(send=None), Client(send=None)
        for client in (first, second):
            client.seats = {0, 1}
        for _ in range(60):
            version, seat = live.match.version, live.match.to_move
            outcomes = await asyncio.gather(
                hub.submit(live, seat, version, "roll", first),
                hub.submit(live, seat, version, "stop", second), return_exceptions=True)
            landed = [o for o in outcomes if o is None]
            refused = [o for o in outcomes if isinstance(o, Refusal)]
            assert len(landed) == 1 and len(refused) == 1, outcomes
            assert "stale action" in str(refused[0])
            assert live.match.version == version + 1
        stored = await store.load_match(live.id)
        assert stored is not None and len(stored.actions) == live.match.version == 60
        assert [a for _, a in stored.actions] == live.match.actions
        await hub.close()
        await store.close()

    asyncio.run(race())


def test_two_sockets_racing_for_one_version_exactly_one_lands(server):  # noqa: F811
    created = server.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}], target=100)
    players = [server.ws(created["match"]) for _ in range(2)]
    for player in players:
        player.hello(*created["tokens"].values())
    for _ in range(20):
        state = players[0].state
        gate = threading.Barrier(2)

        def send(index: int, action: str, state=state, gate=gate) -> None:
            player = players[index]
            player.frames.clear()
            gate.wait()
            player.conn.send(json.dumps({"type": "act", "seat": state["view"]["to_move"],
                                         "version": state["version"], "action": action}))
            player.conn.send(json.dumps({"type": "ping"}))
            # the winner gets its update, then the ping's; the loser the winner's update, its refusal, the ping's
            while sum(f["type"] == "update" for f in player.frames) < 2:
                player.receive()

        threads = [threading.Thread(target=send, args=(i, a)) for i, a in enumerate(("roll", "stop"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        refusals = [f for player in players for f in player.frames if f["type"] == "refused"]
        assert len(refusals) == 1 and "stale action" in refusals[0]["reason"], refusals
        assert players[0].state["version"] == players[1].state["version"] == state["version"] + 1
    fresh = server.ws(created["match"])
    assert fresh.state["version"] == 20
