// Moves by keyboard: the arrow keys move a focus ring through the table's lit choices (every element marked
// ``data-lit``: a card to pass, a lit square, a Keep button) and Enter plays the one in focus (a lit choice
// is a <button> or an SVG made one by dom.js's ``svgButton``: each plays itself on Enter). A table that marks
// no lit choice on its board (King's Gold's) offers its board's own controls instead: every enabled button
// and SVG button on it (a die to hold, Roll, Stop, Fire!, a card to keep).
//
//   ← ↑ previous choice · → ↓ next choice · Enter play it · Escape leave the ring

const LIT = "[data-lit]";

/** What names a choice across redraws: its ``data-lit``, else its label or words. */
function keyOf(el) {
  return el.dataset?.lit || el.getAttribute("aria-label") || el.textContent;
}

/** Wire the keys on ``root`` (the match's section); returns ``{refresh, stop}``. ``refresh()`` after each
 *  redraw keeps the ring on a choice when the person plays by keyboard. */
export function keyboardChoices(root) {
  let active = false;  // the person is playing by keys: the ring follows redraws
  let lastKey = null;
  let lastAt = 0;
  const lit = () => {
    const board = root.querySelector("#board");
    const marked = board?.querySelector(LIT) || !board ? LIT : `${LIT}, #board button, #board [role='button']`;
    return [...root.querySelectorAll(marked)].filter((el) => !el.disabled && !el.closest("[hidden], details:not([open])")
      && el.getClientRects().length);
  };
  const focus = (el) => {
    if (!el) return;
    for (const other of root.querySelectorAll(".key-focus")) other.classList.remove("key-focus");
    el.classList.add("key-focus");
    el.focus({ preventScroll: false });
    lastKey = keyOf(el);
    lastAt = lit().indexOf(el);
  };
  const onKey = (event) => {
    if (event.key === "Tab") active = false;  // the person goes elsewhere on the page: let them
    if (event.target.closest?.("input, select, textarea")) return;
    const choices = lit();
    if (!choices.length) return;
    const at = choices.indexOf(document.activeElement);
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
      event.preventDefault();
      active = true;
      const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      focus(choices[at < 0 ? (step > 0 ? 0 : choices.length - 1) : (at + step + choices.length) % choices.length]);
    } else if (event.key === "Escape") {
      active = false;
      for (const other of root.querySelectorAll(".key-focus")) other.classList.remove("key-focus");
    }
  };
  // keys pressed with nothing in focus (the page itself) reach the table too
  const onPage = (event) => { if (!root.contains(event.target)) onKey(event); };
  const onPointer = () => { active = false; };  // the mouse or a finger took over: the ring stops following
  const refresh = () => {
    if (!active) return;
    const choices = lit();
    if (!choices.length || choices.includes(document.activeElement)) return;
    // the same choice, else the one at the same place (a die held changes its name, not its place)
    focus(choices.find((el) => keyOf(el) === lastKey) || choices[Math.min(Math.max(lastAt, 0), choices.length - 1)]);
  };
  // a table that redraws itself (a die held, a unit chosen) is followed as a redraw of the page is
  const redrawn = new MutationObserver(() => { if (active) queueMicrotask(refresh); });
  redrawn.observe(root, { childList: true, subtree: true });
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", onPointer);
  document.addEventListener("keydown", onPage);
  return {
    refresh,
    stop() {
      redrawn.disconnect();
      root.removeEventListener("keydown", onKey);
      root.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onPage);
    },
  };
}
