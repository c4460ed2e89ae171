// "Open rooms" on the front page: the public rooms of the picked pack (GET /v1/rooms), asked for
// again every few seconds while the front page shows, each with its game (party or telephone),
// Join and Watch.

import { api, send } from "./connection.js";
import { t, tn } from "./i18n.js";
import { packName } from "./packs.js";
import { pickedPack } from "./play.js";
import { $, el, button } from "./ui.js";

// The server's list follows a change within a second; players take longer to read it.
const REFRESH_MS = 4000;

let list = { state: "idle", pack: null, rooms: [] };
let timer = null;
let asked = 0;            // the newest request: an older answer (another pack) is dropped

export function startRoomList() {
  clearInterval(timer);
  refreshRooms();
  timer = setInterval(() => { if (!document.hidden) refreshRooms(); }, REFRESH_MS);
}

export function stopRoomList() { clearInterval(timer); timer = null; }

export async function refreshRooms() {
  const pack = pickedPack();
  const request = ++asked;
  // A new pack's list starts empty rather than showing the last pack's rooms.
  if (list.pack !== pack) { list = { state: "loading", pack, rooms: [] }; renderRooms(); }
  try {
    const answer = await api(`/v1/rooms?wordPack=${encodeURIComponent(pack)}&limit=50`);
    if (request !== asked) return;
    list = { state: "ready", pack, rooms: answer.rooms || [] };
  } catch {
    if (request !== asked) return;
    list = { state: "failed", pack, rooms: list.rooms };
  }
  renderRooms();
}

function phaseLine(room) {
  const phase = t(`phase.${room.phase}`);
  return room.round ? `${phase} · ${t("game.round", { round: room.round, rounds: room.rounds })}` : phase;
}

function row(room) {
  const li = el("li");
  li.dataset.code = room.code;
  const pack = packName(room.wordPack);
  const full = room.players >= room.maxPlayers;
  const about = el("span", "", "room-about");
  const lang = el("b", pack);
  lang.lang = room.wordPack;
  about.append(lang,
    el("span", t(room.mode === "telephone" ? "mode.telephone" : "mode.partyShort"), `room-mode ${room.mode ?? "party"}`),
    el("span", t("rooms.seats", { players: room.players, max: room.maxPlayers }), "room-seats"),
    el("span", tn("rooms.watching", room.spectators ?? 0), "room-watchers"),
    el("span", phaseLine(room), "room-phase"));
  const join = button(t("rooms.join"), () => send({ type: "joinRoom", code: room.code }), "primary join");
  join.disabled = full;
  join.setAttribute("aria-label", t("rooms.joinLabel", { code: room.code, pack }));
  const watch = button(t("rooms.watch"), () => send({ type: "joinRoom", code: room.code, spectate: true }), "watch");
  watch.setAttribute("aria-label", t("rooms.watchLabel", { code: room.code, pack }));
  const acts = el("span", "", "room-acts");
  acts.append(join, watch);
  li.append(about, acts);
  return li;
}

export function renderRooms() {
  $("room-list").replaceChildren(...list.rooms.map(row));
  const pack = packName(list.pack);
  const note = list.state === "failed" ? t("rooms.failed")
    : list.state === "loading" && !list.rooms.length ? t("rooms.loading")
    : list.state === "ready" && !list.rooms.length ? t("rooms.empty", { pack }) : "";
  $("room-list-note").textContent = note;
  $("room-list-note").classList.toggle("hidden", !note);
}
