"""The rules of Gold Crown, one concern per module.

``turn`` runs a turn (spin, effect, move points, end of turn) and is the only module the Game class calls;
``movement`` says which single steps are allowed, ``apparatus`` moves the drawbridge, gates and ram,
``attacks`` resolves the King's archers, the killings on wall and deck, scaling and the catapult,
``chambers`` the King's guards, chambers and the throne, ``treachery`` attacks between barons, and
``ending`` retreat, passing and the ways a siege ends.
"""
