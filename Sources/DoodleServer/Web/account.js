// The account dialog, "Keep my drawings": who this page plays as and how that player can sign
// in elsewhere; registering an email and password (or Apple / Google, when the server offers
// them) for the player on this page; signing in as another player, which switches this page to
// it. "Move to a new phone" is in account-move.js, "My devices" in account-devices.js.

import { session, token } from "./connection.js";
import { providers, register, logIn, signInWith, refusalText } from "./account-api.js";
import { resetDevices, loadDevices, renderDevices, setUpDevices } from "./account-devices.js";
import { linkCodeInURL, redeemCode, renderMove, resetMoveStatus, setUpMove } from "./account-move.js";
import { BUTTON_PROVIDERS, newNonce, idTokenFrom } from "./account-providers.js";
import { finishSignIn, knownIdentities } from "./account-session.js";
import "./account-strings.js";
import { t } from "./i18n.js";
import { $, el } from "./ui.js";

// What the server offers, asked once per page: { state: idle | loading | ready | failed, providers, password }.
let offer = { state: "idle", providers: [], password: true };
// Each form's state: idle | busy | done | failed, and what its status line says (a success
// is said at the top of the dialog instead: the form may give way to what it changed).
const forms = {
  register: { state: "idle", text: "" },
  login: { state: "idle", text: "" },
  oidc: { state: "idle", text: "" },
};

let done = "";   // what the last successful sign-in did, said under the identities

const PROVIDER_NAMES = { apple: "Apple", google: "Google" };
const providerName = (name) => (name === "email" ? t("account.email") : PROVIDER_NAMES[name] || name);
const nameOnPage = () => session.name || localStorage.getItem("doodle.name") || "";

async function loadOffer() {
  if (offer.state === "loading" || offer.state === "ready") return;
  offer = { ...offer, state: "loading" };
  try {
    const answer = await providers();
    offer = { state: "ready", providers: Array.isArray(answer?.providers) ? answer.providers : [], password: answer?.password !== false };
  } catch {
    // Without the list the page offers what every server has, email and password.
    offer = { state: "failed", providers: [], password: true };
  }
  renderAccount();
}

// Runs one of the dialog's sign-ins: its form shows that it is busy, then what happened.
async function signIn(form, attempt, invalidCredentials) {
  if (forms[form].state === "busy") return;
  forms[form] = { state: "busy", text: t("account.working") };
  renderAccount();
  try {
    const outcome = await finishSignIn(await attempt());
    forms[form] = { state: "done", text: "" };
    // A switch reloads the page, which tells the rest itself.
    done = outcome === "same" ? t(form === "login" ? "login.alreadyYou" : "account.saved", { name: nameOnPage() }) : t("account.switching");
  } catch (err) {
    forms[form] = { state: "failed", text: refusalText(err, invalidCredentials) };
  }
  renderAccount();
  if (forms[form].state !== "done") return;
  // The form's button may have given way with its form: the focus goes to what happened.
  if (!document.activeElement || document.activeElement === document.body || !document.activeElement.checkVisibility()) $("account-status").focus();
  loadDevices();
}

async function signInWithProvider(provider) {
  const entry = offer.providers.find((p) => p.name === provider);
  if (!entry) return;
  const nonce = newNonce();
  forms.oidc = { state: "busy", text: t("oidc.waiting", { provider: providerName(provider) }) };
  renderAccount();
  let idToken;
  try {
    idToken = await idTokenFrom(provider, entry.clientId, nonce, $("oidc-google-slot"));
  } catch {
    forms.oidc = { state: "failed", text: t("oidc.noToken", { provider: providerName(provider) }) };
    renderAccount();
    return;
  }
  forms.oidc = { state: "idle", text: "" };
  // A page without a player yet may have a name typed in the header for the new one.
  const name = token() ? null : $("name").value.trim() || null;
  await signIn("oidc", () => signInWith(provider, idToken, nonce, name), t("oidc.refused", { provider: providerName(provider) }));
}

function renderIdentities() {
  const identities = knownIdentities();
  const name = nameOnPage();
  $("account-who").textContent = !session.me ? t("account.noPlayer")
    : identities.length ? t("account.signedIn", { name }) : t("account.anonymous", { name });
  $("account-identities").replaceChildren(...identities.map((i) =>
    el("li", i.email ? t("account.identity", { provider: providerName(i.provider), email: i.email }) : providerName(i.provider))));
  $("account-identities").classList.toggle("hidden", !identities.length);
  $("account-status").textContent = done;
  return identities;
}

function renderForm(form) {
  const { state, text } = forms[form];
  $(`${form}-status`).textContent = state === "busy" ? text : "";
  $(`${form}-error`).textContent = state === "failed" ? text : "";
}

export function renderAccount() {
  const identities = renderIdentities();
  const hasEmail = identities.some((i) => i.provider === "email");
  // Registering keeps the player on this page: a page without one has nothing to keep yet.
  $("register-section").classList.toggle("hidden", !offer.password || hasEmail || !token());
  $("login-section").classList.toggle("hidden", !offer.password);
  $("login-note").textContent = session.me && !identities.length ? t("login.noteAnonymous", { name: nameOnPage() }) : t("login.note");
  for (const provider of BUTTON_PROVIDERS) {
    const listed = offer.providers.some((p) => p.name === provider);
    $(`oidc-${provider}`).classList.toggle("hidden", !listed);
    $(`oidc-${provider}`).disabled = forms.oidc.state === "busy";
  }
  $("oidc-section").classList.toggle("hidden", !offer.providers.some((p) => BUTTON_PROVIDERS.includes(p.name)));
  $("register-button").disabled = forms.register.state === "busy";
  $("login-button").disabled = forms.login.state === "busy";
  for (const form of Object.keys(forms)) renderForm(form);
  $("devices-section").classList.toggle("hidden", !token());
  $("move-section").classList.toggle("hidden", !token());
  renderMove();
  renderDevices();
}

// `fresh`: forget what the dialog said when it was last open.
export function openAccount(fresh = true) {
  if (fresh) {
    for (const form of Object.keys(forms)) if (forms[form].state !== "busy") forms[form] = { state: "idle", text: "" };
    done = "";
    resetMoveStatus();
  }
  resetDevices();
  renderAccount();
  if (!$("account").open) $("account").showModal();
  loadOffer();
  if (token()) loadDevices();
}

// A link `#link=CODE` opened this page: redeem it before connecting, and take the code out of
// the address (it is a secret, and a reload must not spend it again). Answers true when the page
// is becoming that player (it reloads); on a refusal the dialog opens with the reason.
export async function redeemLinkInURL() {
  const code = linkCodeInURL();
  if (!code) return false;
  history.replaceState(null, "", location.pathname + location.search);
  const outcome = await redeemCode(code);
  if (outcome === "switched") return true;
  if (outcome === "failed") {
    openAccount(false);
    $("link-input").focus();
  }
  return false;
}

export function setUpAccount() {
  $("account-open").onclick = () => openAccount();
  $("account-close").onclick = () => $("account").close();
  $("register-form").onsubmit = (e) => {
    e.preventDefault();
    if (!$("register-form").reportValidity()) return;
    const email = $("register-email").value.trim(), password = $("register-password").value;
    signIn("register", () => register(email, password), t("login.wrong"));
  };
  $("login-form").onsubmit = (e) => {
    e.preventDefault();
    if (!$("login-form").reportValidity()) return;
    const email = $("login-email").value.trim(), password = $("login-password").value;
    signIn("login", () => logIn(email, password), t("login.wrong"));
  };
  for (const provider of BUTTON_PROVIDERS) $(`oidc-${provider}`).onclick = () => signInWithProvider(provider);
  setUpMove();
  setUpDevices();
  // A link pasted into a tab that already shows the page changes only its fragment.
  window.addEventListener("hashchange", () => { if (linkCodeInURL()) redeemLinkInURL(); });
}
