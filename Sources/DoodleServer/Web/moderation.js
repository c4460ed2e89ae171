// Muting and reporting the other members of a party room. A mute hides that member's chat
// from us alone: the server sends their later lines empty (flagged `muted`, only to keep `seq`)
// and the lines from before are hidden here. A report goes out from the report dialog
// (reports.js), which shows the server's answer.

import { session, send, isOpen } from "./connection.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { openReport, closeReport, reportAnswered, reportRefused, setUpReports } from "./reports.js";
import { $, button, setPressed, showError } from "./ui.js";

// The server keeps a mute for the life of the room, so a reloaded tab keeps showing it.
const MUTES = "doodle.mutes";
let mutes = { code: null, ids: new Set() };
let pendingMute = null;      // { playerId, muted } sent and not yet answered: undone on an error

function loadMutes(code) {
  if (mutes.code === code) return;
  let stored = null;
  try { stored = JSON.parse(sessionStorage.getItem(MUTES) || "null"); } catch { stored = null; }
  mutes = { code, ids: new Set(stored?.code === code && Array.isArray(stored.ids) ? stored.ids : []) };
}

function saveMutes() { sessionStorage.setItem(MUTES, JSON.stringify({ code: mutes.code, ids: [...mutes.ids] })); }

export const isMuted = (playerId) => mutes.ids.has(playerId);

// A roomState: mutes belong to that room (another room's are forgotten).
export function enterModerationRoom(code) { loadMutes(code); showMutedLines(); }

// The page left the room: its mutes end with it, and an open report dialog closes.
export function resetModeration() {
  mutes = { code: null, ids: new Set() };
  sessionStorage.removeItem(MUTES);
  pendingMute = null;
  closeReport();
}

function setMuted(playerId, muted) {
  if (muted) mutes.ids.add(playerId); else mutes.ids.delete(playerId);
  saveMutes();
  showMutedLines();
}

// Chat lines carry their author (`data-from`); a muted author's lines stay in the log, hidden.
function showMutedLines() {
  for (const line of $("log").querySelectorAll("[data-from]")) line.classList.toggle("hidden", isMuted(line.dataset.from));
}

// Whether a chat line is to be left out: the server flags a muted author's line, and a line sent
// before our mute reached the server is hidden all the same.
export function hidesChat(m) {
  if (m.muted && !isMuted(m.playerId)) setMuted(m.playerId, true);
  return Boolean(m.muted) || isMuted(m.playerId);
}

export const moderationHandlers = {
  muted(m) {
    if (pendingMute?.playerId === m.playerId) pendingMute = null;
    setMuted(m.playerId, m.muted);
  },
  reported() { reportAnswered(); },
};

// A refused mute is undone; a refused report says why in its dialog. True when the error was
// shown here (the page shows no toast for it then).
export function moderationError(m) {
  if (m.ref === "mute" && pendingMute) {
    setMuted(pendingMute.playerId, !pendingMute.muted);
    pendingMute = null;
    return false;
  }
  return reportRefused(m);
}

function toggleMute(member) {
  if (!isOpen()) { showError(t("error.not_ready")); return; }
  const muted = !isMuted(member.id);
  pendingMute = { playerId: member.id, muted };
  setMuted(member.id, muted);
  send({ type: "mute", playerId: member.id, muted });
}

// The buttons on another member's line of the player list: mute (a toggle) and report.
export function memberButtons(member) {
  if (member.id === session.me) return [];
  const muted = isMuted(member.id);
  const mute = button("", () => toggleMute(member), "mute");
  mute.append(icon(muted ? "chatOff" : "chat"));
  mute.dataset.key = `mute:${member.id}`;
  setPressed(mute, muted);
  mute.title = t("mute.label", { name: member.name });
  mute.setAttribute("aria-label", mute.title);
  const report = button("", () => openReport({ kind: "player", id: member.id, name: member.name }), "report");
  report.append(icon("flag"));
  report.dataset.key = `report:${member.id}`;
  report.title = t("report.open", { name: member.name });
  report.setAttribute("aria-label", report.title);
  report.setAttribute("aria-haspopup", "dialog");
  return [mute, report];
}

export function setUpModeration() { setUpReports(); }
