// The one WebSocket to the server: hello/welcome, reconnecting with backoff, the room's `seq`
// (a gap asks for a fresh roomState), and the budget for drawing messages.

import { storedAvatar } from "./avatar-editor.js";
import { t } from "./i18n.js";
import { $, showError } from "./ui.js";

// What the page knows of its session; the views read and update it.
export const session = {
  me: null,              // our playerId, from welcome
  name: null,            // our name as the server last said it (welcome, playerRenamed)
  room: null,            // our copy of roomState (party or pair), kept current by room events
  lastSeq: null,         // seq of the newest room event applied to `room`
  epoch: null,           // the room's life (roomState.epoch): a new one after its server restarted
  clockOffset: 0,        // server clock minus ours, from welcome.serverTime
};

let ws = null, retries = 0, reconnectTimer = null, syncing = false;
// Set by a 4001 (the server is stopping) until the next welcome: the tries that fail while it is
// down are part of its restart, not the page going offline.
let serverRestarting = false;
// In a cluster, the node a redirect sent us to (null: the page's own server); the join to
// repeat there; and how many redirects in a row we followed (a loop stops at MAX_REDIRECTS).
let nodeURL = null, pendingJoin = null, redirectsInARow = 0;
// Whether the last room we asked for was a join (quick play included, which another node answers
// with a redirect too) and whether to watch it: only a join is repeated after a redirect (a
// redirect of our own pair room names our pair code, which we must not join; the pair view asks
// for its room again after welcome anyway).
let askedToJoin = false, askedToWatch = false;
// The code of the last joinRoom sent, so a refusal can be told about the room it concerns.
let lastJoinCode = null;
const MAX_REDIRECTS = 3;
let onMessage = () => {}, onClosedRoom = () => {};

// `handler(msg)` gets every message in order, gaps already taken care of;
// `closedRoom(code)` hears of every close (kicked, banned, the room closed by an operator…).
export function setHandlers(handler, closedRoom) { onMessage = handler; onClosedRoom = closedRoom; }

export const token = () => localStorage.getItem("doodle.token");
export const now = () => Date.now() + session.clockOffset;

export function connect() {
  clearTimeout(reconnectTimer);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // A node that keeps failing may be gone (its rooms with it): back to the page's own server.
  if (retries > 2) nodeURL = null;
  ws = new WebSocket(nodeURL || `${scheme}://${location.host}/v1/ws`);
  setConn("connecting");
  ws.onopen = () => {
    const hello = { type: "hello", protocol: 1, name: $("name").value.trim() };
    if (token()) hello.token = token();
    // Only a face chosen here is sent: the server keeps one chosen on another device.
    if (storedAvatar()) hello.avatar = storedAvatar();
    // A replay only helps a page that still holds the room; a reloaded page asks for a snapshot.
    if (token() && session.room && session.lastSeq !== null) hello.lastSeq = session.lastSeq;
    send(hello);
  };
  ws.onmessage = (e) => {
    let msg;
    try { msg = JSON.parse(e.data); } catch (err) { showError(t("conn.badMessage", { error: err })); return; }
    receive(msg);
  };
  ws.onclose = (e) => closed(e.code);
}

// A fresh connection, e.g. to say hello again with a corrected name.
export function reconnectNow() {
  disconnect();
  connect();
}

// Closes the connection for good (the page is about to become another player): what was sent
// still goes out before the close, and nothing reconnects.
export function disconnect() {
  clearTimeout(reconnectTimer);
  if (ws) { ws.onclose = null; ws.close(1000); ws = null; }
}

export function send(msg) {
  if (["joinRoom", "quickPlay", "createRoom"].includes(msg.type)) {
    askedToJoin = msg.type !== "createRoom";
    askedToWatch = Boolean(msg.spectate);
    lastJoinCode = msg.type === "joinRoom" ? String(msg.code).trim().toUpperCase() : null;
  }
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}
export const isOpen = () => Boolean(ws && ws.readyState === WebSocket.OPEN);
export const askedRoomCode = () => lastJoinCode;
// The header's connection light and word; data-state lets styles and tests read it in any language.
// It starts as "connecting" (neutral): "offline" only once an attempt has failed.
let connState = "connecting";
function setConn(state) {
  connState = state;
  $("conn").dataset.state = state;
  $("conn-text").textContent = t(`conn.${state}`);
}
export const relabelConnection = () => setConn(connState);
// A first visit connects only once it has a name: until then there is no light to show.
export function markNotConnecting() { if (!ws) setConn("idle"); }

function receive(msg) {
  if (msg.type === "welcome") {
    retries = 0;
    serverRestarting = false;
    session.me = msg.playerId;
    session.clockOffset = msg.serverTime - Date.now();
    localStorage.setItem("doodle.token", msg.token);
    localStorage.setItem("doodle.name", msg.name);
    session.name = msg.name;
    setConn("online");
    // Redirected while joining: ask this node for the room we asked the other one for.
    if (pendingJoin) { send({ type: "joinRoom", code: pendingJoin, ...(askedToWatch && { spectate: true }) }); pendingJoin = null; }
  }
  if (msg.type === "redirect") { followRedirect(msg); return; }
  if (msg.type === "roomState") {
    redirectsInARow = 0;
    // A new epoch: the room came back from its checkpoint. Its state is taken as it is, even
    // with a seq below ours (a crash may have lost events we saw); the views redraw from it.
    session.epoch = msg.epoch ?? null;
    session.room = msg; session.lastSeq = msg.seq; syncing = false;
  } else if (typeof msg.seq === "number") {
    if (syncing || !session.room) return;
    if (msg.seq <= session.lastSeq) return;                          // already applied (replay overlap)
    if (msg.seq > session.lastSeq + 1) { syncing = true; send({ type: "sync" }); return; }
    session.lastSeq = msg.seq;
  }
  onMessage(msg);
}

// Another node hosts the room (or our seat): reconnect there with our token. A join is asked
// again after its welcome; a resume needs nothing, the token and lastSeq find the seat.
function followRedirect(msg) {
  if (++redirectsInARow > MAX_REDIRECTS) {
    redirectsInARow = 0;
    showError(t("conn.redirectLoop"));
    return;
  }
  nodeURL = msg.url;
  pendingJoin = session.room || !askedToJoin ? null : msg.code;
  setConn("moving");
  if (ws) { ws.onclose = null; ws.close(); ws = null; }
  connect();
}

// Forgets the room (left, kicked, or our seat is gone).
export function forgetRoom() { session.room = null; session.lastSeq = null; syncing = false; }

function closed(code) {
  ws = null;
  // A server stopping (a restart, a deploy) keeps every game: no error, the page says so and
  // comes back to the same address, where the room is restored.
  if (code === 4001) serverRestarting = true;
  setConn(serverRestarting ? "restarting" : "offline");
  // Banned (4004), room closed (4005) and replaced (4002: by another tab or device, or this
  // device was signed out) are told by the page in a notice that stays.
  if ([1002, 4000].includes(code)) showError(t(`close.${code}`));
  onClosedRoom(code);
  // A banned player's next hello is refused as well: trying again would only loop.
  if (code === 1002 || code === 4002 || code === 4004) return;
  // Exponential backoff with jitter so a restarted server is not hit by every client at once.
  const delay = Math.min(15000, 500 * 2 ** retries++) * (0.75 + Math.random() / 2);
  reconnectTimer = setTimeout(connect, delay);
}

// Drawing messages: a sliding one-second window keeps us below the server's 120 per second.
const sentTimes = [];
export function sendDrawing(msg) {
  const t = performance.now();
  while (sentTimes.length && t - sentTimes[0] > 1000) sentTimes.shift();
  if (sentTimes.length >= 100) return false;
  sentTimes.push(t);
  send(msg);
  return true;
}

// A JSON request to the HTTP API with our token; rejects with the API's error message.
export async function api(path, options = {}) {
  const headers = { ...(options.headers || {}) };
  if (token()) headers.Authorization = `Bearer ${token()}`;
  if (options.body) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { ...options, headers });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(body?.error?.message || t("api.failed", { path, status: response.status }));
    error.status = response.status;
    error.code = body?.error?.code;
    throw error;
  }
  return body;
}
