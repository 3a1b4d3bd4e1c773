// #/leaderboards/GAME: the top captains of one game (Glicko-2 ratings, lichess's cuts) and your own rank.
import * as api from "./api.js";
import { h } from "./dom.js";

export async function showLeaderboard(root, gameId) {
  const games = await api.games();
  const game = games.find((g) => g.id === gameId) || games[0];
  const board = await api.call("GET", `/api/leaderboards/${encodeURIComponent(game.id)}`);
  const mine = board.mine;
  root.replaceChildren(h("section", { class: "panel leaderboard", id: "leaderboard" },
    h("h1", {}, `${game.title}: leaderboard`),
    h("nav", { class: "game-tabs" }, games.map((g) => [h("a", { href: `#/leaderboards/${g.id}`,
      "aria-current": g.id === game.id ? "page" : null }, g.title), " "])),
    mine ? h("p", { id: "my-rank" }, mine.rank ? `You are #${mine.rank} of ${mine.of}.` : `Not ranked yet: ${mine.reason}.`) : null,
    board.entries.length ? h("table", { id: "board" },
      h("tr", {}, h("th", {}, "#"), h("th", {}, "Captain"), h("th", {}, "Rating"), h("th", {}, "Games")),
      board.entries.map((e) => h("tr", { class: mine && e.player_id === mine.player_id ? "mine" : "" },
        h("td", {}, e.rank),
        h("td", {}, e.is_computer ? e.name : h("a", { href: `#/p/${e.player_id}` }, e.name)),
        h("td", {}, `${Math.round(e.rating.rating)} ± ${Math.round(e.rating.rd)}`), h("td", {}, e.games))))
      : h("p", { class: "muted" }, "Nobody is ranked yet: two rated matches and a settled rating put you here.")));
}
