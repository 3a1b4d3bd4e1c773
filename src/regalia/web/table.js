// A match's page: players, the game's table (its own module, or the generic one), the legal actions the
// server sent, the log, and the match's papers (seed commitment, record, replay, invites).
// It computes no rule: it shows ``view`` and offers ``legal``.
//
// Updates are drawn in order, each held for its moment (pace.js) so that the outcome of a turn stays in
// sight; a table module may export ``moment(before, update)`` -> ``{banner, sound, icon}`` for a big one (banner.js),
// ``onTable = true`` when every move can be made on its board (the list of moves is then folded, moves.js),
// and receives ``ctx.previous`` (the update drawn before: for its last-move highlight, highlight.js) and
// ``ctx.fresh`` (a new update, not a redraw: animate what changed, animate.js). Keys: keys.js.
import * as api from "./api.js";
import { banner } from "./banner.js";
import { TableTalk } from "./chat.js";
import { Connection } from "./connection.js";
import { Countdown } from "./countdown.js";
import { h, seatName, showLog, toast } from "./dom.js";
import { keyboardChoices } from "./keys.js";
import { leaverRuleText } from "./leavers.js";
import { playAgain } from "./lobby.js";
import { diceSkinSetting } from "./profile.js";
import { allMoves } from "./moves.js";
import { fastToggle, holdFor, Pacer } from "./pace.js";
import { hintControl } from "./hint.js";
import { matchResult, resultsPanel, verdict } from "./results.js";
import { reviewBox } from "./review.js";
import { howToPlay } from "./rules.js";
import { sounds } from "./sound.js";
import { TurnStrip } from "./turns.js";

const modules = {};
const LOG_LINES_SHOWN = 150;

/** The table module of a game: ``games/<id>.js`` if there is one, else the generic table. */
export async function tableFor(gameId) {
  if (!modules[gameId]) {
    modules[gameId] = import(`./games/${gameId}.js`).catch(() => import("./games/generic.js"));
  }
  return modules[gameId];
}

export async function showMatch(root, matchId, lesson = null) {  // lesson: a tutorial step (tutorial.js)
  const games = await api.games();
  const parts = {
    title: h("h1", {}, "Match"),
    status: h("p", { class: "status", role: "status", "aria-live": "polite" }, "connecting…"),
    connection: h("p", { class: "connection-lost", id: "connection-lost", role: "alert", hidden: true },
      "The connection to the table is lost: reconnecting… Nothing you do is sent until it is back."),
    players: h("ol", { class: "players", "aria-label": "Players" }),
    invites: h("ul", { class: "invites", id: "invites", "aria-label": "Open seats" }),
    curtain: h("div", { class: "curtain", hidden: true }),
    board: h("div", { class: "board", id: "board" }),
    stage: h("div", { class: "stage" }),
    moves: h("h2", { id: "moves-title" }, "Your move"),
    actions: h("div", { class: "actions", id: "actions", role: "group", "aria-label": "Your legal actions" }),
    log: h("ol", { class: "log", id: "log", "aria-live": "polite", "aria-label": "What happened" }),
    papers: h("div", { class: "papers" }),
    rules: h("details", { class: "rulebook how-to-play", id: "how-to-play", hidden: true }),
    results: h("div", { class: "results-box" }),
  };
  const countdown = new Countdown();
  const turnStrip = new TurnStrip();  // a turn-based match's pace and time left (turns.js)
  const talk = new TableTalk(matchId, (message) => conn.send(message));  // table talk (chat.js)
  talk.load().catch((e) => console.error(e));
  parts.stage.append(parts.board);
  const section = h("section", { class: "match" },
    h("div", { class: "match-head" }, parts.title, fastToggle()),
    parts.status, parts.connection, countdown.el, turnStrip.el, parts.players, parts.invites, parts.results, parts.curtain,
    h("div", { class: "table-area" }, parts.stage,
      h("aside", { class: "side" }, parts.moves, parts.actions, h("h2", {}, "Log"), parts.log, talk.el)),
    parts.rules, parts.papers);
  root.replaceChildren(section);
  lesson?.mount(section);
  const keys = keyboardChoices(section);
  const pacer = new Pacer();

  let game = null;
  let table = null;
  let geometry = null;
  let leavers = null;  // the match's rule for a person who leaves (the host's, or the server's default)
  let pace = null;  // a turn-based match's seconds per move (null: real-time)
  let hintsAgreed = false;  // the host allowed hints at set-up, and each person agreed by taking a seat
  let shownSeat = null;
  let previous = null;  // the update drawn last
  let before = null;  // the one drawn before it (the table's last move is the step between them)
  let movesOpen = false;  // the person unfolded "All moves": it stays so
  let timed = false;  // the match has a turn clock (a "clock" frame came)
  let ended = null;  // the finished match as the records keep it (matchResult), once fetched
  let log = [];
  let queue = Promise.resolve();
  let rematchTimer = null;

  const conn = new Connection(matchId, api.tokensFor(matchId), {
    update: (u) => {
      talk.table(u.seats, u.players);
      turnStrip.table(u.seats, u.players);
      if (timed && u.legal.length) pacer.rush();  // the clock runs for the person from now: no holds before it
      queue = queue.then(() => pacer.ready()).then(() => onUpdate(u)).catch((e) => console.error(e));
    },
    refused: (reason) => { sounds.refused(); toast(reason); enableActions(); },
    error: (reason) => { parts.status.textContent = reason; toast(reason); },
    status: (text) => {
      parts.status.dataset.connection = text;
      parts.connection.hidden = text === "connected";
    },
    clock: (frame) => { timed = true; countdown.start(frame, conn.latest?.players); },
    chat: (frame) => talk.receive(frame),
    deadline: (frame) => turnStrip.show(frame),
  });

  async function onUpdate(u) {
    if (!game) {
      game = games.find((g) => g.id === u.view.game) || { id: u.view.game, title: u.view.game };
      table = await tableFor(game.id);
      // the board's fixed geometry comes from the rules package, never from a copy in the table module
      geometry = await api.matchInfo(matchId).then((info) => {
        leavers = info.leavers;
        pace = info.pace ?? null;
        hintsAgreed = Boolean(info.hints);
        return api.board(game.id, info.options);
      }).catch((e) => { console.error(e); return null; });
      parts.title.textContent = game.title;
      howToPlay(parts.rules, game);
      if (game.id === "kings-gold" && api.tokensFor(matchId).length) {
        diceSkinSetting().then((setting) => setting && parts.papers.after(setting)).catch((e) => console.error(e));
      }
    }
    // a tab in the background says when the move is yours (an online match waits on you there)
    document.title = `${u.legal.length && !u.view.is_over ? "● Your turn · " : ""}${game.title} · Regalia`;
    log = log.slice(0, u.log_start).concat(u.log);
    const fresh = previous && u.version > previous.version;
    if (fresh) (table.sound ? table.sound(previous, u, sounds, { geometry }) : sounds.click());
    if (u.view.is_over && previous && !previous.view.is_over) {
      if (u.view.winners?.some((w) => u.seats.includes(w))) sounds.fanfare();
    }
    if (fresh && u.legal.length && previous && !previous.legal.length) sounds.turn();
    const moment = fresh && table.moment ? table.moment(previous, u, { players: u.players, geometry }) : null;
    before = fresh ? previous : before;
    previous = u;
    countdown.follow(u.version);
    if (u.view.is_over && !parts.results.hasChildNodes()) {
      const again = u.seats.length ? againBox() : null;
      matchResult(matchId).then((result) => {
        ended = result;
        parts.results.replaceChildren(...[resultsPanel(result, u.players), again, reviewBox(matchId, u.players, { label: (a) => (table.label ? table.label(a, previous) : a) })].filter(Boolean));
        parts.status.textContent = statusLine(previous, ended);  // the records' reading: a forfeit loses
        // the end-of-match panel comes to where the player is looking (after the last moment is seen), when
        // the match ends before their eyes
        if (fresh) setTimeout(() => parts.results.scrollIntoView({ block: "start", behavior: "smooth" }), holdFor("move"));
      }).catch((e) => console.error(e));
    }
    draw(u, fresh);
    if (moment?.banner) banner(parts.stage, moment.banner, { sound: moment.sound === undefined ? "fanfare" : moment.sound, icon: moment.icon });
    if (fresh) pacer.hold(holdFor(moment?.banner ? "big" : "move"));
    if (u.legal.length) pacer.arrived();
  }

  function draw(u, fresh = false) {
    parts.board.classList.remove("waiting");
    parts.status.textContent = statusLine(u, ended);
    parts.moves.textContent = u.seats.length ? "Your move" : "Watching";  // also behind a hot-seat curtain
    parts.players.replaceChildren(...u.players.map((p) => h("li", {
      class: [p.seat === u.view.to_move ? "to-move" : "", u.seats.includes(p.seat) ? "mine" : ""].join(" "),
      "aria-current": p.seat === u.view.to_move ? "true" : null,
    }, seatName(u.players, p.seat), u.seats.includes(p.seat) ? " (you)" : "", p.open ? " (open seat)" : "",
    p.away ? " (away: the computer plays)" : "",
    u.view.scores ? ` · ${u.view.scores[p.seat]}` : "")));
    drawInvites(u);
    drawPapers(u);
    drawLog();
    const hideHand = u.seats.length > 1 && game.hidden_information && !u.view.is_over && u.seat !== shownSeat;
    if (hideHand) {
      // hot-seat: the next person must not see the previous one's hand before they take the device
      parts.board.replaceChildren();
      parts.actions.replaceChildren();
      parts.curtain.hidden = false;
      parts.curtain.replaceChildren(h("p", {}, `Pass the device to ${seatName(u.players, u.seat)}.`),
        h("button", { type: "button", class: "primary", id: "reveal", onclick: () => {
          shownSeat = u.seat;
          parts.curtain.hidden = true;
          draw(previous);
        } }, `I am ${seatName(u.players, u.seat)}: show my cards`));
      parts.curtain.querySelector("button").focus();
      return;
    }
    parts.curtain.hidden = true;
    parts.curtain.replaceChildren();
    const ctx = { play, legal: lesson ? lesson.light(u.legal) : u.legal, sounds, players: u.players, replay: false, levels: game.levels, geometry,
      previous: u === previous ? before : null, fresh,
      setLevel: u.seats.length ? (seat, level) => conn.send({ type: "level", seat, level }) : null };
    table.render(parts.board, u, ctx);
    drawActions(u);
    keys.refresh();
  }

  function play(action) {
    if (!conn.latest?.legal.includes(action) && !table?.compound?.(action, conn.latest)) {  // (a march the view offers: the server judges)
      sounds.refused();
      toast(`${action} is not among your legal actions now`);
      return;
    }
    const judged = lesson?.intercept(action, conn.latest.version);  // a tutorial's server judges the move
    if (judged) {
      disableActions();
      judged.then((played) => { if (!played) enableActions(); });
      return;
    }
    if (!conn.play(action)) {
      sounds.refused();
      toast("Not connected: your move was not sent. Play it again once the table is back.");
      return;
    }
    disableActions();
    pacer.go();  // the person acted: the table need not hold what they have seen
  }

  function drawActions(u) {
    if (!u.legal.length) {
      parts.actions.replaceChildren(h("p", { class: "muted" }, u.view.is_over ? "The match is over."
        : u.seat === null ? "You are watching." : waitingFor(u)));
      return;
    }
    // a table played on its board keeps the list folded; one without its own controls opens it
    const onTable = Boolean(table.onTable);
    parts.actions.replaceChildren(...[
      onTable ? h("p", { class: "muted play-on-table" }, table.prompt ? table.prompt(u) : "Play on the table.") : null,
      allMoves(u.legal, { label: (a) => (table.label ? table.label(a, u) : a), play, open: !onTable || movesOpen,
        onToggle: onTable ? (open) => { movesOpen = open; } : null }),
      hintControl(matchId, u, parts.actions, hintsAgreed, table.hintMarks ? (a) => table.hintMarks(a) : null),  // unrated, against the computer or by agreement: hint.js
    ].filter(Boolean));
  }

  function disableActions() {
    // until the server answers, nothing more can be sent from this view (no double plays)
    for (const b of [...parts.actions.querySelectorAll("button"), ...parts.board.querySelectorAll("button")]) b.disabled = true;
    parts.board.classList.add("waiting");
  }

  function enableActions() {
    if (previous) draw(previous);
    parts.board.classList.remove("waiting");
  }

  /** "Play again" for a player once the match is over; it becomes "Join the rematch" when another player
   *  has started it (looked for every few seconds while the page is open): their seat waits there. */
  function againBox() {
    const button = h("button", { type: "button", class: "primary", id: "play-again",
      onclick: () => { button.disabled = true; playAgain(matchId).finally(() => { button.disabled = false; }); } },
    "Play again: same game, same seats");
    const offer = h("p", { id: "rematch-offer", class: "rematch-offer", role: "status", hidden: true },
      "A rematch has begun: your seat is waiting in it.");
    let looks = 0;
    const look = async () => {
      if (++looks > 200) clearInterval(rematchTimer);  // ten minutes on: whoever wants a rematch has asked
      const found = await api.rematchOf(matchId).catch(() => null);
      if (!found?.match) return;
      clearInterval(rematchTimer);
      if (api.heldSeats()[found.match]) return;  // started here
      button.textContent = "Join the rematch";
      offer.hidden = false;
    };
    rematchTimer = setInterval(look, 3000);
    look();
    return h("div", { class: "again" }, offer, button);
  }

  function drawLog() {
    (table?.showLog || showLog)(parts.log, log, LOG_LINES_SHOWN, previous?.players);  // a game's own report, or line by line; "Seat 2" read as its player's name
    parts.log.scrollTop = parts.log.scrollHeight;
  }

  /** While a seat is open, its invite link stands under the players, where the host looks first. A private
   *  match's link carries the seat's key, which only the browser that made the match was given. */
  function drawInvites(u) {
    const open = u.view.is_over ? [] : u.players.filter((p) => p.open);
    const keys = api.invitesFor(matchId);
    parts.invites.hidden = !open.length;
    parts.invites.replaceChildren(...open.map((p) => {
      if (p.invite_only && !keys[p.seat]) {
        // a player on another browser, or who lost the link, may make a new one (the old one stops working)
        const mine = api.tokensFor(matchId);
        return h("li", {}, `Seat ${p.seat + 1} is kept for whoever has its invite link.`, mine.length ? [" ",
          h("button", { type: "button", class: "new-invite", onclick: async () => {
            try {
              const made = await api.newInvite(matchId, p.seat, mine[0]);
              api.rememberInvites(matchId, { [made.seat]: made.key });
              drawInvites(u);
              toast("A new invite link: the one before it no longer works.");
            } catch (error) { toast(error.message); }
          } }, "Make a new invite link")] : null);
      }
      const link = h("input", { readonly: true, value: api.inviteLink(matchId, p.seat, keys[p.seat]), size: 40,
        "aria-label": `Invite link for seat ${p.seat + 1}`, onclick: (e) => e.target.select() });
      return h("li", {}, `Seat ${p.seat + 1} is open: send this link to whoever will sit there `, link,
        h("button", { type: "button", class: "copy-invite", onclick: () => copy(link) }, "Copy"));
    }));
  }

  function drawPapers(u) {
    parts.papers.replaceChildren(...[
      h("p", { class: "muted" }, `Version ${u.version} · seed commitment `, h("code", {}, u.seed_commitment.slice(0, 16) + "…"),
        u.seed ? [" · seed ", h("code", { id: "seed" }, u.seed)] : null),
      u.view.is_over ? h("p", {},
        h("a", { href: api.recordUrl(matchId), download: `${matchId}.json`, id: "download-record" }, "Download the record"),
        " · ", h("a", { href: `#/m/${matchId}/replay`, id: "replay-link" }, "Replay step by step")) : null,
      leaverRule(u),
      leaveButton(u),
    ].filter(Boolean));
  }

  /** An online player may leave for good: the computer plays their seat at once, and this browser watches. */
  function leaveButton(u) {
    const people = u.players.filter((p) => p.kind === "human").length;
    if (!u.seats.length || u.view.is_over || u.seats.length === people) return null;  // hot-seat: nobody leaves
    const mine = u.seats.map((s) => seatName(u.players, s)).join(" and ");
    return h("p", {}, h("button", { type: "button", id: "leave-match", onclick: () => {
      const who = leavers ? `the computer (${leavers.level})` : "the computer";
      if (!window.confirm(`Leave the match for good? ${who} plays ${mine} from now until the end, `
        + "and the match counts as a forfeit for you: last place, a loss.")) return;
      for (const seat of u.seats) conn.send({ type: "leave", seat });
      api.forgetSeats(matchId, u.seats);
      conn.tokens = [];  // a reconnect must not take the seats back
      toast(`You left the match: ${who} plays ${mine}.`);
    } }, "Leave the match"));
  }

  /** Where people play from more than one place, what happens to the seat of one who leaves. */
  function leaverRule(u) {
    const people = u.players.filter((p) => p.kind === "human").length;
    if (!leavers || u.view.is_over || people < 2 || u.seats.length === people) return null;  // hot-seat: nobody leaves
    return h("p", { class: "muted", id: "leaver-rule" }, leaverRuleText(leavers, pace));
  }

  return () => { countdown.stop(); turnStrip.stop(); conn.close(); clearInterval(rematchTimer); keys.stop(); pacer.go(); };
}

/** The line shown while another seat is to move: an open seat waits for a person, not for a move. */
function waitingFor(u) {
  const seat = u.view.to_move;
  if (u.players[seat]?.open && u.players[seat].invite_only && !api.invitesFor(u.match)[seat]) {
    return `Waiting for whoever has Seat ${seat + 1}'s invite link to take it.`;
  }
  return u.players[seat]?.open ? `Waiting for someone to take Seat ${seat + 1}: send them its invite link.`
    : `Waiting for ${seatName(u.players, seat)}…`;
}

async function copy(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    document.execCommand("copy"); // a page served over plain http has no clipboard API: copy the selection
  }
  toast("Invite link copied.", "info");
}

/** ``ended``: the finished match as the records keep it (``matchResult``), once fetched. A person gone at
 *  the end forfeits whatever the computer made of their seat (last place, a loss): the win passes to the
 *  best seat that was there, and the line says so, as the result panel below it does. */
function statusLine(u, ended = null) {
  if (u.view.is_over) {
    const forfeits = (ended?.seats || []).filter((s) => s.outcome === "forfeit").map((s) => s.seat);
    const winners = forfeits.length ? ended.seats.filter((s) => s.outcome === "win").map((s) => s.seat)
      : (u.view.winners || []);
    const names = (seats) => seats.map((w) => seatName(u.players, w)).join(" and ");
    const gone = forfeits.length ? ` ${names(forfeits)} left and ${forfeits.length > 1 ? "forfeit" : "forfeits"}.` : "";
    // nobody at the table won (a drawn battle, the King kept his Crown): the game's own sentence says what
    // happened, once the records are read ("The King wins: the siege lasted too long and was lifted.")
    if (!winners.length) return ended ? `The match is over. ${verdict(ended)}` : `The match is over: nobody won.${gone}`;
    return `The match is over: ${names(winners)} won.${gone}`;
  }
  if (u.legal.length) return `Your turn, ${seatName(u.players, u.seat)}.`;
  if (u.players[u.view.to_move]?.open) return waitingFor(u);
  return `${seatName(u.players, u.view.to_move)} to move.`;
}
