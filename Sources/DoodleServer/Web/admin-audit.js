// The audit log on the operator page (GET /v1/admin/audit): every operator action, newest first,
// with its time, arguments and the address it came from; "More" reads the page before.

import { adminCall, when } from "./admin-api.js";
import { t, language } from "./i18n.js";
import { $, el } from "./ui.js";

const PAGE = 50;

let log = { state: "idle", entries: [], nextBefore: null };
let asked = 0;
let failed = () => {};

export function setUpAudit(onFailure) {
  failed = onFailure;
  $("audit-refresh").onclick = () => loadAudit();
  $("audit-more").onclick = () => loadAudit(true);
}

export async function loadAudit(more = false) {
  const request = ++asked;
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (more && log.nextBefore !== null) query.set("before", String(log.nextBefore));
  if (!more) log = { ...log, state: "loading" };
  try {
    const answer = await adminCall("GET", `/v1/admin/audit?${query}`);
    if (request !== asked) return;
    const entries = answer?.entries ?? [];
    log = { state: "ready", entries: more ? [...log.entries, ...entries] : entries, nextBefore: answer?.nextBefore ?? null };
  } catch (err) {
    if (request !== asked) return;
    log = { ...log, state: "failed" };
    failed(err);
  }
  renderAudit();
}

export function clearAudit() { asked++; log = { state: "idle", entries: [], nextBefore: null }; renderAudit(); }

export function renderAudit() {
  $("audit-rows").replaceChildren(...log.entries.map(row));
  const note = log.state === "ready" && !log.entries.length ? t("admin.noAudit") : "";
  $("audit-note").textContent = note;
  $("audit-note").classList.toggle("hidden", !note);
  $("audit-more").classList.toggle("hidden", log.state !== "ready" || log.nextBefore === null);
}

function row(entry) {
  const tr = el("tr");
  tr.dataset.action = entry.action;
  tr.append(el("td", when(entry.at, language())), el("td", entry.action, "action"), el("td", argumentsText(entry.arguments), "arguments"),
    el("td", entry.address ?? "—"));
  return tr;
}

// The arguments are stored as JSON: shown as `name: value` pairs, one line.
function argumentsText(args) {
  let value = args;
  if (typeof args === "string") {
    try { value = JSON.parse(args); } catch { return args; }
  }
  if (!value || typeof value !== "object") return value == null ? "" : String(value);
  return Object.entries(value)
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`)
    .join(", ");
}
