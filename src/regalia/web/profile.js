// Your captain's profile: made from a display name alone (no password), kept by this browser as a secret
// token, and opened on another device with a short sign-in code or link. The token travels only in the
// Authorization header, never in a URL; the code arrives in the link's #fragment, which is never sent to
// any server, and is wiped from the address bar as soon as it is read.
import { call, games, me, PROFILE_KEY } from "./api.js";
import { h, toast } from "./dom.js";
import { skinPreview } from "./games/kings-gold/dice.js";
import { unsubscribePush } from "./push.js";
import { finishedLine } from "./tutorial.js";
import { inPlayPanel } from "./turns.js";
import { mailSettings } from "./mail-settings.js";

function remember(signed) {
  localStorage.setItem(PROFILE_KEY, JSON.stringify(signed));
}

/** Tell the server that the seats this browser just got are played by its profile (rated, recorded). */
export async function attachSeats(matchId, tokens) {
  if (!me()) return;
  for (const [seat, token] of Object.entries(tokens)) {
    await call("POST", `/api/matches/${encodeURIComponent(matchId)}/seats/${seat}/player`, { seat_token: token })
      .catch((error) => toast(error.message));
  }
}

/** The rating graph: the server's SVG (every label escaped there), parsed as SVG, never as HTML. */
function svgFrom(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  return doc.documentElement.nodeName === "svg" ? document.importNode(doc.documentElement, true) : null;
}

function welcome(root) {
  const name = h("input", { id: "profile-name", name: "name", required: true, maxlength: 20, autocomplete: "nickname" });
  const code = h("input", { id: "sign-in-code", name: "code", placeholder: "7KQ4-XMTA", autocomplete: "off" });
  root.replaceChildren(h("section", { class: "panel profile" },
    h("h1", {}, "Your captain"),
    h("form", { id: "create-profile", onsubmit: async (event) => {
      event.preventDefault();
      try {
        remember(await call("POST", "/api/profiles", { name: name.value }));
        await showProfile(root);
      } catch (error) { toast(error.message); }
    } }, h("label", { for: "profile-name" }, "Choose a display name "), name,
    h("button", { type: "submit", class: "primary" }, "Create my profile")),
    h("p", { class: "muted" }, "No password: this browser keeps your key. To open the same profile elsewhere, ",
      "ask it for a sign-in code there."),
    h("form", { id: "sign-in", onsubmit: (event) => { event.preventDefault(); signIn(root, code.value); } },
      h("label", { for: "sign-in-code" }, "Already a captain? Sign-in code "), code,
      h("button", { type: "submit" }, "Sign in"))));
}

export async function signIn(root, code) {
  try {
    remember(await call("POST", "/api/sign-in", { code }));
    toast("Signed in: your matches, badges and ratings are here.", "info");
    await showProfile(root);
  } catch (error) { toast(error.message); welcome(root); }
}

/** The page a sign-in link opens (/sign-in#code=...): read the code, wipe it from the address, sign in. */
export async function showSignInLink(root) {
  const code = new URLSearchParams(location.hash.slice(1)).get("code") || "";
  history.replaceState(null, "", "/#/profile");
  await signIn(root, code);
}

/** #/profile (yours, or the welcome form) and #/p/ID (anyone's). */
export async function showProfile(root, profileId = null) {
  const mine = me();
  if (!profileId && !mine) { welcome(root); return; }
  let page;
  try {
    page = profileId ? await call("GET", `/api/profiles/${encodeURIComponent(profileId)}`) : await call("GET", "/api/profiles/me");
  } catch (error) {
    if (!profileId) { localStorage.removeItem(PROFILE_KEY); welcome(root); return; }
    throw error;
  }
  const own = mine && page.profile.id === mine.profile;
  const titles = new Map((await games()).map((g) => [g.id, g.title]));
  const title = (gameId) => titles.get(gameId) || gameId;
  root.replaceChildren(h("section", { class: "panel profile", id: "profile" },
    h("h1", { id: "profile-title" }, page.profile.display_name),
    own ? ownTools(root, page) : null,
    h("h2", {}, "Ratings"),
    page.standings.length ? h("table", { class: "standings", id: "standings" },
      h("tr", {}, h("th", {}, "Game"), h("th", {}, "Rating"), h("th", {}, "Rank"), h("th", {}, "Games")),
      page.standings.map((s) => h("tr", { "data-game": s.game_id },
        h("td", {}, h("a", { href: `#/leaderboards/${s.game_id}` }, title(s.game_id))),
        h("td", { class: "rating" }, `${Math.round(s.rating.rating)} ± ${Math.round(s.rating.rd)}`,
          s.provisional ? h("abbr", { class: "provisional", title: "provisional: too few rated games to trust it yet" }, "?") : ""),
        h("td", {}, s.rank.rank ? `#${s.rank.rank}` : (s.rank.reason || "—")), h("td", {}, s.games))))
      : h("p", { class: "muted" }, "No rated match yet."),
    Object.entries(page.graphs || {}).map(([game, svg]) => h("figure", { class: "rating-graph", "data-game": game },
      svgFrom(svg))),
    h("h2", {}, "Badges"),
    page.badges.length ? h("ul", { id: "badges" }, page.badges.map((b) => h("li", {}, `${b.badge} × ${b.count}`)))
      : h("p", { class: "muted" }, "No badge yet: King's Gold awards the Bronze Anchor, Silver Cutlass and Gold Pirate King."),
    page.rubbers.length ? [h("h2", {}, "Crown the Queen rubbers"), h("ul", { id: "rubbers" }, page.rubbers.map((r) =>
      h("li", {}, rubberLine(r))))] : null,
    h("h2", {}, "Matches"),
    h("ol", { id: "history", class: "history" }, page.history.map((m) => h("li", {},
      h("a", { href: `#/m/${m.match_id}` }, title(m.game_id)), ` · ${when(m.finished_at)} · ${m.outcome}`,
      m.rating_after != null ? ` · ${Math.round(m.rating_before)} → ${Math.round(m.rating_after)}` : "",
      " · ", m.seats.map((s) => (s.score != null ? `${s.name} ${s.score}` : s.name)).join(" v "))))));
  finishedLine(page.profile.id, own).then((line) => root.querySelector("#profile h2")?.before(line))
    .catch((error) => console.error(error));  // the tutorials it finished (tutorial.js)
  if (own) {  // this browser's matches in play, your turn first, with the time left (turns.js)
    inPlayPanel().then((panel) => root.querySelector("#profile h2")?.before(panel)).catch((error) => console.error(error));
    mailSettings().then((box) => box && root.querySelector("#profile .own-tools")?.after(box))  // mail-settings.js
      .catch((error) => console.error(error));
  }
}

/** A Crown the Queen rubber on the profile: "30 + 0 + 100 = 130 · 1 Queen crowned". */
export function rubberLine(r) {
  return `${r.deals.join(" + ")} = ${r.total}` + (r.queens ? ` · ${r.queens} Queen${r.queens === 1 ? "" : "s"} crowned` : "");
}

/** When a match finished, in the reader's own calendar and clock ("1 Dec 2026, 22:01"). */
function when(iso) {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "unfinished";
}

function ownTools(root, page) {
  const codeBox = h("p", { id: "sign-in-code-shown", class: "muted" });
  const skins = page.dice_skins || ["classic"];
  let preview = skinPreview(page.dice_skin || "classic");
  return h("div", { class: "own-tools" },
    h("button", { type: "button", id: "open-elsewhere", onclick: async () => {
      try {
        const issued = await call("POST", "/api/profiles/me/sign-in-code");
        codeBox.replaceChildren("Type ", h("strong", { id: "code" }, issued.code), " on your other device within 10 minutes, or open ",
          h("input", { readonly: true, value: issued.link, size: 40, "aria-label": "Sign-in link" }));
      } catch (error) { toast(error.message); }
    } }, "Open on another device"), codeBox,
    h("label", { for: "dice-skin" }, "Dice skin (King's Gold) "),
    h("select", { id: "dice-skin", onchange: async (event) => {
      preview.replaceWith(preview = skinPreview(event.target.value));  // the dice as they will look
      try { await call("PUT", "/api/profiles/me/dice-skin", { skin: event.target.value }); toast("Dice skin saved", "info"); }
      catch (error) { toast(error.message); }
    } }, skins.map((skin) => h("option", { value: skin, selected: skin === page.dice_skin }, skin))),
    " ", preview, " ",
    h("button", { type: "button", id: "sign-out", onclick: async () => {
      await unsubscribePush();  // this device's push notices stop with its profile (push.js)
      await call("POST", "/api/profiles/me/sign-out").catch(() => null);
      localStorage.removeItem(PROFILE_KEY);
      welcome(root);
    } }, "Sign out on this device"));
}

/** The table's dice-skin setting (King's Gold): the skins your badges unlocked; the choice is saved on
 *  your profile, so it follows you to every device, and is purely cosmetic (the rules never see it). */
export async function diceSkinSetting() {
  if (!me()) return null;
  const page = await call("GET", "/api/profiles/me").catch(() => null);
  if (!page) return null;
  document.documentElement.dataset.diceSkin = page.dice_skin;
  let preview = skinPreview(page.dice_skin || "classic");
  return h("p", { class: "table-settings" }, h("label", { for: "table-dice-skin" }, "Dice skin "),
    h("select", { id: "table-dice-skin", onchange: async (event) => {
      try {
        const saved = await call("PUT", "/api/profiles/me/dice-skin", { skin: event.target.value });
        document.documentElement.dataset.diceSkin = saved.dice_skin;
        preview.replaceWith(preview = skinPreview(saved.dice_skin));
      } catch (error) { toast(error.message); }
    } }, (page.dice_skins || ["classic"]).map((skin) => h("option", { value: skin, selected: skin === page.dice_skin }, skin))), " ", preview);
}
