// The HTTP calls of accounts and devices (PROTOCOL.md, "Accounts and devices (rev 4)"). Every
// call says whether it carries the page's token: a sign-in with it links the new identity to
// the player on this page, while a login or a link code names a player of its own. The server
// names each new device after the browser's User-Agent ("Firefox on Linux"), as it names the
// first one, so the sign-ins send no label of their own.

import { token } from "./connection.js";
import { t, errorText } from "./i18n.js";

// A refused call: the HTTP status, the API's error code and message, and for a 429 how many
// seconds to wait (from Retry-After; null when the server did not say).
export class AccountError extends Error {
  constructor(status, code, message, retryAfter) {
    super(message || `HTTP ${status}`);
    this.status = status;
    this.code = code || null;
    this.retryAfter = retryAfter;
  }
}

// `withToken`: send `Authorization: Bearer` with the page's token (when it has one), or with
// `bearer` when given. Answers the JSON body (null for an empty one). A network failure
// rejects with an AccountError of status 0.
async function call(path, { method = "GET", body, withToken = false, bearer } = {}) {
  const headers = {};
  const credential = bearer ?? (withToken ? token() : null);
  if (credential) headers.Authorization = `Bearer ${credential}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new AccountError(0, "offline", err.message, null);
  }
  const text = await response.text();
  let answer = null;
  try { answer = text ? JSON.parse(text) : null; } catch { answer = null; }
  if (!response.ok) {
    const seconds = Number.parseInt(response.headers.get("Retry-After") ?? "", 10);
    throw new AccountError(response.status, answer?.error?.code, answer?.error?.message, Number.isFinite(seconds) ? seconds : null);
  }
  return answer;
}

// Which OpenID Connect providers the server takes, and whether it takes email and password.
export const providers = () => call("/v1/auth/providers");

// Registering links the email to the player on this page.
export const register = (email, password) =>
  call("/v1/auth/register", { method: "POST", body: { email, password }, withToken: true });

export const logIn = (email, password) =>
  call("/v1/auth/login", { method: "POST", body: { email, password } });

// An identity the provider vouched for: linked to the player on this page unless it already
// belongs to a player, who this page becomes then. `name` names a new player (a page without
// one); the server picks a name without it.
export const signInWith = (provider, idToken, nonce, name) =>
  call("/v1/auth/oidc", { method: "POST", body: { provider, idToken, nonce, ...(name && { name }) }, withToken: true });

export const redeemLinkCode = (code) =>
  call("/v1/auth/link", { method: "POST", body: { code } });

export const makeLinkCode = () => call("/v1/me/link-code", { method: "POST", withToken: true });

export const devices = (bearer) => call("/v1/me/sessions", { withToken: true, bearer });

export const signOutDevice = (id) =>
  call(`/v1/me/sessions/${encodeURIComponent(id)}`, { method: "DELETE", withToken: true });

export const me = () => call("/v1/me", { withToken: true });

// What a refusal means to the player, in the page's language. `invalidCredentials` is the
// string for a 401 invalid_credentials, which means something else to each form.
export function refusalText(err, invalidCredentials) {
  if (err.status === 0) return t("account.offline");
  if (err.status === 429) return err.retryAfter ? t("account.wait", { time: waitText(err.retryAfter) }) : t("account.waitSoon");
  if (err.status === 503) return t("account.busy");
  if (err.code === "invalid_credentials") return invalidCredentials;
  if (err.code === "email_taken") return t("register.taken");
  if (err.code === "weak_password") return t("register.weak");
  return errorText(err.code, err.message);
}

function waitText(seconds) {
  return seconds < 90 ? t("account.seconds", { n: seconds }) : t("account.minutes", { n: Math.ceil(seconds / 60) });
}
