// One WebSocket to a match: sends hello (our tokens) and actions with the version we saw, and
// reconnects after a drop (a reload does the same: tokens live in localStorage).
export class Connection {
  constructor(matchId, tokens, handlers) {
    this.matchId = matchId;
    this.tokens = tokens;
    this.handlers = handlers;
    this.latest = null;
    this.closed = false;
    this.retry = 0;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.ws = new WebSocket(`${scheme}://${location.host}/ws/matches/${encodeURIComponent(this.matchId)}`);
    this.ws.addEventListener("open", () => {
      this.retry = 0;
      if (this.tokens.length) this.send({ type: "hello", tokens: this.tokens });
      this.handlers.status?.("connected");
    });
    this.ws.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    this.ws.addEventListener("close", () => {
      if (this.closed) return;
      this.handlers.status?.("reconnecting…");
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.open(), 250 * 2 ** this.retry);
    });
  }

  receive(message) {
    if (message.type === "update") {
      // the first frame after connecting is the spectator's; wait for our seats' one if we sent hello
      if (this.tokens.length && !message.seats.length && this.latest?.seats.length) return;
      this.latest = message;
      this.handlers.update(message);
    } else if (message.type === "clock") {
      this.handlers.clock?.(message);
    } else if (message.type === "chat" || message.type === "deadline") {  // table talk, a turn-based clock
      this.handlers[message.type]?.(message);
    } else if (message.type === "refused") {
      this.handlers.refused(message.reason);
    } else if (message.type === "error") {
      this.closed = true;
      this.handlers.error(message.reason);
    }
  }

  /** Send a message now; false when the socket is not open (nothing is queued: a stale action would be refused). */
  send(message) {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Play an action for the seat whose view we see, at the version we saw; false if it could not be sent. */
  play(action) {
    const u = this.latest;
    if (!u || u.seat === null) return false;
    return this.send({ type: "act", version: u.version, seat: u.seat, action });
  }

  close() {
    this.closed = true;
    this.ws.close();
  }
}
