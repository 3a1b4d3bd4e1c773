// The lobby: the games, a new match (options from each game's declared specs, a player or a computer
// level per seat), the matches open to join, and this browser's recent matches.
import * as api from "./api.js";
import { h, toast } from "./dom.js";
import { gamePicture } from "./pictures.js";
import { applyLeavers, leaverFieldset } from "./leavers.js";
import { attachSeats } from "./profile.js";

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
}

function players(game) {
  return game.min_players === game.max_players ? `${game.min_players} players`
    : `${game.min_players}–${game.max_players} players`;
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.kind === "bool") {
    input = h("input", { type: "checkbox", id, name: option.name, checked: option.default === true });
  } else if (option.choices) {
    input = h("select", { id, name: option.name }, option.choices.map((choice) =>
      h("option", { value: JSON.stringify(choice), selected: choice === option.default }, String(choice))));
  } else if (option.kind === "int" || option.kind === "float") {
    input = h("input", { type: "number", id, name: option.name, value: option.default ?? "",
      min: option.minimum ?? undefined, max: option.maximum ?? undefined, step: option.kind === "int" ? 1 : "any" });
  } else {
    input = h("input", { type: "text", id, name: option.name, value: option.default ?? "" });
  }
  return h("div", { class: "field" }, h("label", { for: id }, optionTitle(option.name), h("small", {}, ` ${option.doc}`)), input);
}

/** An option's name as a heading reads ("navy_rounds" → "Navy rounds"); the API keeps the name itself. */
function optionTitle(name) {
  const words = name.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
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
async function startMatch(body, leavers) {
  try {
    const created = await api.createMatch(body);
    api.rememberSeats(created.match, created.tokens);
    api.rememberInvites(created.match, created.invites);
    await attachSeats(created.match, created.tokens);
    await applyLeavers(created.match, created.tokens, leavers);
    location.hash = `#/m/${created.match}`;
  } catch (error) {
    toast(error.message);
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
  const preferred = game.levels.includes("medium") ? "medium" : game.levels[0];
  const select = h("select", { name: `seat-${index}`, id: `seat-${index}`, "aria-label": `Seat ${index + 1}` },
    h("option", { value: "human", selected: index === 0 }, "Me, here (hot-seat)"),
    h("option", { value: "open" }, "A friend (invite link)"),
    game.levels.map((level) => h("option", { value: `computer:${level}`, selected: index > 0 && level === preferred },
      `Computer: ${level}`)));
  return h("div", { class: "field seat-row" }, h("label", { for: `seat-${index}` }, `Seat ${index + 1}`), select);
}

function matchForm(box, game) {
  const seatsBox = h("div", { class: "seats" });
  const leavers = leaverFieldset(game);
  const optionFields = game.options.map((option) => ({ option, field: optionInput(option) }));
  const playersInput = () => optionFields.find((f) => f.option.name === "players")?.field.querySelector("input,select");
  const drawSeats = () => {
    // a new number of players keeps who was chosen for the seats that remain; the same number redraws nothing
    // (a change also fires when the players box loses focus, as the person reaches for a seat's menu)
    const count = parseInt(playersInput()?.value ?? game.default_players, 10) || game.default_players;
    const chosen = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    if (chosen.length === count) return;
    const rows = [];
    for (let i = 0; i < count; i++) {
      const row = seatRow(game, i);
      if (i < chosen.length) row.querySelector("select").value = chosen[i];
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
  const form = h("form", { class: "match-form", onsubmit: async (event) => {
    event.preventDefault();
    const options = {};
    for (const { option, field } of optionFields) {
      options[option.name] = readOption(option, field.querySelector("input,select"));
    }
    const seats = [...seatsBox.querySelectorAll("select")].map((select) => {
      const [kind, level] = select.value.split(":");
      return kind === "computer" ? { kind, level } : { kind };
    });
    const listed = form.querySelector("#listed");
    await startMatch({ game: game.id, options, seats, private: !listed.checked }, leavers);
  } },
  h("h2", {}, `${game.title}: a new match`),
  optionFields.map((f) => f.field),
  h("fieldset", { onchange: showListed }, h("legend", {}, "Who sits where"), seatsBox, listedField),
  leavers,
  h("button", { type: "submit", class: "primary", id: "start-match" }, "Start the match"));
  box.replaceChildren(form);
  playersInput()?.addEventListener("change", () => { drawSeats(); showListed(); });
  drawSeats();
  box.scrollIntoView({ behavior: "smooth" });
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
      links.map((link) => [" · ", link]));
  })) : h("p", { class: "muted" }, "No match is waiting for players."));
  const order = api.recentMatchIds();
  recent.sort((a, b) => order.indexOf(a.match) - order.indexOf(b.match));
  recentBox.replaceChildren(recent.length ? h("ul", {}, recent.map((m) => h("li", {},
    h("a", { href: `#/m/${m.match}` }, `${titles[m.game] || m.game}`),
    ` · ${m.is_over ? "finished" : `move ${m.version}`}`,
    m.is_over ? [" · ", h("a", { href: `#/m/${m.match}/replay` }, "replay")] : null)))
    : h("p", { class: "muted" }, "None yet."));
}
