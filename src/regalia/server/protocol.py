"""The messages on the wire, validated by pydantic both ways.

Client -> server (one WebSocket per browser tab, ``/ws/matches/{id}``)::

    {"type": "hello", "tokens": ["..."]}                         claim seats (none: watch as a spectator)
    {"type": "act", "version": 7, "seat": 1, "action": "hold 2"}  play; ``version`` is the one the client saw
    {"type": "ping"}
    {"type": "level", "seat": 1, "level": "hard"}                  a computer seat's difficulty
    {"type": "leave", "seat": 1}                                   leave for good: the computer plays the seat

Server -> client::

    {"type": "update", "version": 8, "seat": 1, "view": {...}, "legal": [...], "log_start": 31, "log": [...]}
    {"type": "refused", "reason": "it is not Seat 2's turn: ...", "version": 8}
    {"type": "error", "reason": "no match 'xyz'"}                   then the socket closes

Every ``update`` is built from one seat's view (``Match.view(seat)``) or the spectator's (``view(None)``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

MAX_MESSAGE_BYTES = 4096
"""A client message longer than this is refused unread (actions are short strings)."""


class StrictBody(BaseModel):
    """Every message and HTTP body the server reads: a field it does not know is refused, never ignored."""

    model_config = ConfigDict(extra="forbid")


class _Message(StrictBody):
    pass


class Hello(_Message):
    type: Literal["hello"]
    tokens: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=8)


class Act(_Message):
    type: Literal["act"]
    version: int = Field(ge=0)
    seat: int = Field(ge=0, le=15)
    action: str = Field(min_length=1, max_length=200)


class Ping(_Message):
    type: Literal["ping"]


class SetLevel(_Message):
    """Change a computer seat's level (the Difficulty selector); only a player of the match may."""

    type: Literal["level"]
    seat: int = Field(ge=0, le=15)
    level: str = Field(min_length=1, max_length=40)


class Leave(_Message):
    """Leave the match for good: the computer plays the seat at once, at the match's leaver level (the
    person may come back with the seat's token; a browser that leaves forgets it)."""

    type: Literal["leave"]
    seat: int = Field(ge=0, le=15)


PHRASES = {"good_luck": "Good luck", "well_played": "Well played", "your_turn": "Your turn", "thanks": "Thanks"}
"""The table talk's quick phrases (one click each), by the key a client sends."""

CHAT_TEXT_LIMIT = 300
"""Characters in one line of table talk (a longer one is refused with this figure)."""


class Say(_Message):
    """A line of table talk from the seat the connection plays: typed ``text`` or a quick ``phrase``."""

    type: Literal["say"]
    text: str | None = Field(default=None, max_length=2000)
    """Checked against ``CHAT_TEXT_LIMIT`` by the server, which says how long it was (not a bare schema error)."""
    phrase: Literal["good_luck", "well_played", "your_turn", "thanks"] | None = None


class ChatSwitch(_Message):
    """The host turns the match's table talk on or off."""

    type: Literal["chat"]
    on: bool


ClientMessage = Annotated[Hello | Act | Ping | SetLevel | Leave | Say | ChatSwitch, Field(discriminator="type")]
client_message = TypeAdapter(ClientMessage)


class Update(BaseModel):
    type: Literal["update"] = "update"
    match: str
    version: int
    seat: int | None
    """Whose view this is (None: the spectator's)."""
    seats: list[int]
    """The seats this connection holds (several in hot-seat)."""
    view: dict[str, Any]
    legal: list[str]
    """The actions the connection may play now, exactly as the server will accept them."""
    log_start: int
    log: list[str]
    last: dict[str, Any] | None = None
    """The action that led here: ``{"seat": 0, "action": "roll"}``."""
    players: list[dict[str, Any]]
    seed_commitment: str
    seed: str | None = None
    """Revealed once the match is over (it must hash to ``seed_commitment``)."""


class Refused(BaseModel):
    type: Literal["refused"] = "refused"
    reason: str
    version: int | None = None


class ChatLine(BaseModel):
    n: int
    seat: int | None
    """Who spoke (None: a note of the server's, such as a lapse of time)."""
    name: str | None
    kind: Literal["say", "phrase", "note"]
    text: str
    """Plain text: a client shows it as text, never as HTML."""
    at: str


class Chat(BaseModel):
    """Table talk: on joining, the whole of it (``start`` 0); then each new line as it is said."""

    type: Literal["chat"] = "chat"
    match: str
    on: bool
    """Whether the players may talk (off in a match with strangers unless its host turns it on)."""
    may_write: bool
    """Whether this connection may write: it plays a seat and the talk is on."""
    host: bool = False
    """Whether this connection plays the host's seat (who may turn the talk on or off)."""
    lines: list[ChatLine]
    full: bool = True
    """True: ``lines`` is the whole talk so far; False: new lines to add."""


class Deadline(BaseModel):
    """A turn-based match's clock: ``seat`` must move by ``deadline`` (ISO time, the server's clock)."""

    type: Literal["deadline"] = "deadline"
    match: str
    pace: int
    seat: int | None
    deadline: str | None
    seconds_left: float | None


class Error(BaseModel):
    type: Literal["error"] = "error"
    reason: str


# ----- HTTP -----------------------------------------------------------------------------------------


class SeatRequest(_Message):
    kind: Literal["human", "open", "computer"] = "human"
    """``human``: played in this browser (hot-seat); ``open``: left for someone to join; ``computer``."""
    level: str | None = None
    name: str | None = Field(default=None, max_length=40)


class NewMatch(_Message):
    game: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] | None = None
    """One per seat; default: you in seat 0, the computer (``medium`` or the first level) elsewhere."""
    private: bool = False
    """Open seats are taken only with their invite links (``MatchCreated.invites``), and the match is not
    listed in the lobby. False: anyone may take an open seat, from the lobby's list or the table."""
    pace: Literal[3600, 43200, 86400, 259200] | None = None
    """Turn-based play: seconds each person has for a turn (1 hour, 12 hours, 1 day, 3 days); None: real-time."""
    chat: bool | None = None
    """Table talk on or off; None: on, except in a match with strangers (open seats listed in the lobby)."""
    hints: bool = False
    """Hints allowed (``reviews.py``): every player may ask the computer for a hint on their own move. Whoever
    takes a seat is told so first, and taking it is agreeing. Refused for a rated match (a signed-in host)."""


class ClaimRequest(_Message):
    key: str | None = Field(default=None, max_length=200)
    """A private match's seat: the invite key of its link."""
    previous_token: str | None = Field(default=None, max_length=200)
    """A private rematch's seat: the token that held the same seat in the match it is the rematch of."""


class InviteRequest(_Message):
    seat_token: str = Field(max_length=200)
    """A token of a seat of the match: only its players may make a new invite link."""


class Invite(BaseModel):
    match: str
    seat: int
    key: str
    """The seat's new invite key (the link ``#/m/{match}/join/{seat}/{key}``); the one before it is void."""


class RematchRequest(_Message):
    seat_tokens: list[str] = Field(min_length=1, max_length=8)
    """The tokens of the seats the asker held in the finished match (they are theirs again in the rematch)."""


class Rematch(BaseModel):
    match: str
    created: bool
    """False: the rematch had been started already (claim your seats in it: ``/seats/{n}/claim``)."""
    tokens: dict[int, str] = Field(default_factory=dict)
    """Seat -> token for the asker's seats, when this call created the rematch."""
    invites: dict[int, str] = Field(default_factory=dict)
    """Seat -> invite key of each open seat, when this call created the rematch of a private match."""


class SeatInfo(BaseModel):
    seat: int
    kind: str
    level: str | None = None
    name: str | None = None
    title: str | None = None
    """The game's own name for the seat ("Gold (South)", "Anne"): how a person who gave no name is called."""
    open: bool = False
    invite_only: bool = False
    """Open, but only to whoever holds its invite link (a private match)."""


class MatchCreated(BaseModel):
    match: str
    tokens: dict[int, str]
    """Seat -> token for every ``human`` seat: the only time the server shows them."""
    invites: dict[int, str] = Field(default_factory=dict)
    """Seat -> invite key of every open seat of a private match: the only time the server shows them
    (the link ``#/m/{match}/join/{seat}/{key}``)."""
    seed_commitment: str


class LeaverRule(BaseModel):
    grace: float
    """Seconds a gone person is waited for."""
    level: str
    """The computer level that then plays their seat until they come back."""


class MatchInfo(BaseModel):
    match: str
    game: str
    options: dict[str, Any]
    version: int
    is_over: bool
    seats: list[SeatInfo]
    updated_at: str
    leavers: LeaverRule | None = None
    """The rule for a person who leaves (the host's, or the server's default)."""
    to_move: int | None = None
    """The seat whose turn it is, where this instance has the match in play and one seat is to move."""
    winners: list[int] | None = None
    """A finished match's winning seats, as its result says (empty: nobody won)."""
    pace: int | None = None
    """Turn-based play: seconds per turn (None: real-time)."""
    deadline: str | None = None
    """Turn-based play: when the seat to move must have moved (ISO time), if a person is to move."""
    seconds_left: float | None = None
    hints: bool = False
    """Hints allowed at set-up: every player may ask for a hint on their own move (``reviews.py``)."""


class Claimed(BaseModel):
    match: str
    seat: int
    token: str


class OptionInfo(BaseModel):
    name: str
    default: Any
    doc: str
    kind: str
    choices: list[Any] | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False


class GameInfo(BaseModel):
    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    has_chance: bool
    hidden_information: bool
    options: list[OptionInfo]
    levels: list[str]
