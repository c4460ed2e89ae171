// Muting and reporting the other members of a party room. A mute hides that member's chat
// from us alone: the server sends their later lines empty (flagged `muted`, only to keep `seq`)
// and the lines from before are hidden here. A report goes out from a small dialog, which
// shows the server's answer.

import { session, send, isOpen } from "./connection.js";
import { t, errorText } from "./i18n.js";
import { icon } from "./icons.js";
import { $, button, setPressed, showError } from "./ui.js";

// The server keeps a mute for the life of the room, so a reloaded tab keeps showing it.
const MUTES = "doodle.mutes";
let mutes = { code: null, ids: new Set() };
let pendingMute = null;      // { playerId, muted } sent and not yet answered: undone on an error

let reportTarget = null;     // { id, name } of the member the open dialog reports
let reportState = "editing"; // editing | sending | done

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
  if ($("report").open) $("report").close();
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
  reported() {
    if (reportState !== "sending") return;
    reportState = "done";
    renderReport(t("report.done"));
    $("report-close").focus();
  },
};

// A refused mute is undone; a refused report says why in its dialog. True when the error was
// shown here (the page shows no toast for it then).
export function moderationError(m) {
  if (m.ref === "mute" && pendingMute) {
    setMuted(pendingMute.playerId, !pendingMute.muted);
    pendingMute = null;
    return false;
  }
  if (m.ref === "report" && reportState === "sending") {
    reportState = "editing";
    const why = m.code === "rate_limited" ? t("report.tooMany") : t("report.failed", { error: errorText(m.code, m.message) });
    renderReport(why);
    return true;
  }
  return false;
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
  const report = button("", () => openReport(member), "report");
  report.append(icon("flag"));
  report.dataset.key = `report:${member.id}`;
  report.title = t("report.open", { name: member.name });
  report.setAttribute("aria-label", report.title);
  report.setAttribute("aria-haspopup", "dialog");
  return [mute, report];
}

function openReport(member) {
  reportTarget = { id: member.id, name: member.name };
  reportState = "editing";
  $("report-reason").value = "";
  $("report-text").value = "";
  renderReport("");
  $("report").showModal();
  $("report-reason").focus();
}

function renderReport(status) {
  $("report-title").textContent = t("report.title", { name: reportTarget?.name ?? t("someone") });
  $("report-status").textContent = status;
  $("report-send").disabled = reportState !== "editing";
  $("report-reason").disabled = reportState === "done";
  $("report-text").disabled = reportState === "done";
}

export function setUpModeration() {
  $("report-form").onsubmit = (e) => {
    e.preventDefault();
    if (!reportTarget || reportState !== "editing") return;
    const reason = $("report-reason").value;
    if (!reason) { $("report-reason").reportValidity(); return; }
    if (!isOpen()) { renderReport(t("report.failed", { error: t("error.not_ready") })); return; }
    const text = $("report-text").value.trim();
    reportState = "sending";
    renderReport(t("report.sending"));
    send({ type: "report", playerId: reportTarget.id, reason, ...(text && { text }) });
  };
  $("report-close").onclick = () => $("report").close();
  $("report").onclose = () => { reportTarget = null; reportState = "editing"; };
}
