// What an invite link (`/#K7PQ2M`) points at, from GET /v1/rooms/{code}, so the page can say
// which room the visitor is about to join before it has a name, and why it cannot if so.

import { api } from "./connection.js";
import { t, tn } from "./i18n.js";

let lookup = null;        // { code, state: "loading"|"ready"|"missing"|"busy"|"failed", info, error }

// Looks the code up once; `changed` is called when the answer is in.
export function lookUpInvite(code, changed) {
  if (!code || lookup?.code === code) return;
  lookup = { code, state: "loading" };
  api(`/v1/rooms/${encodeURIComponent(code)}`).then(
    (info) => { if (lookup.code === code) lookup = { code, state: "ready", info }; },
    (err) => {
      if (lookup.code !== code) return;
      const state = err.status === 404 || err.status === 400 ? "missing" : err.status === 429 ? "busy" : "failed";
      lookup = { code, state, error: err.message };
    },
  ).then(changed);
}

// What the link lets a visitor do: "join" a seat, only "watch" (every seat taken), nothing
// ("locked": its owner must unlock it; "gone"). Unknown rooms are joined: the server decides.
export function inviteAccess(code) {
  if (!code || lookup?.code !== code) return "join";
  if (lookup.state === "missing") return "gone";
  const info = lookup.state === "ready" ? lookup.info : null;
  if (!info?.players) return "join";
  if (info.locked) return "locked";
  return info.maxPlayers && info.players.length >= info.maxPlayers ? "watch" : "join";
}

// One line about the linked room in the page's language, or "" when there is no link.
export function inviteLine(code) {
  if (!code || lookup?.code !== code) return "";
  switch (lookup.state) {
    case "loading": return t("invite.loading", { code });
    case "missing": return t("invite.missing", { code });
    case "busy": return t("invite.busy");
    case "failed": return t("invite.failed", { error: lookup.error });
  }
  const info = lookup.info;
  if (!info.players) return "";          // a room on another node: only its address is known here
  const connected = info.players.filter((p) => p.connected !== false).length;
  let line = t("invite.info", { mode: t(`mode.${info.mode}`), players: tn("players.n", connected), phase: t(`phase.${info.phase}`) });
  if (info.locked) line += `. ${t("invite.locked")}`;
  else if (info.maxPlayers && info.players.length >= info.maxPlayers) line += `. ${t("invite.full")}`;
  return line;
}

