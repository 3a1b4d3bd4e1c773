// A game's rulebook for players: its package's rulebook.md (the original rules in clear words, and how the
// table settles what they leave open), served as HTML by the server (raw HTML in it escaped there).
import * as api from "./api.js";
import { h } from "./dom.js";
import { gamePicture } from "./pictures.js";
import { learnLink } from "./tutorial.js";

/** The rulebook of ``gameId`` as an element, once fetched. */
export async function rulebookText(gameId) {
  const rules = await api.rules(gameId);
  const text = h("div", { class: "rules-text" });
  text.innerHTML = rules.html;  // the game package's own text, not a person's
  return text;
}

/** #/rules/GAME: a game's rulebook on its own page, to read before choosing what to play. */
export async function showRules(root, gameId) {
  const [games, text] = await Promise.all([api.games(), rulebookText(gameId)]);
  const game = games.find((g) => g.id === gameId);
  root.replaceChildren(h("section", { class: "panel how-to-play", id: "rules-page" },
    h("p", {}, h("a", { href: "#/" }, "← Back to the lobby")),
    game ? h("div", { class: "rules-picture" }, gamePicture(game.id, game.title)) : null, text,
    game ? h("p", { class: "rules-links" }, learnLink(game.id),
      h("a", { href: "#/", onclick: () => sessionStorage.setItem("regalia.play", game.id) },
        `Play ${game.title}`)) : null));
  document.title = `${game ? game.title : gameId}: the rules · Regalia`;
}

/** "How to play" at a table: a closed panel whose rulebook is fetched when first opened. */
export function howToPlay(box, game) {
  const waiting = h("div", { class: "rules-text" }, "Loading the rules…");
  box.replaceChildren(h("summary", {}, `How to play ${game.title}`),
    h("p", {}, learnLink(game.id, "Learn to play, step by step")), waiting);
  box.hidden = false;
  box.addEventListener("toggle", () => {
    if (!box.open || box.dataset.loaded) return;
    box.dataset.loaded = "1";
    rulebookText(game.id).then((text) => box.querySelector(".rules-text").replaceWith(text))
      .catch((error) => {
        box.querySelector(".rules-text").textContent = `The rules could not be loaded: ${error.message}`;
        delete box.dataset.loaded;
      });
  });
}
