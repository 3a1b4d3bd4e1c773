// Big moments on the table (a Queen crowned, a game of the rubber won, a commander captured): a banner over
// the board for a short while, with a sound (sound.js; the mute switch silences it). It never takes a click.
import { h, s } from "./dom.js";
import { isFast, paceOff } from "./pace.js";
import { sounds } from "./sound.js";

/** A crown drawn (an emoji would need a font the page does not ship). */
function crown() {
  return s("svg", { viewBox: "0 0 32 24", width: 36, height: 27, class: "banner-icon", "aria-hidden": "true" },
    s("path", { d: "M2 21 4 6l7 7 5-11 5 11 7-7 2 15z", fill: "#d4a017", stroke: "#7a5a00", "stroke-width": 1.5 }));
}

const ICONS = { crown };

/** Show ``text`` over ``host`` (the board); ``sound``: a name in sound.js (default the fanfare), or null;
 *  ``icon``: "crown" or none. */
export function banner(host, text, { sound = "fanfare", kind = "", icon = null } = {}) {
  host.querySelector(".table-banner")?.remove();
  const el = h("div", { class: `table-banner ${kind}`.trim(), role: "status", "aria-live": "polite" },
    ICONS[icon] ? ICONS[icon]() : null, h("span", {}, text));
  host.append(el);
  if (sound && sounds[sound]) sounds[sound]();
  const time = paceOff() ? 2500 : isFast() ? 1500 : 2600;
  setTimeout(() => el.classList.add("leaving"), time - 400);
  setTimeout(() => el.remove(), time);
  return el;
}
