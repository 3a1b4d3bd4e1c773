"""The broker alone, and two hubs in one process sharing a SQLite file through a ``MemoryBroker``."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from regalia.server.app import create_app
from regalia.server.broker import MemoryBroker, RedisBroker, decode, encode, make_broker
from regalia.server.migrate import upgrade
from regalia.server.store import Store, StoredMatch, StoredSeat
from tests.server.conftest import LiveServer, serve
from tests.server.toys import toy_catalog


def test_memory_broker_tells_every_listener_of_every_broker_on_its_bus():
    bus: list[MemoryBroker] = []
    first, second = MemoryBroker(bus), MemoryBroker(bus)
    heard: list[tuple[str, str, int]] = []

    def listener(name: str):
        async def hear(match_id: str, version: int) -> None:
            heard.append((name, match_id, version))
        return hear

    first.subscribe(listener("first"))
    second.subscribe(listener("second-a"))
    second.subscribe(listener("second-b"))
    asyncio.run(first.publish("m1", 3))
    assert sorted(heard) == [("first", "m1", 3), ("second-a", "m1", 3), ("second-b", "m1", 3)]
    asyncio.run(second.close())
    asyncio.run(first.publish("m1", 4))
    assert heard[-1] == ("first", "m1", 4) and len(heard) == 4  # a closed broker hears nothing


def test_memory_broker_delivers_news_on_the_listening_hub_s_own_loop_in_order():
    """Hubs served from two threads have two loops; a hub's locks belong to its loop, so another
    instance's news must run there (once it ran on the publisher's loop, and a lock taken on both
    failed with "bound to a different event loop")."""
    bus: list[MemoryBroker] = []
    first, second = MemoryBroker(bus), MemoryBroker(bus)
    heard: list[tuple[str, int, bool]] = []
    all_heard = threading.Event()
    started = threading.Event()
    stop = threading.Event()
    second_loop: list[asyncio.AbstractEventLoop] = []

    async def hear(match_id: str, version: int) -> None:
        lock_on_this_loop = asyncio.get_running_loop() is second_loop[0]
        await asyncio.sleep(0.01 if version == 1 else 0)  # a slow first fan-out must not be overtaken
        heard.append((match_id, version, lock_on_this_loop))
        if len(heard) == 3:
            all_heard.set()

    second.subscribe(hear)

    async def second_instance() -> None:
        second_loop.append(asyncio.get_running_loop())
        await second.start()
        started.set()
        while not stop.is_set():
            await asyncio.sleep(0.01)
        await second.close()

    thread = threading.Thread(target=asyncio.run, args=(second_instance(),), daemon=True)
    thread.start()
    assert started.wait(5)

    async def first_instance() -> None:
        await first.start()
        for version in (1, 2, 3):
            await first.publish("m", version)
        await first.close()

    asyncio.run(first_instance())
    assert all_heard.wait(5)
    stop.set()
    thread.join(5)
    assert heard == [("m", 1, True), ("m", 2, True), ("m", 3, True)]


def test_a_failing_listener_does_not_starve_the_others():
    broker = MemoryBroker()
    heard: list[int] = []

    async def broken(_match_id: str, _version: int) -> None:
        raise RuntimeError("boom")

    async def fine(_match_id: str, version: int) -> None:
        heard.append(version)

    broker.subscribe(broken)
    broker.subscribe(fine)
    asyncio.run(broker.publish("m", 7))
    assert heard == [7]


def test_news_round_trips_and_malformed_news_is_ignored():
    assert decode(encode("abc_-9", 12)) == ("abc_-9", 12)
    assert decode(b"abc 5") == ("abc", 5)
    for garbage in ["", "abc", "abc -1", "abc x", " 5", b"\xff\xfe"]:
        assert decode(garbage) is None


def test_broker_urls():
    assert make_broker(None) is None and make_broker("") is None  # one process alone, as before
    assert isinstance(make_broker("redis://127.0.0.1:6379/0"), RedisBroker)
    with pytest.raises(ValueError, match="unsupported broker"):
        make_broker("amqp://somewhere")


def test_redis_broker_one_reader_fans_out_to_each_listener(redis_url):
    async def scenario() -> list[tuple[str, str, int]]:
        sender, receiver = RedisBroker(redis_url), RedisBroker(redis_url)
        heard: list[tuple[str, str, int]] = []
        done = asyncio.Event()

        def listener(name: str):
            async def hear(match_id: str, version: int) -> None:
                heard.append((name, match_id, version))
                if len(heard) == 2:
                    done.set()
            return hear

        receiver.subscribe(listener("a"))
        receiver.subscribe(listener("b"))
        await receiver.start()
        await sender.start()
        await sender.publish("m9", 2)
        await asyncio.wait_for(done.wait(), 5)
        await sender.close()
        await receiver.close()
        return heard

    assert sorted(asyncio.run(scenario())) == [("a", "m9", 2), ("b", "m9", 2)]


def test_a_duplicate_version_fails_alone_and_spares_its_batch(tmp_path):
    url = f"sqlite:///{tmp_path / 'batch.db'}"
    upgrade(url)

    async def scenario() -> list[object]:
        store = Store(url)
        await store.start()
        for match_id in ("x", "y"):
            await store.create_match(StoredMatch(match_id, "pig", {}, "seed", "c", [StoredSeat(0, "human")], []))
        await store.append("x", 0, 0, "roll")
        # one batch: a stale version 0 of x (already stored) and a fresh version 0 of y
        outcomes = await asyncio.gather(store.append("x", 0, 0, "stop"), store.append("y", 0, 0, "roll"),
                                        return_exceptions=True)
        assert await store.actions_since("x", 0) == [(0, "roll")]
        assert await store.actions_since("y", 0) == [(0, "roll")]
        await store.close()
        return outcomes

    stale, fresh = asyncio.run(scenario())
    assert isinstance(stale, IntegrityError) and fresh is None


@pytest.fixture()
def twin_servers(tmp_path: Path) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two apps on one SQLite file, joined by a memory bus (the Redis test's shape, in one process)."""
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    upgrade(url)
    bus: list[MemoryBroker] = []
    runs = [serve(create_app(url, catalog=toy_catalog(), bot_pause=0.0, broker=MemoryBroker(bus)))
            for _ in range(2)]
    servers = [next(run) for run in runs]
    yield servers[0], servers[1]
    for run in runs:
        next(run, None)


def test_a_move_on_one_instance_reaches_a_watcher_on_the_other(twin_servers):
    a, b = twin_servers
    created = a.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    player, watcher = a.ws(created["match"]), b.ws(created["match"])
    player.hello(*created["tokens"].values())
    assert player.act("roll")["version"] == 1
    assert watcher.wait_for(lambda state: state["version"] == 1)["last"] is not None


def test_an_instance_that_missed_the_news_is_refused_as_stale_by_the_version_key(twin_servers):
    a, b = twin_servers
    created = a.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    on_a, on_b = a.ws(created["match"]), b.ws(created["match"])
    on_a.hello(*created["tokens"].values())
    on_b.hello(*created["tokens"].values())
    hub_b = b.app.state.hub
    hub_b.broker.listeners.clear()  # B hears nothing, and (below) does not see A's action in the database
    real_since = hub_b.store.actions_since
    blind_reads = [True]  # B's check before its action misses A's row, as in a true race

    async def maybe_blind(match_id: str, version: int) -> list[tuple[int, str]]:
        return [] if blind_reads and blind_reads.pop() else await real_since(match_id, version)

    assert on_a.act("roll")["version"] == 1
    hub_b.store.actions_since = maybe_blind
    on_b.act("stop", version=0)  # B's insert of version 0 meets A's row: the race is lost at the database
    while not any(f["type"] == "refused" for f in on_b.frames):
        on_b.receive()
    refusal = next(f for f in on_b.frames if f["type"] == "refused")
    assert "stale action: another action landed first at version 0" in refusal["reason"]
    assert on_b.wait_for(lambda state: state["version"] == 1)["last"]["action"] == "roll"  # caught up
    assert b.http.get(f"/api/matches/{created['match']}").json()["version"] == 1


def test_a_computer_seat_moves_once_per_turn_though_two_instances_hold_the_match(twin_servers):
    a, b = twin_servers
    decided = []
    for server in (a, b):
        bots = server.app.state.hub.bots
        real_decide = bots.decide

        async def counting(*args, _real=real_decide, _name=server.url, **kwargs):
            decided.append(_name)
            return await _real(*args, **kwargs)

        bots.decide = counting
    created = a.new_match("pig", seats=[{"kind": "human"}, {"kind": "computer"}], target=30)
    watcher = a.ws(created["match"])  # instance A holds the match too, and hears every move
    player = b.ws(created["match"])
    player.hello(created["tokens"]["0"])
    for _ in range(12):
        state = player.wait_for(lambda s: s["view"]["is_over"] or s["legal"])
        if state["view"]["is_over"]:
            break
        player.act("stop" if state["view"]["turn"] else "roll", seat=0)
    final = player.wait_for(lambda s: s["view"]["is_over"] or s["legal"])
    stored = b.http.get(f"/api/matches/{created['match']}").json()["version"]
    assert watcher.wait_for(lambda s: s["version"] == final["version"])["version"] == stored
    computer_moves = sum(1 for f in player.frames if f["type"] == "update" and (f["last"] or {}).get("seat") == 1
                         and f["version"] > 0)
    assert computer_moves > 0
    assert len(decided) == computer_moves  # every computer move was decided once, on one instance


def test_a_seat_claimed_on_one_instance_is_honoured_on_the_other(twin_servers):
    a, b = twin_servers
    created = a.new_match("pig", seats=[{"kind": "human"}, {"kind": "open"}])
    watcher = b.ws(created["match"])  # B loads the match while seat 1 is still open
    b.app.state.hub.broker.listeners.clear()  # and B never hears the news: its hello reads the store
    claimed = a.http.post(f"/api/matches/{created['match']}/seats/1/claim").json()
    assert watcher.hello(claimed["token"])["seats"] == [1]


def host_on_a_friend_on_b(a: LiveServer, b: LiveServer) -> tuple[Any, str, dict[str, str], Any, Any]:
    """A two-person pig match: the host plays through A (whose referee runs on a hand-wound clock), the friend
    through B, and it is the friend's turn: (A's clock, match id, tokens, the host's socket, the friend's)."""
    from regalia.server.referee import HandClock

    clock = HandClock()
    a.app.state.referee.clock = clock
    created = a.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    match_id, tokens = created["match"], created["tokens"]
    host = a.ws(match_id)
    host.hello(tokens["0"])
    friend = b.ws(match_id)  # A has no connection holding seat 2
    friend.hello(tokens["1"])
    host.act("stop")
    friend.wait_for(lambda s: s["version"] == 1 and s["legal"])
    return clock, match_id, tokens, host, friend


def test_a_person_connected_to_one_instance_is_not_replaced_by_the_other_instance_s_computer(twin_servers):
    a, b = twin_servers
    clock, match_id, tokens, host, friend = host_on_a_friend_on_b(a, b)
    clock.advance(120)  # twice the default grace on A's clock
    time.sleep(1.0)  # ten of A's referee ticks
    assert a.http.get(f"/api/matches/{match_id}").json()["version"] == 1  # nobody played for the friend
    assert friend.act("roll")["last"] == {"seat": 1, "action": "roll"}  # the friend's own move
    if friend.state["view"]["seat_to_roll"] == 0:  # a 1 was rolled: the host hands the turn back
        host.wait_for(lambda s: s["legal"])
        host.act("stop")

    friend.close()  # now gone from every instance: A's computer may take the seat after the grace
    time.sleep(0.3)
    clock.advance(120)
    time.sleep(0.3)
    clock.advance(120)
    back = host.wait_for(lambda s: s["version"] > 2 and (s["last"] or {}).get("seat") == 1)
    assert back["last"]["seat"] == 1


def test_an_instance_s_presence_rows_go_with_its_connections_and_stale_rows_are_not_believed(twin_servers):
    from datetime import timedelta

    from sqlalchemy import update

    from regalia.server import presence as presence_module
    from regalia.server.models import PresenceRow
    from regalia.server.presence import Presence

    a, b = twin_servers
    created = a.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    match_id = created["match"]
    on_b = b.ws(match_id)
    on_b.hello(created["tokens"]["1"])
    assert b.app.state.hub.presence.held == {match_id: {1}}

    def as_instance(hub, work):
        """``work(presence)`` run here, on this test's own loop and connection, as ``hub``'s instance."""
        async def run():
            store = Store(b.app.state.store.url)
            try:
                return await work(Presence(store, instance=hub.presence.instance))
            finally:
                await store.close()
        return asyncio.run(run())

    def seen_by_a() -> bool:
        return as_instance(a.app.state.hub, lambda p: p.held_elsewhere(match_id, 1))

    async def age(presence: Presence) -> None:
        async with presence.store.writing() as session:
            await session.execute(update(PresenceRow).values(
                seen_at=presence_module._now() - timedelta(seconds=presence_module.STALE_SECONDS + 1)))

    async def beat_as_b(presence: Presence) -> None:
        presence.held = {match_id: {1}}
        await presence.beat()

    assert seen_by_a()
    as_instance(b.app.state.hub, age)
    assert not seen_by_a()  # an instance that missed its beats is believed dead
    as_instance(b.app.state.hub, beat_as_b)
    assert seen_by_a()  # a beat renews its rows
    on_b.close()
    deadline = time.monotonic() + 5
    while seen_by_a():
        assert time.monotonic() < deadline, "the closed connection's row stayed"
        time.sleep(0.05)
    assert b.app.state.hub.presence.held == {}


def test_seats_changed_on_one_instance_show_at_once_on_the_other_s_tables(twin_servers):
    a, b = twin_servers
    created = a.new_match("pig", seats=[{"kind": "human"}, {"kind": "open"}, {"kind": "computer", "level": "random"}],
                          players=3)
    watcher = a.ws(created["match"])  # a spectator on A: it never says hello again
    assert watcher.state["players"][1]["open"] is True
    b.http.post(f"/api/matches/{created['match']}/seats/1/claim")  # taken through B
    watcher.wait_for(lambda s: s["players"][1]["open"] is False)
    b.http.post(f"/api/matches/{created['match']}/leavers",  # the host's leaver rule, set through B
                json={"seat_token": created["tokens"]["0"], "grace": 7, "level": "random"})
    deadline = time.monotonic() + 5
    while a.app.state.hub.live[created["match"]].leavers != (7.0, "random"):  # A's referee honours it
        assert time.monotonic() < deadline, "A never heard of the leaver rule"
        time.sleep(0.02)


def test_news_of_changed_seats_round_trips_and_an_older_reader_ignores_it():
    from regalia.server.broker import SEATS

    assert encode("m1", SEATS) == "m1 seats" and decode("m1 seats") == ("m1", SEATS)
    assert decode(b"m1 seats") == ("m1", SEATS) and decode(" seats") is None


def test_a_computer_playing_a_gone_seat_stops_when_its_person_is_back_through_another_instance(twin_servers):
    a, b = twin_servers
    clock, match_id, tokens, host, friend = host_on_a_friend_on_b(a, b)
    friend.close()  # gone from every instance
    time.sleep(0.3)
    a.app.state.hub.bots.pause = 0.6  # A's computer takes its time over its first move for the friend
    clock.advance(120)
    host.wait_for(lambda s: s["players"][1]["away"])  # A's computer has taken the seat
    again = b.ws(match_id)
    again.hello(tokens["1"])  # the friend is back, through B, while A's computer thinks
    time.sleep(1.0)
    assert a.http.get(f"/api/matches/{match_id}").json()["version"] == 1  # A's computer did not play for them
    assert host.wait_for(lambda s: not s["players"][1]["away"])["version"] == 1
    again.act("roll")  # the friend's own move (the reply may follow a frame that shows the seats)
    assert again.wait_for(lambda s: s["version"] == 2)["last"] == {"seat": 1, "action": "roll"}


def test_a_seat_a_computer_plays_for_a_gone_person_shows_away_on_every_instance_s_tables(twin_servers):
    a, b = twin_servers
    clock, match_id, tokens, host, friend = host_on_a_friend_on_b(a, b)
    watcher = b.ws(match_id)  # a spectator on B, where no computer plays anybody's seat
    friend.close()  # gone from every instance
    time.sleep(0.3)
    a.app.state.hub.bots.pause = 0.6  # A's computer takes its time over its moves for the friend
    clock.advance(120)
    host.wait_for(lambda s: s["players"][1]["away"])  # A's computer has taken the seat
    assert watcher.wait_for(lambda s: s["players"][1]["away"])["players"][1]["away"] is True
    again = b.ws(match_id)
    again.hello(tokens["1"])  # the friend is back, through B
    watcher.wait_for(lambda s: not s["players"][1]["away"])
    host.wait_for(lambda s: not s["players"][1]["away"])
    deadline = time.monotonic() + 5
    while a.app.state.hub.presence.standing_in:  # A's stand-in row is gone with it
        assert time.monotonic() < deadline, "A still stands in for the friend"
        time.sleep(0.05)
    with contextlib.suppress(TimeoutError):
        while True:  # what B's watcher was sent until the news settles
            watcher.receive(timeout=0.5)
    updates = [f for f in watcher.frames if f.get("type") == "update"]
    back_at = next(i for i, f in enumerate(updates) if i and updates[i - 1]["players"][1]["away"]
                   and not f["players"][1]["away"])
    # B's own news of the return must not read A's stand-in row back before A drops it: no flicker
    assert not any(f["players"][1]["away"] for f in updates[back_at:])
    watcher.close()
    late = b.ws(match_id)  # a table opened afterwards reads no stand-in either
    assert late.state["players"][1]["away"] is False


def test_stand_ins_of_a_dead_instance_are_not_believed_and_a_match_let_go_drops_them(twin_servers):
    from datetime import timedelta

    from sqlalchemy import update

    from regalia.server import presence as presence_module
    from regalia.server.models import StandInRow
    from regalia.server.presence import Presence

    a, b = twin_servers
    match_id = a.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])["match"]

    async def scenario() -> tuple[set[int], set[int], set[int], dict]:
        store = Store(b.app.state.store.url)
        try:
            one, other = Presence(store, instance="one"), Presence(store, instance="other")
            await one.stand_in(match_id, 1, True)
            believed = await other.stood_in_elsewhere(match_id)
            own = await one.stood_in_elsewhere(match_id)  # an instance reads the others' stand-ins only
            async with store.writing() as session:
                await session.execute(update(StandInRow).values(
                    seen_at=presence_module._now() - timedelta(seconds=presence_module.STALE_SECONDS + 1)))
            stale = await other.stood_in_elsewhere(match_id)
            await one.beat({match_id})  # a beat renews it while the match is held
            renewed = await other.stood_in_elsewhere(match_id)
            await one.beat(set())  # let go (finished, nobody watching): its stand-ins go
            assert await other.stood_in_elsewhere(match_id) == set()
            return believed, own | stale, renewed, one.standing_in
        finally:
            await store.close()

    believed, unseen, renewed, left = asyncio.run(scenario())
    assert believed == {1} and unseen == set() and renewed == {1} and left == {}
