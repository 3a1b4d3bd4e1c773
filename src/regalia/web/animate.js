// Pieces that move: an element slides from where it was to where it is now (Web Animations API), the way
// lichess's board does, asking nothing of the rules. Switched off with pacing (tests) and for people who
// ask for reduced motion.
import { isFast, paceOff } from "./pace.js";

/** The duration of a slide now, ms (0: no animation). */
export function slideTime() {
  if (paceOff() || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return 0;
  return isFast() ? 180 : 420;
}

/** Slide ``el`` from ``dx``, ``dy`` (its own user units for SVG, px for HTML) away back to its place. */
export function slideFrom(el, dx, dy, { duration = slideTime(), fade = false } = {}) {
  if (!duration || !el.animate || (!dx && !dy)) return null;
  const from = { transform: `translate(${dx}px, ${dy}px)` };
  if (fade) from.opacity = 0.3;
  return el.animate([from, { transform: "translate(0px, 0px)", opacity: 1 }],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)" });
}

/** Slide an HTML element from the screen box ``rect`` (a getBoundingClientRect taken before it moved). */
export function slideFromRect(el, rect) {
  const now = el.getBoundingClientRect();
  return slideFrom(el, rect.left - now.left, rect.top - now.top);
}

/** Fade ``el`` in (a card turned up, a piece appearing). */
export function appear(el) {
  const duration = slideTime();
  if (!duration || !el.animate) return null;
  return el.animate([{ opacity: 0 }, { opacity: 1 }], { duration });
}



/** The screen boxes of the elements under ``root`` matching ``selector``, by their ``key`` attribute (a list
 *  per key: two Soldiers in a hand). Taken before a redraw, to slide what moved from where it was. */
export function boxesOf(root, selector, key) {
  const boxes = new Map();
  for (const el of root.querySelectorAll(selector)) {
    const name = el.getAttribute(key);
    if (!boxes.has(name)) boxes.set(name, []);
    boxes.get(name).push(el.getBoundingClientRect());
  }
  return boxes;
}

/** Slide ``el`` from the screen box ``rect`` to where it is drawn now. For SVG, ``el`` must carry no transform
 *  attribute of its own (wrap the piece in a <g>): the slide is a CSS transform in its parent's units. */
export function slideFromBox(el, rect, options = {}) {
  if (!rect || !el.isConnected) return null;
  const now = el.getBoundingClientRect();
  const scale = el.getScreenCTM ? (el.getScreenCTM()?.a || 1) : 1;
  return slideFrom(el, (rect.left - now.left) / scale, (rect.top - now.top) / scale, options);
}
