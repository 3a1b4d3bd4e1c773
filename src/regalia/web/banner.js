// Big moments on the table (a Queen crowned, a game of the rubber won, a commander captured): a banner over
// the board for a short while, with a sound (sound.js; the mute switch silences it). It never takes a click.
import { h } from "./dom.js";
import { isFast, paceOff } from "./pace.js";
import { sounds } from "./sound.js";

/** Show ``text`` over ``host`` (the board); ``sound``: a name in sound.js (default the fanfare), or null. */
export function banner(host, text, { sound = "fanfare", kind = "" } = {}) {
  host.querySelector(".table-banner")?.remove();
  const el = h("div", { class: `table-banner ${kind}`.trim(), role: "status", "aria-live": "polite" },
    h("span", {}, text));
  host.append(el);
  if (sound && sounds[sound]) sounds[sound]();
  const time = paceOff() ? 2500 : isFast() ? 1500 : 2600;
  setTimeout(() => el.classList.add("leaving"), time - 400);
  setTimeout(() => el.remove(), time);
  return el;
}
