// Learn to play (#/learn/GAME[/N]): a game's tutorial, step by step, on the game's own table.
// Each step is a match the server starts in the step's position (server/tutorials.py); this page shows the
// step's words beside the table, lights on the board only the moves the server says the step teaches, and
// sends each move the person makes to the server, which plays it (a taught move), answers "not quite" with the
// step's hint (another legal move, not played), or refuses it with its rule in words. It decides nothing.
import * as api from "./api.js";
import { h, toast } from "./dom.js";
import { sounds } from "./sound.js";

const FINISHED_KEY = "regalia.tutorials-finished";

const tutorialOf = (gameId) => api.call("GET", `/api/tutorials/${encodeURIComponent(gameId)}`);
const startStep = (gameId, n) => api.call("POST", `/api/tutorials/${encodeURIComponent(gameId)}/steps/${n}`);
const tryMove = (gameId, n, body) =>
  api.call("POST", `/api/tutorials/${encodeURIComponent(gameId)}/steps/${n}/move`, body);

/** The games whose tutorial this browser finished (a guest's record; a profile's is on the server too). */
export function finishedHere() {
  try { return JSON.parse(localStorage.getItem(FINISHED_KEY)) || []; } catch { return []; }
}

function markFinished(gameId) {
  const all = new Set(finishedHere());
  all.add(gameId);
  localStorage.setItem(FINISHED_KEY, JSON.stringify([...all]));
}

/** The tutorials offered, and the games finished by this browser or its profile (the server's word first). */
export async function tutorials() {
  const listed = await api.call("GET", "/api/tutorials");
  return { offered: listed.tutorials, finished: new Set([...(listed.finished || []), ...finishedHere()]) };
}

let offeredOnce = null;

/** A "Learn to play" link for ``gameId``, shown once the server says the game has a tutorial (the rules page,
 *  the table's "How to play"). */
export function learnLink(gameId, words = "Learn to play") {
  const link = h("a", { href: `#/learn/${gameId}`, "data-learn": gameId, hidden: true }, words);
  offeredOnce = offeredOnce || api.call("GET", "/api/tutorials").then((listed) => listed.tutorials.map((t) => t.game));
  offeredOnce.then((games) => { link.hidden = !games.includes(gameId); }).catch(() => { offeredOnce = null; });
  return link;
}

/** The lobby's hook: "Learn to play" on each game card whose game has a tutorial, marked once finished. */
export async function learnLinks(root) {
  const { offered, finished } = await tutorials();
  for (const t of offered) {
    const card = root.querySelector(`[data-game="${t.game}"]`)?.closest(".game-card");
    if (!card || card.querySelector(".learn")) continue;
    card.querySelector("button[data-game]").before(h("p", { class: "learn" },
      h("a", { href: `#/learn/${t.game}`, "data-learn": t.game }, "Learn to play"),
      finished.has(t.game) ? h("span", { class: "learned", title: "You finished this tutorial" }, " ✓ Learned") : ` · ${t.steps} short steps`));
  }
}

/** The profile page's hook: the tutorials a profile finished, as a line (null when none). */
export async function finishedLine(profileId, mine = false) {
  const [{ offered }, theirs] = await Promise.all([tutorials(),
    api.call("GET", `/api/tutorials/finished/${encodeURIComponent(profileId)}`)]);
  const done = new Set([...theirs.finished, ...(mine ? finishedHere() : [])]);
  const titles = offered.filter((t) => done.has(t.game)).map((t) => t.title);
  return h("p", { class: "tutorials-finished", id: "tutorials-finished" }, "Tutorials finished: ",
    titles.length ? titles.map((title) => h("span", { class: "learned" }, `✓ ${title}`)).reduce((all, el) => [...all, " ", el], [])
      : h("span", { class: "muted" }, "none yet"));
}

/** #/learn/GAME/N: step N (from 0) of a game's tutorial, played on its table. */
export async function showTutorial(root, gameId, n = 0) {
  const tutorial = await tutorialOf(gameId);
  const index = Math.max(0, Math.min(n, tutorial.steps.length - 1));
  const started = await startStep(gameId, index);
  api.rememberSeats(started.match, { [started.seat]: started.token });
  const lesson = new Lesson(tutorial, index, started);
  const { showMatch } = await import("./table.js");  // (imported here: the table imports the lobby, which imports this)
  const leave = await showMatch(root, started.match, lesson);
  document.title = `Learn ${tutorial.title} · Regalia`;
  return () => {
    leave();
    if (!lesson.step.free) api.forgetSeats(started.match, [started.seat]);  // a lesson is not a recent match
  };
}

/** One step at the table: the panel beside it, the moves lit, and the person's moves judged by the server. */
class Lesson {
  constructor(tutorial, n, started) {
    this.tutorial = tutorial;
    this.n = n;
    this.step = tutorial.steps[n];
    this.started = started;
    this.done = false;
    this.said = h("p", { class: "tutorial-say", id: "tutorial-say", role: "status", "aria-live": "polite" });
    this.next = h("a", { class: "button primary", id: "tutorial-next", href: this.link(n + 1), hidden: true },
      n + 2 === tutorial.steps.length ? "Play your first match" : "Next step →");
    const total = tutorial.steps.length;
    this.panel = h("section", { class: "tutorial-panel", id: "tutorial", "aria-label": `Learn to play ${tutorial.title}` },
      h("p", { class: "tutorial-progress" }, h("span", { id: "tutorial-step" }, `Step ${n + 1} / ${total}`),
        h("progress", { max: total, value: n + 1, "aria-hidden": "true" })),
      h("h2", {}, this.step.title),
      h("p", { class: "tutorial-text", id: "tutorial-text" }, this.step.text),
      this.said,
      h("p", { class: "tutorial-nav" },
        n > 0 ? h("a", { href: this.link(n - 1), id: "tutorial-back" }, "← Back") : null,
        this.step.free ? h("a", { href: "#/", id: "tutorial-lobby" }, "Back to the lobby")
          : h("a", { href: this.link(n + 1), class: "muted", id: "tutorial-skip" }, "Skip"),
        this.next));
  }

  link(n) {
    return `#/learn/${this.tutorial.game}/${n}`;
  }

  /** Called by the table once its page is built: the panel goes beside the board. */
  mount(section) {
    const area = section.querySelector(".table-area");
    area.classList.add("learning");
    area.prepend(this.panel);
    section.classList.add("in-tutorial");
  }

  /** The moves the board lights: the step's own (the server's list), none once done; the closing match: all. */
  light(legal) {
    if (this.step.free) return legal;
    if (this.done) return [];
    return legal.filter((action) => this.step.moves.includes(action));
  }

  /** The table's move, sent to the server's tutorial (a Promise of whether it was played); null: the closing
   *  match, whose moves go the usual way. */
  intercept(action, version) {
    if (this.step.free) return null;
    if (this.done) {
      this.say("This step is done: go on with “Next step”.", "info");
      return Promise.resolve(false);
    }
    return tryMove(this.tutorial.game, this.n, { match: this.started.match, seat_token: this.started.token, version, action })
      .then((answer) => {
        if (answer.verdict === "done") {
          this.done = true;
          sounds.fanfare?.();
          this.say(answer.say, "done");
          if (answer.finished) markFinished(this.tutorial.game);
          this.next.hidden = false;
          this.next.focus({ preventScroll: true });
          return true;
        }
        sounds.refused?.();
        this.say(answer.say, answer.verdict === "not-quite" ? "not-quite" : "refused");
        return false;
      }).catch((error) => { toast(error.message); return false; });
  }

  say(text, kind) {
    this.said.textContent = text;
    this.said.dataset.kind = kind;
  }
}
