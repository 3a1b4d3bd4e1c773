// The last move on the board: a game table marks the element a move came from and the one it went to
// (lichess's ``lastMove``); the colours are table.css's ``.last-from`` / ``.last-to``.

/** Mark ``from`` and ``to`` (elements, or null) as the last move's; returns the elements marked. */
export function markLastMove(from, to) {
  from?.classList.add("last-from");
  to?.classList.add("last-to");
  return [from, to].filter(Boolean);
}

/** Clear every last-move mark under ``root``. */
export function clearLastMove(root) {
  for (const el of root.querySelectorAll(".last-from, .last-to")) el.classList.remove("last-from", "last-to");
}
