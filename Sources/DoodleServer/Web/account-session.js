// Which player this page is, across sign-ins and sign-outs. A sign-in that names another player
// switches the page to that player's token and reloads it, so every view (name, pair, gallery)
// starts over as that player; what to tell after the reload waits in sessionStorage. A device
// signed out from another one finds out at its next welcome or when its connection closes.

import { session, token, send, disconnect } from "./connection.js";
import { devices, signOutDevice, me } from "./account-api.js";
import { t } from "./i18n.js";

const TOKEN = "doodle.token";
const NAME = "doodle.name";
// Whose token this page holds: a welcome for another player means the token stopped working.
const PLAYER = "doodle.playerId";
// The identities of the last sign-in answer, with the player they belong to.
const IDENTITIES = "doodle.identities";
// What the page tells after the reload a sign-in or sign-out makes (sessionStorage: this tab).
const NOTE = "doodle.accountNote";

function readJSON(storage, key) {
  try { return JSON.parse(storage.getItem(key) || "null"); } catch { return null; }
}

// The ways the player on this page can sign in elsewhere, as far as this page knows them.
export function knownIdentities() {
  const stored = readJSON(localStorage, IDENTITIES);
  return stored && stored.playerId === session.me && Array.isArray(stored.identities) ? stored.identities : [];
}

function rememberIdentities(playerId, identities) {
  if (Array.isArray(identities)) localStorage.setItem(IDENTITIES, JSON.stringify({ playerId, identities }));
}

// A sign-in answer (`{playerId, name, token, identities}`): the same player as this page's keeps
// the page's token and connection; another player takes this page over. Answers "same" or
// "switched" (the page is reloading then).
export async function finishSignIn(answer) {
  rememberIdentities(answer.playerId, answer.identities);
  if (answer.playerId === session.me) {
    if (answer.token && answer.token !== token()) await dropExtraDevice(answer.token);
    return "same";
  }
  becomePlayer(answer);
  return "switched";
}

// A login or link code for the player already on this page made one more device for this same
// browser (a registration or provider linked with this page's token keeps it, and answers it):
// sign the new one out so that "My devices" lists this browser once. Should that fail, the
// extra device stays in the list, where the player can sign it out; nothing else depends on it.
async function dropExtraDevice(extraToken) {
  try {
    const extra = (await devices(extraToken)).find((d) => d.current);
    if (extra) await signOutDevice(extra.id);
  } catch {
    // Left for the list, as said above.
  }
}

function becomePlayer(answer) {
  // The player this page was leaves its room now rather than holding a seat for a minute.
  if (session.room) send({ type: "leaveRoom" });
  disconnect();
  localStorage.setItem(TOKEN, answer.token);
  localStorage.setItem(NAME, answer.name);
  localStorage.setItem(PLAYER, answer.playerId);
  sessionStorage.setItem(NOTE, JSON.stringify({ kind: "signedIn", name: answer.name }));
  reloadWithoutFragment();
}

// This device was signed out: forget its token and come back as a new anonymous player under
// the same name (the player can sign in again from the account dialog).
export function forgetSignedOutDevice() {
  disconnect();
  sessionStorage.setItem(NOTE, JSON.stringify({ kind: "signedOut", name: session.name || localStorage.getItem(NAME) || "" }));
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(PLAYER);
  localStorage.removeItem(IDENTITIES);
  reloadWithoutFragment();
}

function reloadWithoutFragment() {
  history.replaceState(null, "", location.pathname + location.search);
  location.reload();
}

// What to tell once after a reload made by a sign-in or a sign-out, or null.
export function takeNote() {
  const note = readJSON(sessionStorage, NOTE);
  sessionStorage.removeItem(NOTE);
  if (note?.kind === "signedIn") return t("account.nowPlaying", { name: note.name });
  if (note?.kind === "signedOut") return t("account.signedOutHere", { name: note.name });
  return null;
}

// A welcome: if the token this page sent was for another player, that device was signed out
// (or its player deleted) while the page was away, and the server made a new player. Answers
// what to tell, or null.
export function welcomed(msg) {
  const before = localStorage.getItem(PLAYER);
  localStorage.setItem(PLAYER, msg.playerId);
  if (!before || before === msg.playerId) return null;
  localStorage.removeItem(IDENTITIES);
  return t("account.signedOutAway");
}

// After a close 4002: a newer connection of this player (another tab or device), or this device
// was signed out. Only a 401 says the latter; any other answer, or none, leaves the token be.
export async function tokenStillWorks() {
  try {
    await me();
    return true;
  } catch (err) {
    return err.status !== 401;
  }
}
