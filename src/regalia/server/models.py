"""The tables. A match is stored as what makes it: game, options, secret seed and seats, plus one row per
accepted action. Everything else (state, log, views, chance outcomes) is derived by replaying them.

    matches (id) 1 ── n seats   (match_id, seat)
                 1 ── n actions (match_id, version)   <- append-only; (match_id, version) is unique,
                                                         so two writers can never both add version n
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from regalia.records.tables import UtcDateTime


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(80))
    """Secret until the match is over; ``seed_commitment`` is published from the start."""
    seed_commitment: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime())
    version: Mapped[int] = mapped_column(Integer, default=0)
    """A cache of ``count(actions)`` for listings; the action rows are the truth."""
    is_over: Mapped[bool] = mapped_column(default=False, index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    leaver_grace: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The host's zombie mode: seconds a gone person is waited for (None: the server's default)."""
    leaver_level: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The computer level that then plays their seat (None: the server's default level)."""


class SeatRow(Base):
    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``human`` (claimed by a token) or ``computer`` (played on the server at ``level``)."""
    level: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 of the seat's token; None while a human seat is still open to join."""
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 of the invite key of a private match's open seat: only whoever holds the key may take it.
    None: the seat is open to anyone (listed in the lobby), or not a person's."""
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The match version this action was played at (0 for the first action)."""
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    stand_in: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Played by a computer for the seat's person while they were gone (``referee.py``'s zombie mode): a
    person whose seat it played last forfeits the match in the records (``Store.forfeits``)."""


class RematchRow(Base):
    """A finished match and the one rematch started from it: the key lets a second "play again" (from the
    other player, or from another server instance at the same moment) find that rematch, not start its own."""

    __tablename__ = "rematches"

    match_id: Mapped[str] = mapped_column(String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    rematch_id: Mapped[str] = mapped_column(String(32), ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    """Indexed: a private rematch's seat is claimed by the token that held it here (``Store.previous_seat_hash``)."""


class _SeatOnInstance:
    """A seat of a match as one server instance knows it, renewed by that instance's heartbeat: a row not
    renewed for a while is an instance that died (``presence.py``)."""

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    instance: Mapped[str] = mapped_column(String(32), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(UtcDateTime(), index=True)


class PresenceRow(_SeatOnInstance, Base):
    """A seat held by a connection on one server instance (several instances share a database): another
    instance must not hand that seat to a computer as if its person had gone."""

    __tablename__ = "presence"


class StandInRow(_SeatOnInstance, Base):
    """A gone person's seat that a computer on one server instance plays for them (the referee's zombie):
    every instance's tables show the seat away, not only that instance's."""

    __tablename__ = "stand_ins"


class PlayRow(Base):
    """How a match is played over time (``turn_based.py``) and whether its table talks (``chat.py``): the
    time per move of a turn-based match and its current deadline, kept with the match so a restarted server
    or another instance honours it. No row: a real-time match whose chat is on."""

    __tablename__ = "match_play"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    pace: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Seconds a person has for each turn (None: real-time play)."""
    chat: Mapped[bool] = mapped_column(Boolean, default=True)
    host_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat of whoever set the match up: they may turn the table talk on or off."""
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The host allowed hints at set-up (``reviews.py``): every person who takes a seat is told so first,
    and taking it is agreeing. Never in a rated match."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat whose turn the deadline is for."""
    turn_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The match version at which that seat's turn began (two instances agree on one deadline per turn)."""
    deadline: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True, index=True)
    lapses: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)
    """Seat (as text) -> turns in a row the computer played because that person's time ran out."""


class ChatRow(Base):
    """One line of a match's table talk (a person's, or the server's note that someone's time ran out)."""

    __tablename__ = "chat_lines"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that spoke (None: a note of the server's)."""
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``say`` (typed), ``phrase`` (a quick phrase) or ``note`` (the server's, e.g. a lapse)."""
    text: Mapped[str] = mapped_column(String(400))
    at: Mapped[datetime] = mapped_column(UtcDateTime())


class TutorialFinishedRow(Base):
    """A profile that finished a game's tutorial (``tutorials.py``): the lobby and the profile mark it."""

    __tablename__ = "tutorials_finished"

    profile_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    finished_at: Mapped[datetime] = mapped_column(UtcDateTime())


class MailAddressRow(Base):
    """A profile's e-mail for notices (``mail_notices.py``): the verified address, an address waiting for its
    mailed code, how often to write, and the random secret each mail's unsubscribe link is made from."""

    __tablename__ = "mail_addresses"

    profile_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    address: Mapped[str | None] = mapped_column(String(254), nullable=True)
    """The verified address (None until a code was typed back)."""
    pending: Mapped[str | None] = mapped_column(String(254), nullable=True)
    """An address given and mailed a code, not yet verified."""
    code_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    code_expires_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    code_tries: Mapped[int] = mapped_column(Integer, default=0)
    mode: Mapped[str] = mapped_column(String(8), default="off")
    """``turn`` (a mail when it becomes your turn), ``digest`` (one a day) or ``off``."""
    unsubscribe: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    """A link's token is the profile and an HMAC of the address under this secret (one link per address)."""
    site: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """The site's address as the person reached it when giving theirs: the mails' links start with it."""
    digest_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    """When the last daily digest went (or digest was chosen): the next is due a day later."""


class MailNoticeRow(Base):
    """A your-turn mail sent (or being sent) to a profile for one turn of a match: at most one per turn, on
    whichever instance saw the turn begin, and none again after a restart."""

    __tablename__ = "mail_notices"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    turn_version: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(UtcDateTime())


class ReviewRow(Base):
    """The computer's review of a finished match (``reviews.py``; ``regalia.ai.review``), kept with it."""

    __tablename__ = "match_reviews"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    made_at: Mapped[datetime] = mapped_column(UtcDateTime())


class PushKeyRow(Base):
    """The server's VAPID key pair (``push.py``): made once, kept, so every subscription a browser made with
    its public key stays valid across restarts and instances. One row (``id`` 1)."""

    __tablename__ = "push_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    private_key: Mapped[str] = mapped_column(String(64))
    """The P-256 private value, 32 bytes, base64url."""
    public_key: Mapped[str] = mapped_column(String(100))
    """The uncompressed public point, 65 bytes, base64url: what ``pushManager.subscribe`` is given."""
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())


class PushSubscriptionRow(Base):
    """One browser's push subscription for a profile (``push_api.py``): where to send, and its keys."""

    __tablename__ = "push_subscriptions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    """SHA-256 of the endpoint (an endpoint is too long to be a key everywhere)."""
    endpoint: Mapped[str] = mapped_column(String(2048))
    profile_id: Mapped[str] = mapped_column(String(24), index=True)
    p256dh: Mapped[str] = mapped_column(String(100))
    auth: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())


class PushTurnRow(Base):
    """The last turn of a match a your-turn push was sent for: at most one push per match per turn, whichever
    instance sees the turn begin, and none again after a restart."""

    __tablename__ = "push_turns"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    turn_version: Mapped[int] = mapped_column(Integer)
