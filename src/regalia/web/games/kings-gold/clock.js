// Blackbeard's Blitz on the table (KG-20): the Chronometer's face becomes a dial that drains as the turn's
// time runs out, its last three seconds marked on the face in red (a sector and three notches); in them the
// dial turns red and each second ticks aloud (sound.js: the mute switch silences it) on the person's own
// turn. The time is the server's: the page's countdown (countdown.js, fed by the server's "clock" frames)
// says how much is left; this only draws it.
import { clockNow } from "../../countdown.js";
import { s } from "../../dom.js";

export const LAST = 3;  // the seconds marked and heard
const R = 30;
let heard = null;  // "version:second" ticked last: a redraw of the table does not tick the same second again

function point(cx, cy, fraction, r) {
  const a = fraction * 2 * Math.PI;
  return [cx + r * Math.sin(a), cy - r * Math.cos(a)];
}

/** The part of the face from 12 o'clock clockwise over ``fraction`` (0..1) of the circle. */
function sector(cx, cy, fraction) {
  if (fraction <= 0) return "M0 0";
  if (fraction >= 0.9999) return `M${cx} ${cy - R}A${R} ${R} 0 1 1 ${cx - 0.01} ${cy - R}Z`;
  const [x, y] = point(cx, cy, fraction, R);
  return `M${cx} ${cy}L${cx} ${cy - R}A${R} ${R} 0 ${fraction > 0.5 ? 1 : 0} 1 ${x.toFixed(2)} ${y.toFixed(2)}Z`;
}

/** The rim from 12 o'clock clockwise over ``fraction`` (0..1) of the circle. */
function rim(cx, cy, fraction) {
  const f = Math.min(fraction, 0.9999);
  const [x, y] = point(cx, cy, f, R);
  return `M${cx} ${cy - R}A${R} ${R} 0 ${f > 0.5 ? 1 : 0} 1 ${x.toFixed(2)} ${y.toFixed(2)}`;
}

/** The dial at (cx, cy) for a turn of the view's ``clock.turn_seconds``; ``seats``: the person's own seats
 *  (their turn ticks); it follows the page's countdown while it is on the page. */
export function blitzDial(cx, cy, view, seats, sounds) {
  const total = view.clock?.turn_seconds || 1;
  const zone = Math.min(1, LAST / total);
  const fill = s("path", { class: "kg-clock-fill", fill: "#d4a017", d: sector(cx, cy, 1) });
  const notches = [...Array(LAST + 1).keys()].map((i) => {
    const [x1, y1] = point(cx, cy, i / total, R - 8);
    const [x2, y2] = point(cx, cy, i / total, R);
    return s("line", { x1, y1, x2, y2, stroke: "#b22222", "stroke-width": i ? 2 : 3 });
  });
  const seconds = s("text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 14, "font-weight": "bold",
    fill: "#2a1e10", class: "kg-clock-seconds" }, "");
  const dial = s("g", { class: "kg-clock", role: "timer", "data-total": total },
    s("circle", { cx, cy, r: R, fill: "#fbf6e9", stroke: "#d4a017", "stroke-width": 3, class: "kg-clock-face" }),
    s("path", { class: "kg-clock-last", d: sector(cx, cy, zone), fill: "#b2222240" }),
    fill,
    s("path", { d: sector(cx, cy, zone), fill: "none", stroke: "#b22222", "stroke-width": 1.5, "stroke-dasharray": "3 2" }),
    s("path", { class: "kg-clock-rim", fill: "none", stroke: "#b22222", "stroke-width": 5, "stroke-linecap": "butt",
      d: rim(cx, cy, zone) }),
    notches,
    s("circle", { cx, cy, r: 11, fill: "#fbf6e9", stroke: "#2a1e10", "stroke-width": 1, class: "kg-clock-hub" }),
    seconds);
  const draw = () => {
    const clock = clockNow();
    const left = clock ? clock.left : null;
    const fraction = left === null ? 1 : Math.max(0, Math.min(1, left / total));
    fill.setAttribute("d", sector(cx, cy, fraction));
    const urgent = left !== null && left <= LAST && left > 0;
    fill.setAttribute("fill", urgent ? "#b22222" : "#d4a017");
    dial.classList.toggle("urgent", urgent);
    dial.dataset.left = left === null ? "" : left.toFixed(1);
    seconds.textContent = left === null ? `${total}` : `${Math.ceil(left)}`;
    dial.setAttribute("aria-label", left === null ? `Turn clock: ${total} seconds a turn`
      : `Turn clock: ${Math.ceil(left)} of ${total} seconds left`);
    if (urgent && clock && seats.includes(clock.seat)) {
      const second = `${clock.version}:${Math.ceil(left)}`;
      if (second !== heard) { heard = second; sounds?.tick?.(); }
    }
    return left;
  };
  draw();
  const timer = setInterval(() => {  // the table is drawn at once: a dial off the page is one redrawn since
    if (!dial.isConnected) { clearInterval(timer); return; }
    draw();
  }, 100);
  return dial;
}
