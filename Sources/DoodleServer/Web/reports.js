// The report dialog. A member of our room is reported over the WebSocket (the server adds the
// room's context: its code, the drawing, the member's last chat lines); a stored drawing and
// the room itself over HTTP (POST /v1/reports with the player's token). The dialog shows the
// answer either way.

import "./reports-strings.js";
import { send, isOpen, api } from "./connection.js";
import { t, errorText } from "./i18n.js";
import { $ } from "./ui.js";

let target = null;          // { kind: "player", id, name } | { kind: "drawing", id, word } | { kind: "room", code }
let state = "editing";      // editing | sending | done

const TITLES = {
  player: (x) => t("report.title", { name: x.name }),
  drawing: (x) => t("report.drawingTitle", { word: x.word }),
  room: (x) => t("report.roomTitle", { code: x.code }),
};

export function openReport(next) {
  target = next;
  state = "editing";
  $("report-reason").value = "";
  $("report-text").value = "";
  render("");
  $("report").showModal();
  $("report-reason").focus();
}

export function closeReport() { if ($("report").open) $("report").close(); }

function render(status) {
  $("report-title").textContent = target ? TITLES[target.kind](target) : "";
  $("report-status").textContent = status;
  $("report-send").disabled = state !== "editing";
  $("report-reason").disabled = state === "done";
  $("report-text").disabled = state === "done";
}

function done() {
  state = "done";
  render(t("report.done"));
  $("report-close").focus();
}

function refused(why) {
  state = "editing";
  render(why);
}

// The server's `reported` for a member's report sent from here.
export function reportAnswered() { if (target?.kind === "player" && state === "sending") done(); }

// A WebSocket error meant for the report being sent: said in the dialog. True when it was.
export function reportRefused(m) {
  if (m.ref !== "report" || target?.kind !== "player" || state !== "sending") return false;
  refused(m.code === "rate_limited" ? t("report.tooMany") : t("report.failed", { error: errorText(m.code, m.message) }));
  return true;
}

async function post(body) {
  try {
    await api("/v1/reports", { method: "POST", body: JSON.stringify(body) });
    done();
  } catch (err) {
    if (err.status === 401) refused(t("report.needPlayer"));
    else refused(err.status === 429 ? t("report.tooMany") : t("report.failed", { error: err.message }));
  }
}

export function setUpReports() {
  $("report-form").onsubmit = (e) => {
    e.preventDefault();
    if (!target || state !== "editing") return;
    const reason = $("report-reason").value;
    if (!reason) { $("report-reason").reportValidity(); return; }
    const text = $("report-text").value.trim();
    const extra = text ? { text } : {};
    if (target.kind === "player" && !isOpen()) { refused(t("report.failed", { error: t("error.not_ready") })); return; }
    state = "sending";
    render(t("report.sending"));
    if (target.kind === "player") send({ type: "report", playerId: target.id, reason, ...extra });
    else if (target.kind === "drawing") post({ drawingId: target.id, reason, ...extra });
    else post({ roomCode: target.code, reason, ...extra });
  };
  $("report-close").onclick = () => $("report").close();
  $("report").onclose = () => { target = null; state = "editing"; };
}
