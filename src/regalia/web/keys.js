// Moves by keyboard: the arrow keys move a focus ring through the table's lit choices (every element marked
// ``data-lit``: a card to pass, a lit square, a Keep button) and Enter plays the one in focus (a lit choice
// is a <button> or an SVG made one by dom.js's ``svgButton``: each plays itself on Enter).
//
//   ← ↑ previous choice · → ↓ next choice · Enter play it · Escape leave the ring

const LIT = "[data-lit]";

/** Wire the keys on ``root`` (the match's section); returns ``{refresh, stop}``. ``refresh()`` after each
 *  redraw keeps the ring on a choice when the person plays by keyboard. */
export function keyboardChoices(root) {
  let active = false;  // the person is playing by keys: the ring follows redraws
  let lastKey = null;
  const lit = () => [...root.querySelectorAll(LIT)].filter((el) => !el.disabled && !el.closest("[hidden], details:not([open])")
    && el.getClientRects().length);
  const focus = (el) => {
    if (!el) return;
    for (const other of root.querySelectorAll(".key-focus")) other.classList.remove("key-focus");
    el.classList.add("key-focus");
    el.focus({ preventScroll: false });
    lastKey = el.dataset.lit;
  };
  const onKey = (event) => {
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
  root.addEventListener("keydown", onKey);
  document.addEventListener("keydown", onPage);
  return {
    refresh() {
      if (!active) return;
      const choices = lit();
      if (!choices.length || choices.includes(document.activeElement)) return;
      focus(choices.find((el) => el.dataset.lit === lastKey) || choices[0]);
    },
    stop() { root.removeEventListener("keydown", onKey); document.removeEventListener("keydown", onPage); },
  };
}
