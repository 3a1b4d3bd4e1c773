"""Players' records in the database: profiles, tokens, sign-in codes, ratings, history, badges.

The server plugs these in with a few calls (docs/profiles.md): ``create_tables`` (or Alembic with
``RecordsBase.metadata``), ``create_profile`` / ``profile_for_token`` / ``issue_sign_in_code`` /
``redeem_sign_in_code`` for profiles, ``record_result`` when a match ends, and ``leaderboard_for`` /
``my_rank`` / ``profile_page`` for the pages. Every function takes the caller's ``AsyncSession``.
"""

from .accounts import (
    Profile,
    SignedIn,
    create_profile,
    get_profile,
    issue_sign_in_code,
    open_token,
    profile_badges,
    profile_for_token,
    purge_sign_in_codes,
    redeem_sign_in_code,
    rename_profile,
    set_dice_skin,
    sign_out,
    touch_token,
    utc_now,
)
from .queries import (
    GameStanding,
    ProfilePage,
    leaderboard_for,
    match_history,
    match_records,
    my_rank,
    profile_page,
    rating_points,
    standings,
    to_jsonable,
)
from .results import RatingChange, RecordedMatch, computer_name, record_result
from .tables import RecordsBase, create_tables

__all__ = [
    "GameStanding", "Profile", "ProfilePage", "RatingChange", "RecordedMatch", "RecordsBase", "SignedIn",
    "computer_name", "create_profile", "create_tables", "get_profile", "issue_sign_in_code",
    "leaderboard_for", "match_history", "match_records", "my_rank", "open_token", "profile_badges",
    "profile_for_token",
    "profile_page", "purge_sign_in_codes", "rating_points", "record_result", "redeem_sign_in_code",
    "rename_profile", "set_dice_skin", "sign_out", "standings", "to_jsonable", "touch_token", "utc_now",
]
