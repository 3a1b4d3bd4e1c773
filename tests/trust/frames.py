"""What a seat may be sent, checked frame by frame: the oracle of the leak tests.

The oracle lives with ``regalia bench leaks`` (``regalia.bench.leaks``), which plays thousands of matches
through the web app with it; the tests use the very same checks. For a frame addressed to seat ``s`` (or
to a spectator, ``None``) three things must hold:

    1. it carries exactly ``Match.view(s)``, legal actions only when ``s`` is to move, and the seed
       only once the match is over (before that the seed would reveal every future die and card);
    2. it is the same when everything hidden from ``s`` is drawn anew (``Game.resample_hidden``): so no
       hidden card can be in it, however it is encoded;
    3. the action it names as ``last`` is one ``s`` could tell apart anyway: if another legal action
       would have left ``s`` the very same view and log lines, naming the action played leaks it.
"""

from __future__ import annotations

from regalia.bench.leaks import check_frame, check_frames, frame_for, live_match, play, secret_from

__all__ = ["check_frame", "check_frames", "frame_for", "live_match", "play", "secret_from"]
