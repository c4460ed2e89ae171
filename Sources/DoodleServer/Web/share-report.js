// "Report this drawing" on the share page (GET /d/{id}): a small form under the drawing that
// posts to /v1/reports with the token of the player this browser plays as. The share page is
// the server's HTML; this builds the form in the player's language (i18n.js picks it).

import "./reports-strings.js";
import { t } from "./i18n.js";

const REASONS = ["offensive", "cheating", "spam", "other"];

// An element with properties set and children appended.
function make(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export function addShareReport(parent, drawingId) {
  const status = make("p", { id: "share-report-status" });
  status.setAttribute("role", "status");
  const reason = make("select", { id: "share-report-reason", required: true },
    make("option", { value: "", textContent: t("report.choose") }),
    ...REASONS.map((r) => make("option", { value: r, textContent: t(`report.${r}`) })));
  const text = make("textarea", { id: "share-report-text", maxLength: 500 });
  const sendButton = make("button", { id: "share-report-send", className: "primary", textContent: t("report.send") });
  const form = make("form", { id: "share-report-form", className: "stacked" },
    make("label", { htmlFor: "share-report-reason", textContent: t("report.reason") }), reason,
    make("label", { htmlFor: "share-report-text", textContent: t("report.text") }), text, status, sendButton);
  const box = make("details", { id: "share-report", className: "share-report" },
    make("summary", { textContent: t("report.drawingLabel") }), form);
  form.onsubmit = async (e) => {
    e.preventDefault();
    if (!reason.value) { reason.reportValidity(); return; }
    const token = localStorage.getItem("doodle.token");
    if (!token) { status.textContent = t("report.needPlayer"); return; }
    sendButton.disabled = true;
    status.textContent = t("report.sending");
    const body = { drawingId, reason: reason.value, ...(text.value.trim() && { text: text.value.trim() }) };
    const answer = await fetch("/v1/reports", {
      method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body),
    }).catch(() => null);
    if (answer?.ok) { status.textContent = t("report.done"); reason.disabled = text.disabled = true; return; }
    sendButton.disabled = false;
    const error = (await answer?.json().catch(() => null))?.error?.message ?? String(answer?.status ?? "offline");
    status.textContent = answer?.status === 429 ? t("report.tooMany") : answer?.status === 401 ? t("report.needPlayer") : t("report.failed", { error });
  };
  parent.append(box);
}
