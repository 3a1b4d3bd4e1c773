"""Players' profiles without passwords: tokens and sign-in codes, names, badges and skins, history, graphs.

Pure modules over plain data (no clock: callers pass ``now``; no storage: see ``regalia.records``).
"""

from .badges import Badge, DiceSkin, badges_from_result, choose_skin, highest, unlocked_skins
from .errors import InvalidName, NameTaken, ProfileError, SignInError, SkinLocked
from .graph import render_rating_graph
from .history import MatchEntry, RatingPoint, Record, Rubber, SeatLine, rubbers
from .names import name_key, validate_display_name
from .tokens import Secret, SignInCode, format_code, hash_token, issue_code, new_token, normalize_code

__all__ = [
    "Badge", "DiceSkin", "InvalidName", "MatchEntry", "NameTaken", "ProfileError", "RatingPoint", "Record",
    "Rubber", "SeatLine", "Secret", "SignInCode", "SignInError", "SkinLocked", "badges_from_result",
    "choose_skin", "format_code", "hash_token", "highest", "issue_code", "name_key", "new_token",
    "normalize_code", "render_rating_graph", "rubbers", "unlocked_skins", "validate_display_name",
]
