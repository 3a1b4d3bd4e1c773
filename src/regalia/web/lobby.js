// The lobby: the games, a new match (options from each game's declared specs, a player or a computer
// level per seat), the matches open to join, and this browser's recent matches.
import * as api from "./api.js";
import { h, toast } from "./dom.js";
import { gamePicture } from "./pictures.js";
import { applyLeavers, leaverFieldset, levelTitle, offeredLevels } from "./leavers.js";
import { attachSeats } from "./profile.js";
import { liveList, paceField, readPace, timeLeftNote, yourTurnFirst } from "./turns.js";
import { learnLinks } from "./tutorial.js";

export async function showLobby(root) {
  const games = await api.games();
  const newMatch = h("section", { id: "new-match", class: "panel", "aria-label": "New match" });
  root.replaceChildren(
    h("h1", {}, "Choose a game"),
    h("ul", { class: "game-list" }, games.map((game) => h("li", { class: "game-card" },
      gamePicture(game.id, game.title),
      h("h2", {}, game.title),
      h("p", {}, game.summary || ""),
      h("p", { class: "muted" }, players(game), " · ", h("a", { href: `#/rules/${game.id}`, "data-rules": game.id }, "the rules")),
      h("button", { type: "button", class: "primary", "data-game": game.id,
        onclick: () => matchForm(newMatch, game) }, `Play ${game.title}`)))),
    newMatch,
    h("section", { class: "panel" }, h("h2", {}, "Open to join"), h("div", { id: "open-matches" }, "…")),
    h("section", { class: "panel" }, h("h2", {}, "Your recent matches"), h("div", { id: "recent-matches" }, "…")),
  );
  fillLists(games).catch((error) => toast(error.message));
  liveList(root.querySelector("#recent-matches"), () => fillLists(games).catch((e) => console.error(e)));  // your turn, live
  learnLinks(root).catch((error) => console.error(error));  // "Learn to play" where a game has a tutorial
  const chosen = games.find((game) => game.id === sessionStorage.getItem("regalia.play"));  // "Play" on its rulebook
  sessionStorage.removeItem("regalia.play");
  if (chosen) matchForm(newMatch, chosen);
}

function players(game) {
  return game.min_players === game.max_players ? `${game.min_players} players`
    : `${game.min_players}–${game.max_players} players`;
}

/** What a person reads for each game's options: a label, a line of help, and names for the choices. The API
 *  keeps each option's name and its contributors' doc; options a person must decide (the number of players,
 *  the mode where a game has modes) sit on top, every other one folded under "House rules". */
const WORDS = {
  "gold-crown": {
    max_rounds: { label: "Round limit", help: "If no Baron has won after this many rounds, the siege is lifted and the King wins." },
    misses_lost: { label: "A boulder that misses is lost", help: "Otherwise it comes back to the catapult." },
  },
  "gold-battle": {
    position: { label: "Start from a position", help: "A position written in the table's notation; leave empty for the usual start." },
    capture: { label: "Who can be captured after a move", choices: {
      initiative: "Only the side that did not move", simultaneous: "Both sides, all at once" } },
    mine_contest: { label: "How a mine changes hands", choices: {
      pressure: "The mover presses it and the other side does not", score: "The stronger side (commander 2, soldier 1)" } },
    adjudicate: { label: "Decide a 300-move game", help: "By enemy mines held, then soldiers on the board, instead of a draw." },
  },
  "crown-the-queen": {
    rubber: { label: "Play a rubber of three games", help: "Otherwise a single game.", top: true },
  },
  "kings-gold": {
    mode: { label: "Mode", top: true, choices: {
      standard: "High Seas Campaign", blitz: "Blackbeard's Blitz (timed turns)", duel: "Captain's Duel (2 captains)" } },
    turn_seconds: { label: "Seconds per turn in Blackbeard's Blitz" },
    fast_roll: { label: "Fast roll", help: "The first roll and other moves with only one choice play themselves." },
    coin_value: { label: "Points per Gold Coin" },
    doubloon_value: { label: "Points per Royal Doubloon" },
    shield_value: { label: "Points per unused Shield" },
    master_bonus: { label: "Master Pirate bonus", help: "For the captain with the largest haul of the match." },
    navy_rounds: { label: "The King's navy arrives after", help: "rounds (leave empty: it never comes)." },
    total_mutiny: { label: "A Mutiny sinks the captain", help: "The last captain afloat wins." },
    end_on_coins: { label: "End with the 60th Gold Coin", help: "Instead of when the Treasury is empty." },
    ransom_coins_only: { label: "The King's Ransom takes Gold Coins only", help: "Not the Royal Doubloons." },
  },
};

/** The words of ``option`` in ``game``: the table above, else its name as a heading ("target" → "Target")
 *  and its doc with anything in brackets (a contributor's reference) left out. */
function words(game, option) {
  const known = (WORDS[game.id] || {})[option.name];
  if (option.name === "players") return { label: "Players", top: true };
  if (known) return known;
  const label = option.name.replaceAll("_", " ");
  return { label: label.charAt(0).toUpperCase() + label.slice(1), help: (option.doc || "").replace(/\s*\([^)]*\)/g, "") };
}

function optionInput(game, option) {
  const id = `opt-${option.name}`;
  const said = words(game, option);
  let input;
  if (option.kind === "bool") {
    input = h("input", { type: "checkbox", id, name: option.name, checked: option.default === true });
  } else if (option.choices) {
    input = h("select", { id, name: option.name }, option.choices.map((choice) =>
      h("option", { value: JSON.stringify(choice), selected: choice === option.default },
        (said.choices || {})[choice] ?? String(choice))));
  } else if (option.kind === "int" || option.kind === "float") {
    input = h("input", { type: "number", id, name: option.name, value: option.default ?? "",
      min: option.minimum ?? undefined, max: option.maximum ?? undefined, step: option.kind === "int" ? 1 : "any",
      inputmode: "numeric" });
  } else {
    input = h("input", { type: "text", id, name: option.name, value: option.default ?? "" });
  }
  const error = h("span", { class: "field-error", id: `${id}-error`, role: "alert", hidden: true });
  input.setAttribute("aria-describedby", `${id}-error`);
  input.addEventListener("input", () => showError(field, null));
  const label = option.kind === "bool"
    ? h("label", { for: id }, input, ` ${said.label}`, said.help ? h("small", {}, ` ${said.help}`) : null)
    : h("label", { for: id }, said.label, said.help ? h("small", {}, ` ${said.help}`) : null);
  const field = h("div", { class: `field${option.kind === "bool" ? " check" : ""}`, "data-option": option.name },
    label, option.kind === "bool" ? null : input, error);
  field.top = Boolean(said.top);
  field.said = said;
  return field;
}

/** Show ``message`` beside ``field`` (null: clear it). */
function showError(field, message) {
  const box = field.querySelector(".field-error");
  box.textContent = message || "";
  box.hidden = !message;
  field.classList.toggle("invalid", Boolean(message));
}

/** What is wrong with the value in ``field`` for ``option``, in words, or null (the server checks it again). */
function fieldProblem(option, field) {
  const input = field.querySelector("input,select");
  if (option.kind !== "int" && option.kind !== "float") return null;
  if (input.value === "") return option.nullable ? null : "Enter a number.";
  const value = Number(input.value);
  if (!Number.isFinite(value) || (option.kind === "int" && !Number.isInteger(value))) return "Enter a whole number.";
  const low = option.minimum, high = option.maximum;
  if ((low != null && value < low) || (high != null && value > high)) {
    return low != null && high != null ? `Choose from ${low} to ${high}.` : low != null ? `At least ${low}.` : `At most ${high}.`;
  }
  return null;
}

function readOption(option, input) {
  if (option.kind === "bool") return input.checked;
  if (option.nullable && input.value === "") return null;
  if (option.choices) return JSON.parse(input.value);
  if (option.kind === "int") return parseInt(input.value, 10);
  if (option.kind === "float") return parseFloat(input.value);
  return input.value;
}

/** Create a match, keep its seats' tokens (and a profile's claim on them), and go to its table. */
async function startMatch(body, leavers, placeError = () => false) {
  try {
    const created = await api.createMatch(body);
    api.rememberSeats(created.match, created.tokens);
    api.rememberInvites(created.match, created.invites);
    await attachSeats(created.match, created.tokens);
    await applyLeavers(created.match, created.tokens, leavers);
    location.hash = `#/m/${created.match}`;
  } catch (error) {
    if (!placeError(error.message)) toast(error.message);
  }
}

/** The same game again (the server's rematch: its options, the seats this browser held for this browser
 *  again, the computers at the levels they ended at, every other person's seat open), or, when another
 *  player started it already, this browser's old seats taken in it. */
export async function playAgain(matchId) {
  const held = api.heldSeats()[matchId] || {};
  try {
    const rematch = await api.rematch(matchId, Object.values(held));
    const mine = api.heldSeats()[rematch.match] || {};
    const seats = rematch.created ? rematch.tokens : {};
    api.rememberInvites(rematch.match, rematch.invites);
    for (const seat of rematch.created ? [] : Object.keys(held).filter((s) => !(s in mine))) {
      // the token that held the seat here is this browser's proof in a private match's rematch
      const claimed = await api.claimSeat(rematch.match, Number(seat), { previous_token: held[seat] })
        .catch((error) => { toast(error.message); return null; });
      if (claimed) seats[claimed.seat] = claimed.token;
    }
    api.rememberSeats(rematch.match, seats);
    await attachSeats(rematch.match, seats);
    location.hash = `#/m/${rematch.match}`;
  } catch (error) {
    toast(error.message);
  }
}

function seatRow(game, index) {
  const levels = offeredLevels(game);
  const preferred = levels.includes("medium") ? "medium" : levels[0];
  const select = h("select", { name: `seat-${index}`, id: `seat-${index}`, "aria-label": `Seat ${index + 1}` },
    h("option", { value: "human", selected: index === 0 }, "A person here (hot-seat)"),
    h("option", { value: "open" }, "A friend (invite link)"),
    levels.map((level) => h("option", { value: `computer:${level}`, selected: index > 0 && level === preferred },
      `Computer (${levelTitle(level)})`)));
  const mine = api.me();
  const name = h("input", { type: "text", id: `seat-name-${index}`, class: "seat-name", maxlength: 40,
    "aria-label": `Name of the player in seat ${index + 1}`, placeholder: "Name",
    value: index === 0 ? mine?.name || api.guestName() : "" });
  const showName = () => { name.hidden = select.value !== "human"; };
  select.addEventListener("change", showName);
  const row = h("div", { class: "field seat-row" }, h("label", { for: `seat-${index}` }, `Seat ${index + 1}`), select, name);
  row.showName = showName;
  showName();
  return row;
}

function matchForm(box, game) {
  const seatsBox = h("div", { class: "seats" });
  const leavers = leaverFieldset(game);
  // players fixed by the game (two, always) is nobody's decision: not asked
  const shown = game.options.filter((o) => !(o.name === "players" && o.minimum === o.maximum));
  const optionFields = shown.map((option) => ({ option, field: optionInput(game, option) }));
  const playersInput = () => optionFields.find((f) => f.option.name === "players")?.field.querySelector("input,select");
  const drawSeats = () => {
    // a new number of players keeps who was chosen for the seats that remain; the same number redraws nothing
    // (a change also fires when the players box loses focus, as the person reaches for a seat's menu)
    const count = parseInt(playersInput()?.value ?? game.default_players, 10) || game.default_players;
    if (count < game.min_players || count > game.max_players) return;
    const chosen = [...seatsBox.querySelectorAll(".seat-row")].map((row) =>
      [row.querySelector("select").value, row.querySelector(".seat-name").value]);
    if (chosen.length === count) return;
    const rows = [];
    for (let i = 0; i < count; i++) {
      const row = seatRow(game, i);
      if (i < chosen.length) {
        row.querySelector("select").value = chosen[i][0];
        row.querySelector(".seat-name").value = chosen[i][1];
        row.showName();
      }
      rows.push(row);
    }
    seatsBox.replaceChildren(...rows);
  };
  // A friend's seat is theirs alone (its invite link carries a key) unless the match is listed for anyone.
  const listedField = h("div", { class: "field listed", hidden: true },
    h("label", { for: "listed" }, h("input", { type: "checkbox", id: "listed", name: "listed" }),
      " Anyone may join: list the match under “Open to join”",
      h("small", {}, " Otherwise only whoever you send an invite link can take an open seat.")));
  const showListed = () => {
    listedField.hidden = ![...seatsBox.querySelectorAll("select")].some((select) => select.value === "open");
  };
  const top = optionFields.filter((f) => f.field.top);
  const folded = optionFields.filter((f) => !f.field.top);
  const houseRules = h("details", { class: "house-rules", id: "house-rules" },
    h("summary", {}, "House rules ", h("small", {}, "(the usual rules unless you change them)")),
    folded.map((f) => f.field), leavers);
  /** Show each wrong value beside its field (a folded one unfolds); true when every value is good. */
  const checkFields = () => {
    let first = null;
    for (const { option, field } of optionFields) {
      const problem = fieldProblem(option, field);
      showError(field, problem);
      if (problem && !first) first = field;
    }
    if (first) {
      if (houseRules.contains(first)) houseRules.open = true;
      first.querySelector("input,select").focus();
    }
    return !first;
  };
  /** The server's refusal beside the field it names ("option 'navy_rounds': ..."), in the field's words. */
  const placeError = (message) => {
    const named = /options? '(\w+)'/.exec(message);
    const found = named && optionFields.find((f) => f.option.name === named[1]);
    if (!found) return false;
    let text = message.replace(/^options? '\w+'( and '\w+')?:?\s*/, "");
    for (const f of optionFields) text = text.replaceAll(`'${f.option.name}'`, `“${f.field.said.label}”`);
    text = text.replace(/;\s*valid:.*$/, "").replace(/^(\S+) is (not valid|out of range)$/, "$1 is not allowed here");
    showError(found.field, text.charAt(0).toUpperCase() + text.slice(1));
    if (houseRules.contains(found.field)) houseRules.open = true;
    return true;
  };
  const form = h("form", { class: "match-form", novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    if (!checkFields()) return;
    const options = {};
    for (const { option, field } of optionFields) {
      options[option.name] = readOption(option, field.querySelector("input,select"));
    }
    const seats = [...seatsBox.querySelectorAll(".seat-row")].map((row) => {
      const [kind, level] = row.querySelector("select").value.split(":");
      const name = row.querySelector(".seat-name").value.trim();
      return kind === "computer" ? { kind, level } : kind === "human" && name ? { kind, name } : { kind };
    });
    const first = seatsBox.querySelector(".seat-row .seat-name");
    if (!api.me() && first && !first.hidden) api.rememberGuestName(first.value.trim());  // this browser's guest
    const listed = form.querySelector("#listed");
    const hints = form.querySelector("#hints").checked;
    await startMatch({ game: game.id, options, seats, private: !listed.checked, hints, ...readPace(form) }, leavers, placeError);
  } },
  h("h2", {}, `${game.title}: a new match`),
  top.map((f) => f.field),
  h("fieldset", { onchange: showListed }, h("legend", {}, "Who sits where"), seatsBox, listedField),
  hintsField(),
  paceField(),
  houseRules,
  h("button", { type: "submit", class: "primary", id: "start-match" }, "Start the match"));
  box.replaceChildren(form);
  for (const type of ["change", "input"]) playersInput()?.addEventListener(type, () => { drawSeats(); showListed(); });
  drawSeats();
  box.scrollIntoView({ behavior: "smooth" });
}

/** "Hints allowed": every player may ask the computer for a hint on their own move, where other people play
 *  (against the computer alone hints are always offered). Whoever takes a seat is told so first, and taking it
 *  is agreeing. A rated match never has hints: a signed-in host's match is rated, so the box is off for them. */
function hintsField() {
  const rated = Boolean(api.me());
  return h("div", { class: "field check", id: "hints-field" },
    h("label", { for: "hints" }, h("input", { type: "checkbox", id: "hints", name: "hints", disabled: rated }),
      " Hints allowed",
      h("small", {}, rated
        ? " Not in a rated match: you are signed in, so this match counts for your rating."
        : " Every player may ask the computer for a hint on their own move. Whoever takes a seat is told before "
          + "taking it, and taking it is agreeing. A match with hints is not rated.")));
}

async function fillLists(games) {
  const titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
  const [open, recent] = await Promise.all([api.openMatches(), api.matchesById(api.recentMatchIds())]);
  const openBox = document.getElementById("open-matches");
  const recentBox = document.getElementById("recent-matches");
  if (!openBox || !recentBox) return;
  const held = api.heldSeats();
  const joinable = open.filter((m) => titles[m.game]);
  openBox.replaceChildren(joinable.length ? h("ul", {}, joinable.map((m) => {
    const open = m.seats.filter((s) => s.open);
    const links = [...open.filter((s) => !(held[m.match] || {})[s.seat]).map((s) =>
      h("a", { href: `#/m/${m.match}/join/${s.seat}` }, `join seat ${s.seat + 1}`)),
    h("a", { href: `#/m/${m.match}` }, "watch")];
    return h("li", {}, `${titles[m.game]} · ${m.seats.length} seats, ${open.length} open`,
      m.hints ? h("span", { class: "hints-allowed" }, " · hints allowed") : null, links.map((link) => [" · ", link]));
  })) : h("p", { class: "muted" }, "No match is waiting for players."));
  const order = api.recentMatchIds();
  recent.sort((a, b) => order.indexOf(a.match) - order.indexOf(b.match));
  recentBox.replaceChildren(recent.length ? h("ul", { class: "recent-matches" }, yourTurnFirst(recent, held).map((m) => recentRow(m, titles, held)))
    : h("p", { class: "muted" }, "None yet."));
}

/** A seat of a listed match as the table names it: the player's name, "Computer (Easy)", "an open seat". */
function seatLabel(seat) {
  if (seat.name) return seat.name;
  if (seat.kind === "computer") return `Computer (${levelTitle(seat.level || "")})`;
  if (seat.open) return "an open seat";
  return `Seat ${seat.seat + 1}`;
}

/** When a match was last played, as a person says it: "Dec 5, 9:40 AM". */
function when(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/** One of "Your recent matches": the game, the opponents, the date, and the result, or "your turn" / "in
 *  play" with the match's link and a way to leave it to the computer. */
function recentRow(m, titles, held) {
  const mine = Object.keys(held[m.match] || {}).map(Number);
  const others = m.seats.filter((s) => !mine.includes(s.seat));
  const against = others.length ? `with ${others.map(seatLabel).join(", ")}` : "hot-seat";
  let state;
  if (m.is_over) {
    const winners = m.winners || [];
    const named = winners.map((w) => (mine.includes(w) ? "you" : seatLabel(m.seats[w] || { seat: w, kind: "human" })));
    state = !winners.length ? "nobody won" : mine.length && others.length && winners.some((w) => mine.includes(w))
      ? (winners.length > 1 ? "you shared the win" : "you won")
      : `${[...new Set(named)].join(" and ")} won`;
  } else if (!mine.length) {
    state = "in play (you left it to the computer)";
  } else {
    state = m.to_move != null && mine.includes(m.to_move) ? "your turn" : "in play";
  }
  const row = h("li", { "data-match": m.match },
    h("a", { href: `#/m/${m.match}` }, titles[m.game] || m.game), ` · ${against} · ${when(m.updated_at)} · `,
    h("span", { class: `state${state === "your turn" ? " your-turn" : ""}` }, state), timeLeftNote(m),
    m.is_over ? [" · ", h("a", { href: `#/m/${m.match}/replay` }, "replay")] : null);
  // a person may hand their seats to the computer from here (it counts as a forfeit in the records); a
  // hot-seat match with nobody else in it has nobody to forfeit to
  if (!m.is_over && mine.length && others.length) {
    row.append(" ", h("button", { type: "button", class: "leave-recent", "data-leave": m.match,
      title: "The computer plays your seat from now on; the match counts as a forfeit for you",
      onclick: async (event) => {
        const button = event.currentTarget;
        if (!confirm("Leave this match to the computer? It counts as a forfeit for you.")) return;
        button.disabled = true;
        try {
          await leaveToComputer(m.match, held[m.match]);
          api.forgetSeats(m.match, mine);
          toast("The computer plays your seat from now on.", "info");
          row.querySelector(".state").textContent = "in play (you left it to the computer)";
          button.remove();
        } catch (error) {
          button.disabled = false;
          toast(error.message);
        }
      } }, "Leave it to the computer"));
  }
  return row;
}

/** Leave ``seats`` ({seat: token}) of a match for good, as the table's Leave button does: over the match's
 *  socket, proven by the seats' tokens; the referee hands them to the computer at once. */
function leaveToComputer(matchId, seats) {
  return new Promise((resolve, reject) => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/matches/${encodeURIComponent(matchId)}`);
    const wanted = Object.keys(seats).map(Number);
    let sent = false;
    const done = (error) => { clearTimeout(timer); ws.close(); if (error) reject(error); else resolve(); };
    const timer = setTimeout(() => done(new Error("The match did not answer; try again from its table.")), 8000);
    ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello", tokens: Object.values(seats) })));
    ws.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "refused") { done(new Error(message.reason)); return; }
      if (message.type !== "update") return;
      const holding = message.seats || [];
      if (!sent && wanted.every((seat) => holding.includes(seat))) {
        sent = true;
        for (const seat of wanted) ws.send(JSON.stringify({ type: "leave", seat }));
      } else if (sent && !wanted.some((seat) => holding.includes(seat))) {
        done();
      }
    });
    ws.addEventListener("error", () => done(new Error("The match could not be reached.")));
  });
}
