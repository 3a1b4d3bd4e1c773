// The Captain's Duel's ability cards on the table (KG-22): the two dealt to you shown face up to choose from,
// your kept card in your quarters with its "Play", your rival's card as a back until it is played, and the
// reaction prompts (Smuggler, Iron Hull, or let the counter-cannon die decide). Every button plays an action
// the server listed in ``legal``: nothing here decides what may be played. The rival's hidden card never
// reaches this page (the view gives a seat its own ``hand`` only).
import { h, s, seatName } from "../../dom.js";

const INK = "#3b2408";

/** A small drawing per card (SVG), so a card reads at a glance. */
function emblem(name) {
  const icon = {
    Navigator: [s("circle", { cx: 20, cy: 20, r: 15, fill: "none", stroke: INK, "stroke-width": 2 }),
      s("path", { d: "M20 6 24 20 20 34 16 20z", fill: "#b22222" }), s("circle", { cx: 20, cy: 20, r: 2.5, fill: INK })],
    Quartermaster: [s("circle", { cx: 14, cy: 22, r: 9, fill: "#f2c230", stroke: "#8a6400", "stroke-width": 2 }),
      s("circle", { cx: 26, cy: 18, r: 9, fill: "#f2c230", stroke: "#8a6400", "stroke-width": 2 }),
      s("text", { x: 26, y: 22, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", fill: "#8a6400" }, "×2")],
    "Letter of Marque": [s("rect", { x: 8, y: 6, width: 24, height: 28, rx: 2, fill: "#fbf3dc", stroke: INK, "stroke-width": 1.5 }),
      s("path", { d: "M12 13h16M12 18h16M12 23h10", stroke: INK, "stroke-width": 1.5 }),
      s("circle", { cx: 27, cy: 29, r: 5, fill: "#b22222" })],
    "Powder Monkey": [s("circle", { cx: 18, cy: 24, r: 10, fill: "#222" }),
      s("path", { d: "M24 16q6-8 10-6", stroke: INK, "stroke-width": 2, fill: "none" }),
      s("path", { d: "M33 7l2 3 3-1-2 3 2 3-3-1-2 3 0-4z", fill: "#f28c28" })],
    Smuggler: [s("path", { d: "M6 26h28l-4 8H10z", fill: "#6b3e1d" }), s("rect", { x: 12, y: 12, width: 16, height: 14, rx: 2, fill: "#8a5a2b", stroke: INK }),
      s("path", { d: "M6 10q14 8 28 0", stroke: "#555", "stroke-width": 2, fill: "none", "stroke-dasharray": "3 2" })],
    "Iron Hull": [s("path", { d: "M20 5 33 11v10c0 8-6 13-13 15C13 34 7 29 7 21V11z", fill: "#8a99a6", stroke: "#2f3b45", "stroke-width": 2 }),
      s("path", { d: "M13 15h14M13 21h14M13 27h14", stroke: "#2f3b45", "stroke-width": 1.5 })],
  }[name] || [];
  return s("svg", { viewBox: "0 0 40 40", width: 40, height: 40, class: "kg-card-emblem", "aria-hidden": "true" }, icon);
}

function effectOf(duel, name) {
  return duel.cards.find((c) => c.name === name)?.effect || "";
}

/** A card face: its drawing, its name and what it does. */
export function cardFace(duel, name, attrs = {}, ...extra) {
  const tag = attrs.onclick ? "button" : "div";
  return h(tag, { ...attrs, class: `kg-card face ${attrs.class || ""}`.trim(), "data-card": name, ...(tag === "button" ? { type: "button" } : {}) },
    emblem(name), h("strong", { class: "kg-card-name" }, name), h("span", { class: "kg-card-text" }, effectOf(duel, name)), ...extra);
}

/** A card's back: a kept card nobody but its owner knows. */
export function cardBack(label) {
  return h("div", { class: "kg-card back", role: "img", "aria-label": label },
    s("svg", { viewBox: "0 0 40 40", width: 40, height: 40, "aria-hidden": "true" },
      s("circle", { cx: 20, cy: 16, r: 9, fill: "#fffbe8" }), s("rect", { x: 15, y: 22, width: 10, height: 6, rx: 1, fill: "#fffbe8" }),
      s("path", { d: "M6 32 34 38M34 32 6 38", stroke: "#fffbe8", "stroke-width": 3 })),
    h("span", { class: "kg-card-name" }, "Ability card"), h("span", { class: "kg-card-text" }, "kept face down"));
}

/** The Duel's row under the dice: your quarters (choice, kept card, prompts) and each rival's card. */
export function duelPanel(update, ctx) {
  const v = update.view;
  const duel = v.duel;
  if (!duel) return null;
  const legal = ctx.legal;
  const hand = duel.hand;
  const mine = hand ? hand.seat : null;
  const parts = [];

  // your quarters
  if (hand) {
    const quarters = [h("h3", {}, "Your quarters")];
    if (!hand.kept && hand.dealt.length) {
      const choosing = legal.includes("keep 1");
      quarters.push(h("p", { class: "kg-duel-help" }, choosing
        ? "Choose the ability card to keep: click it. The other is discarded face down; your rival never learns which you kept."
        : "Your two ability cards (you choose when your turn to keep comes)."));
      quarters.push(h("div", { class: "kg-cards" }, hand.dealt.map((name, i) => cardFace(duel, name, {
        class: choosing ? "choice" : "", "data-kg": choosing ? `keep ${i + 1}` : null,
        "aria-label": `Keep ${name}: ${effectOf(duel, name)}`,
        onclick: choosing ? () => ctx.play(`keep ${i + 1}`) : null,
      }))));
    } else if (hand.kept) {
      const plays = legal.filter((a) => a === `play ${hand.kept}` || a.startsWith(`play ${hand.kept} `));
      const reacting = v.pending?.decision === "answer";
      const buttons = hand.used ? [h("span", { class: "kg-card-used" }, "played")]
        : reacting ? []
          : plays.length > 1  // the Powder Monkey: one play per locked Skull
            ? plays.map((a) => h("button", { type: "button", class: "primary", "data-kg": a, onclick: () => ctx.play(a) },
              `Play on die ${a.split(" ").pop()}`))
            : [h("button", { type: "button", class: "primary", "data-kg": plays[0] || "play", disabled: !plays.length,
              title: plays.length ? "" : "Not playable now", onclick: () => plays[0] && ctx.play(plays[0]) }, "Play")];
      quarters.push(h("div", { class: "kg-cards" }, cardFace(duel, hand.kept, { class: hand.used ? "used" : "kept" },
        h("span", { class: "kg-card-play" }, buttons)),
      hand.dealt.length > 1 ? h("div", { class: "kg-card discarded", role: "img", "aria-label": "Your other card, discarded face down" },
        h("span", { class: "kg-card-text" }, "discarded")) : null));
    }
    parts.push(h("section", { class: "kg-quarters", "aria-label": "Your quarters" }, quarters));
  }

  // each rival's card: a back until it is played
  for (const c of duel.captains) {
    if (c.seat === mine) continue;
    const who = seatName(update.players, c.seat);
    const card = c.played ? cardFace(duel, c.played, { class: "revealed", "aria-label": `${who} played ${c.played}: ${effectOf(duel, c.played)}` })
      : c.kept ? cardBack(`${who}'s ability card, face down`)
        : c.dealt ? h("div", { class: "kg-card pending" }, h("span", { class: "kg-card-text" }, "choosing a card…"))
          : h("div", { class: "kg-card pending" }, h("span", { class: "kg-card-text" }, "not dealt yet"));
    parts.push(h("section", { class: "kg-rival-card", "data-seat": c.seat, "aria-label": `${who}'s card` }, h("h3", {}, who), card));
  }

  const prompt = reactionPrompt(update, ctx);
  return h("div", { class: "kg-duel" }, prompt, h("div", { class: "kg-duel-row" }, parts));
}

/** A Curse or a theft on you while you hold a card: play the card that answers it, or let it be (a theft
 *  then goes to the counter-cannon die). Offered exactly when ``legal`` holds "pass". */
function reactionPrompt(update, ctx) {
  const v = update.view;
  if (v.pending?.decision !== "answer" || !ctx.legal.includes("pass")) return null;
  const theft = v.pending.against === "theft";
  const card = theft ? "Iron Hull" : "Smuggler";
  const attacker = seatName(update.players, v.captain);
  const what = theft ? `${attacker} fires at you: ${v.pending.coins} coin${v.pending.coins === 1 ? "" : "s"} at stake.`
    : "The Royal Curse: your coins are forfeit to Skull Island.";
  const canPlay = ctx.legal.includes(`play ${card}`);
  const clock = v.clock ? h("span", { class: "kg-prompt-clock", "data-clock": "1" }, clockText()) : null;
  if (clock) {
    const timer = setInterval(() => {
      if (!clock.isConnected) clearInterval(timer);
      else clock.textContent = clockText();
    }, 200);
  }
  return h("div", { class: "kg-prompt", role: "alertdialog", "aria-label": "Answer" },
    h("p", {}, h("strong", {}, what), " ", theft
      ? (canPlay ? "Play Iron Hull to cancel the theft, or let the counter-cannon die decide (Cannon: you fire back; Crest: you evade)."
        : "Let the counter-cannon die decide (Cannon: you fire back; Crest: you evade).")
      : (canPlay ? "Play Smuggler to keep your coins, or let the Curse take them." : "Let the Curse take them.")),
    clock,
    h("div", { class: "kg-prompt-buttons" },
      canPlay ? h("button", { type: "button", class: "primary", "data-kg": `play ${card}`, onclick: () => ctx.play(`play ${card}`) }, `Play ${card}`) : null,
      h("button", { type: "button", "data-kg": "pass", onclick: () => ctx.play("pass") },
        theft ? "Throw the counter-cannon die" : "Let it be")));
}

/** The table's turn clock, as the page's countdown shows it (Blitz), for a prompt's own countdown. */
function clockText() {
  const el = document.getElementById("countdown");
  return el && !el.hidden ? `⏳ ${el.textContent.split(": ").pop()}` : "";
}

/** A card newly played (by anyone), for the table's banner: "Ben reveals Letter of Marque: ...". */
export function revealed(before, update) {
  const was = before?.view?.duel;
  const now = update.view.duel;
  if (!was || !now) return null;
  for (const c of now.captains) {
    const old = was.captains.find((o) => o.seat === c.seat);
    if (c.played && !old?.played) return `${seatName(update.players, c.seat)} reveals ${c.played}: ${effectOf(now, c.played)}`;
  }
  return null;
}
