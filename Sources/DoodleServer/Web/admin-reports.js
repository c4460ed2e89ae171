// The operator's list of reports, newest first (GET /v1/admin/reports, a keyset page at a time),
// each with its context (room, drawing, the reported player's last chat lines), and for an open
// one the three ways to resolve it.

import { adminCall, when } from "./admin-api.js";
import { t, language } from "./i18n.js";
import { $, el, button } from "./ui.js";

const PAGE = 20;
const REASONS = ["offensive", "cheating", "spam", "other"];

let list = { status: "open", state: "idle", reports: [], nextBefore: null };
let asked = 0;            // the newest request: an older answer (another status) is dropped
let hooks = { failed: () => {}, done: () => {} };

// `failed(error)` shows a refused call; `done(text)` says what a resolution did.
export function setUpReports(failed, done) {
  hooks = { failed, done };
  $("report-filter").onchange = () => loadReports();
  $("reports-refresh").onclick = () => loadReports();
  $("reports-more").onclick = () => loadReports(true);
}

// The first page of the picked status, or with `more` the page after the ones shown.
export async function loadReports(more = false) {
  const status = $("report-filter").value;
  const request = ++asked;
  const query = new URLSearchParams({ status, limit: String(PAGE) });
  if (more && list.nextBefore) query.set("before", list.nextBefore);
  if (!more) { list = { status, state: "loading", reports: [], nextBefore: null }; renderReports(); }
  try {
    const answer = await adminCall("GET", `/v1/admin/reports?${query}`);
    if (request !== asked) return;
    const reports = answer?.reports ?? [];
    list = { status, state: "ready", reports: more ? [...list.reports, ...reports] : reports, nextBefore: answer?.nextBefore ?? null };
  } catch (err) {
    if (request !== asked) return;
    list = { ...list, state: "failed" };
    hooks.failed(err);
  }
  renderReports();
}

export function clearReports() { asked++; list = { status: "open", state: "idle", reports: [], nextBefore: null }; renderReports(); }

export function renderReports() {
  $("reports").replaceChildren(...list.reports.map(card));
  const empty = list.state === "ready" && !list.reports.length;
  const note = list.state === "loading" ? t("admin.loading") : empty ? t(list.status === "open" ? "admin.noReports" : "admin.noResolved") : "";
  $("reports-note").textContent = note;
  $("reports-note").classList.toggle("hidden", !note);
  $("reports-more").classList.toggle("hidden", list.state !== "ready" || !list.nextBefore);
}

const reasonText = (reason) => (REASONS.includes(reason) ? t(`report.${reason}`) : reason);
// The drawing to show: the one reported, else the one on screen when a player was reported.
const drawingOf = (report) => report.drawingId ?? report.context?.drawingId ?? null;

function card(report) {
  const li = el("li", "", "panel report-card");
  li.dataset.reportId = report.id;
  const head = el("div", "", "row spread");
  head.append(el("b", reasonText(report.reason)), el("span", when(report.createdAt, language()), "muted"));
  li.append(head, facts(report));
  const drawingId = drawingOf(report);
  if (drawingId) li.append(drawingLink(drawingId));
  if (report.context) li.append(chatLines(report.context.chatLines ?? []));
  if (report.resolution) li.append(el("p", resolutionText(report.resolution), "resolution"));
  else if (report.status !== "resolved") li.append(resolveForm(report, li));
  return li;
}

function facts(report) {
  const dl = el("dl", "", "facts");
  const add = (label, value, className = "") => { dl.append(el("dt", label), el("dd", value, className)); };
  // A name reads faster than an id; the id stays, for the ban form.
  const who = (name, id) => (id ? (name ? `${name} (${id})` : id) : "—");
  add(t("admin.reported"), who(report.playerName, report.playerId), "player");
  add(t("admin.reporter"), who(report.reporterName, report.reporterId), "reporter");
  if (report.context?.roomCode) add(t("admin.room"), report.context.roomCode, "room");
  add(t("admin.text"), report.text || t("admin.noText"), "text");
  return dl;
}

// The drawing's small picture, linking to the full one. A deleted drawing says so.
function drawingLink(drawingId) {
  const link = el("a", "", "drawing");
  link.href = `/v1/drawings/${encodeURIComponent(drawingId)}.svg`;
  link.target = "_blank";
  link.rel = "noopener";
  const img = el("img");
  img.src = `/v1/drawings/${encodeURIComponent(drawingId)}.png?size=128`;
  img.alt = t("admin.thumbAlt", { id: drawingId });
  img.width = 128;
  img.height = 128;
  img.onerror = () => link.replaceWith(el("p", t("admin.thumbGone", { id: drawingId }), "muted drawing-gone"));
  link.append(img, el("span", drawingId, "muted"));
  return link;
}

function chatLines(lines) {
  const box = el("div", "", "chat-lines");
  box.append(el("h3", t("admin.chat")));
  if (!lines.length) { box.append(el("p", t("admin.noChat"), "muted")); return box; }
  const ol = el("ol");
  ol.append(...lines.map((line) => el("li", line)));
  box.append(ol);
  return box;
}

function resolutionText(resolution) {
  const text = t("admin.resolution", { when: when(resolution.at, language()), action: t(`admin.did.${resolution.action}`) });
  return resolution.note ? `${text} — ${resolution.note}` : text;
}

function resolveForm(report, li) {
  const form = el("div", "", "resolve");
  const id = `note-${report.id}`;
  const label = el("label", t("admin.note"));
  label.htmlFor = id;
  const note = el("input");
  note.id = id;
  note.autocomplete = "off";
  note.maxLength = 500;
  const act = (action, confirmText) => () => {
    if (confirmText && !confirm(confirmText)) return;
    resolve(report, action, note.value.trim(), li, form);
  };
  const buttons = el("div", "", "row");
  buttons.append(
    button(t("admin.dismiss"), act("dismiss"), "dismiss"),
    button(t("admin.banPlayer"), act("banPlayer", t("admin.confirmBan", { id: report.playerId })), "ban-player"),
    button(t("admin.deleteDrawing"), act("deleteDrawing", t("admin.confirmDelete", { id: report.drawingId })), "delete-drawing"));
  form.append(label, note, buttons);
  enableResolve(form, report);
  return form;
}

// A report names a player, a drawing or both: only what it names can be acted on (the server
// refuses the rest with invalid_target).
function enableResolve(form, report) {
  form.querySelector(".dismiss").disabled = false;
  form.querySelector(".ban-player").disabled = !report.playerId;
  form.querySelector(".delete-drawing").disabled = !report.drawingId;
}

// A resolved report leaves the open list; the other cards keep what is typed in them.
async function resolve(report, action, note, li, form) {
  for (const b of form.querySelectorAll("button")) b.disabled = true;
  try {
    // No note is null: the server takes a note of one character or more.
    await adminCall("POST", `/v1/admin/reports/${encodeURIComponent(report.id)}/resolve`, { action, note: note || null });
  } catch (err) {
    enableResolve(form, report);
    hooks.failed(err);
    return;
  }
  list.reports = list.reports.filter((r) => r.id !== report.id);
  li.remove();
  renderReportsNote();
  hooks.done(t("admin.resolvedNote", { id: report.id, action: t(`admin.did.${action}`) }));
}

function renderReportsNote() {
  const empty = list.state === "ready" && !list.reports.length && !list.nextBefore;
  $("reports-note").textContent = empty ? t(list.status === "open" ? "admin.noReports" : "admin.noResolved") : "";
  $("reports-note").classList.toggle("hidden", !empty);
}
