// The router: #/ lobby, #/m/ID a match, #/m/ID/join/N[/KEY] join an open seat (a private match's with its
// invite key), #/m/ID/replay a replay,
// #/rules/GAME a game's rulebook, #/learn/GAME[/N] its tutorial (step N).
import * as api from "./api.js";
import { h, toast } from "./dom.js";
import { showLeaderboard } from "./leaderboard.js";
import { showLobby } from "./lobby.js";
import { attachSeats, showProfile, showSignInLink } from "./profile.js";
import { showReplay } from "./replay.js";
import { showRules } from "./rules.js";
import { startNotices } from "./notices.js";
import { bindMuteButton } from "./sound.js";
import { showMatch } from "./table.js";
import { showTutorial } from "./tutorial.js";

const root = document.getElementById("app");
let leave = null;

async function route() {
  if (leave) { leave(); leave = null; }
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  try {
    if (location.pathname === "/sign-in") { await showSignInLink(root); return; }
    if (parts[0] === "profile") { await showProfile(root); return; }
    if (parts[0] === "p" && parts[1]) { await showProfile(root, parts[1]); return; }
    if (parts[0] === "leaderboards") { await showLeaderboard(root, parts[1]); return; }
    if (parts[0] === "rules" && parts[1]) { await showRules(root, parts[1]); return; }
    if (parts[0] === "m" && parts[1] && parts[2] === "join") {
      if ((api.heldSeats()[parts[1]] || {})[parts[3]]) {  // our own seat already: just go to the table
        location.replace(`#/m/${parts[1]}`);
        return;
      }
      const proof = parts[4] ? { key: parts[4] } : {};
      const claimed = await api.claimSeat(parts[1], parseInt(parts[3], 10), proof).catch((error) => {
        // taken, or no such seat: the match may still be watched
        toast(error.message);
        root.replaceChildren(h("p", {}, error.message, ". ", h("a", { href: `#/m/${parts[1]}` }, "Watch the match"),
          " · ", h("a", { href: "#/" }, "Back to the lobby")));
        return null;
      });
      if (!claimed) return;
      api.rememberSeats(claimed.match, { [claimed.seat]: claimed.token });
      await attachSeats(claimed.match, { [claimed.seat]: claimed.token });
      // a guest is called at the table by the name they gave in this browser's lobby (a profile by its own)
      const guest = api.me() ? null : api.guestName();
      if (guest) await api.nameSeat(claimed.match, claimed.seat, claimed.token, guest).catch((e) => toast(e.message));
      location.replace(`#/m/${claimed.match}`);
      return;
    }
    if (parts[0] === "learn" && parts[1]) { leave = await showTutorial(root, parts[1], parseInt(parts[2] || "0", 10) || 0); return; }
    if (parts[0] === "m" && parts[1] && parts[2] === "replay") leave = await showReplay(root, parts[1]);
    else if (parts[0] === "m" && parts[1]) leave = await showMatch(root, parts[1]);
    else await showLobby(root);
  } catch (error) {
    toast(error.message);
    root.replaceChildren(h("p", {}, error.message, " ", h("a", { href: "#/" }, "Back to the lobby")));
  }
  root.focus({ preventScroll: true });
}

bindMuteButton(document.getElementById("mute"));
startNotices();  // the tab's count of matches waiting for you, your-turn notices, the offline copy
window.addEventListener("hashchange", route);
route();
