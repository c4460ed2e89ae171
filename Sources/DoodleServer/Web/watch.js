// Watching a room (spectators): who watches, the room's events that move members between
// players and watchers, and for a watcher the bar that asks for a seat.

import { session, send } from "./connection.js";
import { t } from "./i18n.js";
import { $, appendLog } from "./ui.js";

// Our "play" request: "asked" until the server seats us, "full" when it said room_full.
let request = null;

const room = () => session.room;
const log = (text) => appendLog($("log"), text, "sys");

export const spectators = () => room()?.spectators || [];
export const amSpectator = () => spectators().some((s) => s.id === session.me);

export function resetWatch() { request = null; }

function becomeSpectator(id) {
  const r = room();
  const seat = r.players.find((p) => p.id === id);
  r.players = r.players.filter((p) => p.id !== id);
  if (!spectators().some((s) => s.id === id)) r.spectators = [...spectators(), { id, name: seat?.name ?? t("someone") }];
}

function becomePlayer(id) {
  const r = room();
  const watcher = spectators().find((s) => s.id === id);
  r.spectators = spectators().filter((s) => s.id !== id);
  if (!r.players.some((p) => p.id === id)) r.players.push({ id, name: watcher?.name ?? t("someone"), score: 0, connected: true, guessed: false });
}

const nameOf = (id) => spectators().find((s) => s.id === id)?.name ?? room().players.find((p) => p.id === id)?.name ?? t("someone");

export const watchHandlers = {
  spectatorJoined(m) {
    room().spectators = [...spectators().filter((s) => s.id !== m.spectator.id), m.spectator];
    log(t("log.watcherJoined", { name: m.spectator.name }));
  },
  spectatorLeft(m) {
    log(t("log.watcherLeft", { name: nameOf(m.playerId) }));
    room().spectators = spectators().filter((s) => s.id !== m.playerId);
  },
  playerSpectating(m) {
    if (m.spectating) becomeSpectator(m.playerId); else becomePlayer(m.playerId);
    // The event names the new player only; its face (watchers show none) comes with a snapshot.
    if (!m.spectating) send({ type: "sync" });
    if (m.playerId === session.me) request = null;
    log(t(m.spectating ? "log.nowWatching" : "log.nowPlaying", { name: nameOf(m.playerId) }));
  },
};

// A refused seat keeps the button: the player tries again when someone leaves.
export function watchError(m) {
  if (m.ref === "spectate" && request) request = m.code === "room_full" ? "full" : null;
}

function askToPlay() {
  request = "asked";
  send({ type: "spectate", on: false });
  renderWatching();
}

// Seats nobody holds now (the room's own count, not the open-rooms list's, which may be old).
function freeSeats() {
  const r = room();
  return Math.max(0, (r.settings?.maxPlayers ?? 0) - r.players.length);
}

export function renderWatching() {
  const watching = Boolean(room()) && amSpectator();
  $("watching").classList.toggle("hidden", !watching);
  if (!watching) { request = null; return; }
  const free = freeSeats();
  // A refusal for a full room no longer holds once a seat is free.
  if (request === "full" && free > 0) request = null;
  const play = $("watch-play");
  play.onclick = askToPlay;
  play.disabled = request === "asked";
  // Waiting for a seat is offered only when none is free; otherwise the seat is there to take.
  const label = t(free > 0 ? "watch.take" : "watch.play");
  if (play.textContent !== label) play.textContent = label;
  const note = request === "full" ? t("watch.full") : request === "asked" ? t("watch.asked") : "";
  // Always in the page (only empty), so a screen reader hears the refusal when it comes.
  if ($("watch-note").textContent !== note) $("watch-note").textContent = note;
}
