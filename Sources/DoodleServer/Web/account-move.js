// "Move to a new phone" in the account dialog: a one-use link code (good for 10 minutes) shown
// as text, as a link and as a QR code for the new phone's camera. And "I have a code", on the
// new phone: typed into the dialog, or in a link `#link=CODE`, which the page redeems as it opens.

import { now } from "./connection.js";
import { makeLinkCode, redeemLinkCode, refusalText } from "./account-api.js";
import { finishSignIn } from "./account-session.js";
import { t, language } from "./i18n.js";
import { $, copyFrom } from "./ui.js";

const LINK_PREFIX = "link=";

let shown = null;        // the code on show: { code, url, qrSvg, expiresAt (server ms) }
let expired = false;     // the code on show ran out
let expiryTimer = null;
let makeState = "idle";  // idle | making | failed
let makeError = "";
let redeemState = "idle"; // idle | redeeming | failed | same
let redeemError = "";

// The code in a link `#link=CODE`, or null.
export function linkCodeInURL() {
  const hash = location.hash.slice(1);
  if (!hash.toLowerCase().startsWith(LINK_PREFIX)) return null;
  let text;
  try { text = decodeURIComponent(hash.slice(LINK_PREFIX.length)); } catch { text = hash.slice(LINK_PREFIX.length); }
  return text.trim() || null;
}

async function makeCode() {
  if (makeState === "making") return;
  makeState = "making";
  renderMove();
  try {
    const answer = await makeLinkCode();
    shown = { code: answer.code, url: answer.url, qrSvg: answer.qrSvg, expiresAt: answer.expiresAt };
    expired = false;
    clearTimeout(expiryTimer);
    expiryTimer = setTimeout(() => { expired = true; renderMove(); }, Math.max(0, shown.expiresAt - now()));
    makeState = "idle";
  } catch (err) {
    makeState = "failed";
    makeError = refusalText(err, t("account.notSignedIn"));
  }
  renderMove();
  if (shown && makeState === "idle") $("link-code").focus();
}

// Redeems a link code on this page: "switched" (this page becomes that player and reloads),
// "same" (it already was), or "failed" (the dialog says why, the code stays in its field).
// The server reads a code in any case, with or without its dash.
export async function redeemCode(code) {
  $("link-input").value = code;
  redeemState = "redeeming";
  renderMove();
  try {
    const outcome = await finishSignIn(await redeemLinkCode(code));
    redeemState = outcome === "same" ? "same" : "idle";
    renderMove();
    return outcome;
  } catch (err) {
    redeemState = "failed";
    redeemError = refusalText(err, t("move.badCode"));
    renderMove();
    return "failed";
  }
}

// What the forms said when the dialog was last open is forgotten (the code on show stays).
export function resetMoveStatus() {
  if (makeState === "failed") makeState = "idle";
  if (redeemState !== "redeeming") redeemState = "idle";
}

export function renderMove() {
  $("link-make").disabled = makeState === "making";
  $("link-make").textContent = t(shown ? "move.makeAnother" : "move.make");
  $("link-make-error").textContent = makeState === "failed" ? makeError : "";
  $("link-show").classList.toggle("hidden", !shown || expired);
  $("link-expired").classList.toggle("hidden", !shown || !expired);
  if (shown) {
    $("link-code").textContent = shown.code;
    $("link-url").value = shown.url;
    const qr = $("link-qr");
    // As an image, the server's SVG is drawn without running anything inside it.
    const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(shown.qrSvg)}`;
    if (qr.getAttribute("src") !== src) qr.setAttribute("src", src);
    qr.alt = t("move.qrAlt", { code: shown.code });
    // The server's clock says when; the player reads it on this device's clock.
    const until = new Intl.DateTimeFormat(language(), { timeStyle: "short" }).format(shown.expiresAt - (now() - Date.now()));
    $("link-expiry").textContent = t("move.expiry", { time: until });
  }
  $("link-form-button").disabled = redeemState === "redeeming";
  $("link-form-status").textContent = redeemState === "redeeming" ? t("move.checking") : redeemState === "same" ? t("move.alreadyYou") : "";
  $("link-form-error").textContent = redeemState === "failed" ? redeemError : "";
}

export function setUpMove() {
  $("link-make").onclick = makeCode;
  $("link-copy").onclick = () => copyFrom($("link-url"), $("link-copy"));
  $("link-form").onsubmit = (e) => {
    e.preventDefault();
    const text = $("link-input").value.trim();
    if (!text) { $("link-input").reportValidity(); return; }
    redeemCode(text);
  };
}
