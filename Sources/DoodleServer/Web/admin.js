// The operator page (/admin): the token typed in, then open reports to resolve, a player's
// ban, a drawing's deletion, closing a room, and the audit log of all of these.

import "./admin-strings.js";
import { adminCall, adminToken, tokenAccepted, keepAdminToken, forgetAdminToken } from "./admin-api.js";
import { setUpAudit, loadAudit, clearAudit, renderAudit } from "./admin-audit.js";
import { setUpReports, loadReports, clearReports, renderReports } from "./admin-reports.js";
import { t, translatePage, setUpLanguagePicker, onLanguageChange } from "./i18n.js";
import { $ } from "./ui.js";

const signedIn = () => Boolean(adminToken());

function render() {
  $("token-form").classList.toggle("hidden", signedIn());
  $("desk").classList.toggle("hidden", !signedIn());
  $("forget").classList.toggle("hidden", !signedIn());
}

function say(box, text) {
  $(box).textContent = text;
  $(box).classList.toggle("hidden", !text);
}

// What the desk tells after an action, or why one was refused. A wrong token signs out: the
// page forgets it and asks again. Too many wrong tries from this address refuse even a right
// token for a while: one not yet accepted is asked for again after the wait.
const done = (text) => say("desk-note", text);
function failed(err) {
  if (err.wrongToken || (err.tooManyTries && !tokenAccepted())) { signOut(err.message); return; }
  say("desk-note", err.message);
}

function signOut(why) {
  forgetAdminToken();
  clearReports();
  clearAudit();
  say("desk-note", "");
  say("token-note", why);
  render();
  $("token").focus();
}

// The first call tells whether the token is right; a wrong one comes back as 401.
function signIn() {
  say("desk-note", "");
  render();
  loadReports();
  loadAudit();
}

// An action of the forms below; the audit log then shows it.
async function act(method, path, body, confirmText, doneText) {
  if (confirmText && !confirm(confirmText)) return false;
  try {
    await adminCall(method, path, body);
  } catch (err) {
    failed(err);
    return false;
  }
  done(doneText);
  loadAudit();
  return true;
}

$("token-form").onsubmit = (e) => {
  e.preventDefault();
  const token = $("token").value.trim();
  if (!token) return;
  keepAdminToken(token);
  $("token").value = "";
  say("token-note", "");
  signIn();
};
$("forget").onclick = () => signOut("");

$("ban-form").onsubmit = async (e) => {
  e.preventDefault();
  const id = $("ban-player").value.trim();
  const length = Number($("ban-length").value);
  const body = { reason: $("ban-reason").value.trim() || null, untilMillis: length ? Date.now() + length : null };
  const ok = await act("POST", `/v1/admin/players/${encodeURIComponent(id)}/ban`, body, t("admin.confirmBan", { id }), t("admin.banned", { id }));
  if (ok) $("ban-reason").value = "";
};
$("unban").onclick = () => {
  const id = $("ban-player").value.trim();
  if (!id) { $("ban-player").reportValidity(); return; }
  act("DELETE", `/v1/admin/players/${encodeURIComponent(id)}/ban`, undefined, null, t("admin.unbanned", { id }));
};
$("drawing-form").onsubmit = async (e) => {
  e.preventDefault();
  const id = $("drawing-id").value.trim();
  const ok = await act("DELETE", `/v1/admin/drawings/${encodeURIComponent(id)}`, undefined, t("admin.confirmDelete", { id }), t("admin.deleted", { id }));
  if (ok) $("drawing-id").value = "";
};
$("room-form").onsubmit = async (e) => {
  e.preventDefault();
  // Codes are typed as players say them; the server takes any case and spaces around.
  const code = $("room-code").value.trim().toUpperCase();
  const reason = $("room-reason").value.trim();
  const ok = await act("POST", `/v1/admin/rooms/${encodeURIComponent(code)}/close`, { reason }, t("admin.confirmClose", { code }), t("admin.closed", { code }));
  if (ok) { $("room-code").value = ""; $("room-reason").value = ""; }
};

setUpLanguagePicker($("lang"));
onLanguageChange(() => { renderReports(); renderAudit(); });

// A resolution is an operator action too: the audit log shows it next.
setUpReports(failed, (text) => { done(text); loadAudit(); });
setUpAudit(failed);
translatePage();
render();
if (signedIn()) signIn(); else $("token").focus();
