// HTTP calls to the server, and what this browser remembers: its profile, the seat tokens it holds, its
// recent matches.
const SEATS_KEY = "regalia.seats";
export const PROFILE_KEY = "regalia.profile";

/** {profile, name, token} of this browser's profile, or null. */
export function me() {
  try { return JSON.parse(localStorage.getItem(PROFILE_KEY)); } catch { return null; }
}

/** One call; a kept profile's token goes along in the Authorization header (a new match then counts as the
 *  profile's wherever it connects from), never in a URL. */
export async function call(method, path, body) {
  const headers = body ? { "content-type": "application/json" } : {};
  const mine = me();
  if (mine?.token) headers.authorization = `Bearer ${mine.token}`;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail || data);
    throw new Error(detail || `${response.status} ${response.statusText}`);
  }
  return data;
}

let gamesCache = null;
export async function games() {
  gamesCache = gamesCache || call("GET", "/api/games");
  return gamesCache;
}
export const createMatch = (body) => call("POST", "/api/matches", body);
export const openMatches = () => call("GET", "/api/matches?open=1");
export const matchesById = (ids) => (ids.length ? call("GET", `/api/matches?ids=${ids.join(",")}`) : []);
export const matchInfo = (id) => call("GET", `/api/matches/${encodeURIComponent(id)}`);
/** ``proof``: {key} of a private match's invite link, or {previous_token} holding the seat in the match before. */
export const claimSeat = (id, seat, proof = {}) =>
  call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/claim`, proof);
export const replaySteps = (id, seat = null) =>
  call("GET", `/api/matches/${encodeURIComponent(id)}/replay${seat === null ? "" : `?seat=${seat}`}`);
export const rules = (gameId) => call("GET", `/api/games/${encodeURIComponent(gameId)}/rules`);
export const recordUrl = (id) => `/api/matches/${encodeURIComponent(id)}/record`;
export const rematch = (id, seatTokens) =>
  call("POST", `/api/matches/${encodeURIComponent(id)}/rematch`, { seat_tokens: seatTokens });
/** A new invite link's key for a private match's open seat (a player's; the old link stops working). */
export const newInvite = (id, seat, seatToken) =>
  call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/invite`, { seat_token: seatToken });
const GUEST_KEY = "regalia.guest-name";

/** The name a guest of this browser gave in the lobby (the first seat's), or "". */
export function guestName() {
  return localStorage.getItem(GUEST_KEY) || "";
}

export function rememberGuestName(name) {
  if (name) localStorage.setItem(GUEST_KEY, name);
}

/** A guest's name for a seat this browser holds (a profile's seat keeps the profile's name). */
export const nameSeat = (id, seat, seatToken, name) =>
  call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/name`, { seat_token: seatToken, name });
export const rematchOf = (id) => call("GET", `/api/matches/${encodeURIComponent(id)}/rematch`);

const boards = {};
/** A game's static board geometry under a match's options (the rules' own, served by the game; often null). */
export function board(gameId, options = {}) {
  const query = new URLSearchParams(Object.entries(options || {})
    .map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)])).toString();
  const path = `/api/games/${encodeURIComponent(gameId)}/board${query ? `?${query}` : ""}`;
  boards[path] = boards[path] || call("GET", path).then((data) => data.board);
  return boards[path];
}

/** An object kept in localStorage under ``key`` ({} when missing or unreadable). */
function stored(key) {
  try { return JSON.parse(localStorage.getItem(key)) || {}; } catch { return {}; }
}

/** ``entries`` for ``matchId`` merged into the object kept under ``key``: that match last, the 30 newest kept. */
function keepForMatch(key, matchId, entries) {
  const all = stored(key);
  const merged = { ...(all[matchId] || {}), ...entries };
  delete all[matchId]; // re-inserted last: the most recent match comes last
  all[matchId] = merged;
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - 30))) delete all[old];
  localStorage.setItem(key, JSON.stringify(all));
}

/** {matchId: {seat: token}} for every seat this browser holds, newest match last. */
export function heldSeats() {
  return stored(SEATS_KEY);
}

export function rememberSeats(matchId, tokens) {
  keepForMatch(SEATS_KEY, matchId, tokens);
}

const INVITES_KEY = "regalia.invites";

/** {seat: key} of the invite links of a private match this browser made (the server shows them only once). */
export function invitesFor(matchId) {
  return stored(INVITES_KEY)[matchId] || {};
}

export function rememberInvites(matchId, invites) {
  if (invites && Object.keys(invites).length) keepForMatch(INVITES_KEY, matchId, invites);
}

/** The link that takes an open seat: a private match's carries the seat's invite key. */
export function inviteLink(matchId, seat, key) {
  return `${location.origin}/#/m/${matchId}/join/${seat}${key ? `/${key}` : ""}`;
}

/** This browser no longer holds ``seats`` of the match (it left them); the match stays among its recent ones. */
export function forgetSeats(matchId, seats) {
  const all = heldSeats();
  for (const seat of seats) delete (all[matchId] || {})[seat];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function tokensFor(matchId) {
  return Object.values(heldSeats()[matchId] || {});
}

export function recentMatchIds() {
  return Object.keys(heldSeats()).reverse();
}
