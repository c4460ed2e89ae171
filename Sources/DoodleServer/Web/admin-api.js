// The operator page's calls to the admin API. The token is typed in once and kept for this tab
// (sessionStorage, so it leaves with the tab); every call sends it as a Bearer token.

import { t, errorText } from "./i18n.js";

const TOKEN = "doodle.adminToken";

// Whether the server has accepted the token kept (a call with it succeeded).
let accepted = false;

export const adminToken = () => sessionStorage.getItem(TOKEN);
export const tokenAccepted = () => accepted;
export function keepAdminToken(token) { sessionStorage.setItem(TOKEN, token); accepted = false; }
export function forgetAdminToken() { sessionStorage.removeItem(TOKEN); accepted = false; }

// A refused call: `status` 0 when the server could not be reached.
export class AdminError extends Error {
  constructor(message, status, code = null) {
    super(message);
    this.status = status;
    this.code = code;
  }

  get wrongToken() { return this.status === 401; }
  get tooManyTries() { return this.status === 429; }
}

// A JSON call; resolves with the answer's body (null when it has none), rejects with an
// AdminError in the page's language where the code is one it knows.
export async function adminCall(method, path, body) {
  const headers = { Authorization: `Bearer ${adminToken() ?? ""}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new AdminError(t("admin.offline", { error: err.message }), 0);
  }
  const answer = await response.json().catch(() => null);
  if (response.ok) { accepted = true; return answer; }
  if (response.status === 401) throw new AdminError(t("admin.wrongToken"), 401, "unauthorized");
  if (response.status === 429) {
    const wait = Number(response.headers.get("Retry-After"));
    throw new AdminError(wait > 0 ? t("admin.tooMany", { n: wait }) : t("admin.tooManySoon"), 429, "rate_limited");
  }
  const code = answer?.error?.code ?? null;
  const message = code ? errorText(code, answer.error.message) : t("api.failed", { path, status: response.status });
  throw new AdminError(message, response.status, code);
}

// The milliseconds of a stored time, as the operator's language writes a date and time.
export const when = (millis, language) => new Date(millis).toLocaleString(language, { dateStyle: "short", timeStyle: "medium" });
