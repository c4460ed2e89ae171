// The page's entry: the header (name, Party/Pair tabs, account, sound, language), which view
// shows, and where each server message goes. The party game lives in party.js, telephone mode
// (a party-view room with its own stage) in telephone.js, pair mode in pair.js, the account
// dialog in account.js.

import { setUpAccount, redeemLinkInURL, renderAccount } from "./account.js";
import { face } from "./avatar.js";
import { setUpAvatarEditor, renderAvatarEditor, shownAvatar, storedAvatar, avatarChanged, avatarSent, setAvatarOwner, ensureAvatar } from "./avatar-editor.js";
import { linkCodeInURL } from "./account-move.js";
import { takeNote, welcomed, tokenStillWorks, forgetSignedOutDevice } from "./account-session.js";
import { session, setHandlers, connect, reconnectNow, send, forgetRoom, isOpen, relabelConnection, markNotConnecting, askedRoomCode } from "./connection.js";
import { setUpViewer } from "./gallery.js";
import { t, translatePage, errorText, setUpLanguagePicker, onLanguageChange, language } from "./i18n.js";
import { icon } from "./icons.js";
import { lookUpInvite, inviteLine, inviteAccess } from "./invite.js";
import { refreshLeaderboard, renderLeaderboard, showLeaderboardPeriod } from "./leaderboard.js";
import { nameProblem, refusedNameText } from "./names.js";
import { loadPacks } from "./packs.js";
import { setUpPair, pairHandlers, renderPair, resetPair, linkIsPair, renderHistory } from "./pair.js";
import { setUpParty, partyHandlers, renderParty, resetParty, fillCreatePacks } from "./party.js";
import { setUpPlay, fillPlayPacks, pickedPack, quickPlay } from "./play.js";
import { startRoomList, stopRoomList, refreshRooms, renderRooms } from "./rooms.js";
import { soundOn, setSound } from "./sound.js";
import { setUpTelephone, telephoneHandlers, renderTelephone, resetTelephone, isTelephone } from "./telephone.js";
import { $, showError, setPressed } from "./ui.js";

// A share link decides the view; otherwise the page comes back to the one last used.
let view = linkIsPair() ? "pair" : location.hash.length > 1 && !linkCodeInURL() ? "party" : localStorage.getItem("doodle.view") === "pair" ? "pair" : "party";
let reseated = false;     // since the last welcome, did the server put us back into a room?
let reseatCheck = null;   // the check after the last welcome (a redirect brings another welcome)
let renaming = false;     // the header shows the name form instead of the name
let wasOnFront = false;   // the front page showed at the last render
let playOnceNamed = false; // the welcome card's Play was pressed: quick play after the welcome
// What the page must tell the player until it is dismissed: an operator closed the room, or
// banned the player (then nothing else shows: the server takes no more from this player); a
// sign-in or sign-out changed the player; another tab or device took over the connection.
let notice = null;         // { kind: "closed" | "banned" | "account" | "replaced", text }
let nameError = "";        // why the name typed cannot be used (the page's check, or the server's)
let refusedCode = null;    // a room the join form asked for and was refused (full or locked)

const inPair = () => session.room?.mode === "pair";
const inParty = () => Boolean(session.room) && !inPair();
const roomHandlers = () => (inPair() ? pairHandlers : isTelephone() ? telephoneHandlers : partyHandlers);

function setView(next) {
  view = next;
  localStorage.setItem("doodle.view", next);
}

// A party code from an invite link (`#K7PQ2M` or `?room=K7PQ2M`), or null.
function partyCodeInLink() {
  if (linkIsPair() || linkCodeInURL()) return null;
  const fromQuery = new URLSearchParams(location.search).get("room");
  return (fromQuery || location.hash.slice(1) || "").trim().toUpperCase() || null;
}

// Closed with 4002: this player connected from another tab or device, or this device was
// signed out from another one (then its token no longer works, and the page starts over as a
// new player). Only the first asks to play here again.
async function replacedOrSignedOut() {
  if (!(await tokenStillWorks())) { forgetSignedOutDevice(); return; }
  tell("replaced", t("close.4002"));
  render();
}

// Enters the room the view and the link ask for: our pair room, or a linked party room.
function enterRoom() {
  if (view === "pair") { send({ type: "createRoom", mode: "pair" }); return; }
  if (playOnceNamed) { playOnceNamed = false; quickPlay(); return; }
  const code = partyCodeInLink();
  // A link to a room whose seats are all taken lets the visitor watch it.
  if (code) send({ type: "joinRoom", code, ...(inviteAccess(code) === "watch" && { spectate: true }) });
}

// After an unpair the server may take a moment to let the partner out of the pair room
// (it answers already_in_room meanwhile): ask again, a little later each time.
let freshCodeTries = null;
function askForFreshCode(tries) {
  if (tries > 5) { freshCodeTries = null; showError(t("pair.freshCodeFailed")); return; }
  freshCodeTries = tries;
  setTimeout(() => send({ type: "createRoom", mode: "pair" }), tries === 0 ? 0 : 100 * 2 ** tries);
}

function leftRoom(keepLink) {
  forgetRoom();
  resetParty();
  resetTelephone();
  resetPair();
  if (!keepLink) history.replaceState(null, "", location.pathname);
}

function tell(kind, text) { notice = { kind, text }; }

// A ban in the operator's words and until when, as far as the server says (a newer one does).
function banText(msg) {
  const parts = [t("close.4004")];
  if (msg.reason) parts.push(t("ban.reason", { reason: msg.reason }));
  if (typeof msg.untilMillis === "number") {
    const when = new Intl.DateTimeFormat(language(), { dateStyle: "long", timeStyle: "short" }).format(msg.untilMillis);
    parts.push(t("ban.until", { when }));
  } else if (msg.reason) {
    parts.push(t("ban.forever"));
  }
  return parts.join(" ");
}

// An operator closed our room: its members are out of it (the socket closes with 4005 next and
// comes back in no room; the link no longer points at the room).
function roomClosedByOperator(reason) {
  const code = session.room?.code;
  tell("closed", reason ? t("notice.roomClosed", { code: code ?? "", reason }) : t("close.4005"));
  leftRoom(false);
}

function handle(msg) {
  if (typeof msg.seq === "number") reseated = true;
  switch (msg.type) {
    case "roomClosed":
      roomClosedByOperator(msg.reason);
      break;
    case "welcome": {
      // Welcomed again after a ban (it was lifted, or it ran out), or after another device took
      // over and this one asked to play here again: the page is usable again.
      if (notice?.kind === "banned" || notice?.kind === "replaced") notice = null;
      const signedOutAway = welcomed(msg);
      setAvatarOwner(msg.playerId);
      nameError = "";
      if (signedOutAway) tell("account", signedOutAway);
      // The server re-seats us right after welcome, and a replay always ends with our own
      // playerConnection. If nothing came, our seat is gone: drop the stale room, follow the link.
      reseated = false;
      clearTimeout(reseatCheck);
      reseatCheck = setTimeout(() => {
        if (reseated) return;
        if (session.room) leftRoom(true);
        enterRoom();
        render();
      }, 800);
      break;
    }
    case "roomState":
      freshCodeTries = null;
      refusedCode = null;
      // In a room again: the closed one's notice has been read or no longer matters.
      if (notice?.kind === "closed") notice = null;
      setView(inPair() ? "pair" : "party");
      roomHandlers().roomState(msg);
      break;
    case "error":
      if (freshCodeTries !== null && msg.ref === "createRoom" && msg.code === "already_in_room") {
        askForFreshCode(freshCodeTries + 1);
        break;
      }
      // A refused name is said beside the name field, which opens again to fix it.
      if (msg.code === "invalid_name") {
        nameError = refusedNameText(msg);
        if (session.me) renaming = true;
        // Refused at a first hello: no name was ever taken, so the first screen comes back.
        else if (msg.ref === "hello" && !localStorage.getItem("doodle.token")) localStorage.removeItem("doodle.name");
        showError(nameError);
        break;
      }
      // Banned from the server (said at hello; close 4004 follows): not a room's refusal.
      if (msg.code === "banned" && (msg.ref === "hello" || !msg.ref)) { tell("banned", banText(msg)); break; }
      // A room's view may show the error where it belongs (a report's dialog) instead of a toast.
      if (!(session.room && roomHandlers().error(msg))) showError(errorText(msg.code, msg.message));
      // The link's room could not be joined: the lobby says what became of it.
      if (msg.ref === "joinRoom" && !session.room && partyCodeInLink()) lookUpInvite(partyCodeInLink(), render);
      // A room asked for by its code or from the list, full or locked: the join form says so, and
      // what is left to do.
      else if (msg.ref === "joinRoom" && !session.room && ["room_full", "room_locked"].includes(msg.code)) {
        refusedCode = askedRoomCode();
        lookUpInvite(refusedCode, render);
      }
      if (msg.code === "already_in_room" && msg.ref === "joinRoom" && inParty()) history.replaceState(null, "", `#${session.room.code}`);
      break;
    case "unpaired":
      pairHandlers.unpaired(msg);
      // Said in the pair room (with seq), it leaves both partners in no room: ask for a fresh
      // code. Said on entry (without seq), the new waiting room's roomState follows by itself.
      if (typeof msg.seq === "number") {
        leftRoom(false);
        if (view === "pair") askForFreshCode(0);
      }
      break;
    case "playerRenamed":
      // Our own new name: the header shows it; outside a room the server tells only us.
      if (msg.playerId === session.me) {
        session.name = msg.name;
        localStorage.setItem("doodle.name", msg.name);
        renaming = false;
        nameError = "";
        renderAvatarEditor();
      }
      if (session.room) roomHandlers().playerRenamed?.(msg);
      break;
    case "playerLeft":
    case "spectatorLeft":
      if (msg.playerId === session.me) leftRoom(false);
      else if (session.room) roomHandlers()[msg.type]?.(msg);
      break;
    default: {
      if (!session.room) return;
      const handler = roomHandlers()[msg.type];
      if (handler) handler(msg);
    }
  }
  render();
}

function render() {
  const banned = notice?.kind === "banned";
  const named = Boolean(session.me) && !banned;
  $("notice").classList.toggle("hidden", !notice);
  $("notice").dataset.kind = notice?.kind ?? "";
  $("notice-act").classList.toggle("hidden", notice?.kind !== "replaced");
  // Written only when it changes: an alert's region speaks again at each new text node.
  if ($("notice-text").textContent !== (notice?.text ?? "")) $("notice-text").textContent = notice?.text ?? "";
  // A ban lasts until the server lets the player in again; there is nothing to dismiss.
  $("notice-ok").classList.toggle("hidden", banned);
  // A first visit (no name yet) gets the welcome card; a returning one waits for its welcome.
  const firstVisit = !named && !banned && !localStorage.getItem("doodle.name");
  const onFront = named && view === "party" && !inParty();
  setPressed($("tab-party"), view === "party");
  setPressed($("tab-pair"), view === "pair");
  $("tabs").classList.toggle("hidden", !named);
  $("account-open").classList.toggle("hidden", banned);
  $("front").classList.toggle("hidden", !firstVisit && !onFront);
  $("welcome").classList.toggle("hidden", !firstVisit);
  $("lobby").classList.toggle("hidden", !onFront);
  $("pair-view").classList.toggle("hidden", !named || view !== "pair");
  $("game").classList.toggle("hidden", !named || view !== "party" || !inParty());
  $("stage").classList.toggle("hidden", isTelephone());
  $("tel-stage").classList.toggle("hidden", !isTelephone());
  renderHeader(named, firstVisit);
  renderWelcome();
  if (onFront) renderJoinInfo();
  if (onFront && !wasOnFront) { refreshLeaderboard(); startRoomList(); }
  if (!onFront && wasOnFront) stopRoomList();
  wasOnFront = onFront;
  if (inParty()) renderParty();
  if (isTelephone()) renderTelephone();
  if (view === "pair") renderPair();
}

// The header names the player once the server has welcomed it; "Change name" opens the form.
function renderHeader(named, firstVisit) {
  const editing = !named || renaming;
  $("me").classList.toggle("hidden", editing);
  $("identity").classList.toggle("hidden", !editing);
  // A first visit edits its face and name right above Play; a rename does it in the header.
  const home = firstVisit ? $("welcome-identity") : $("header-identity");
  if ($("identity").parentElement !== home) home.append($("identity"));
  $("me-name").textContent = session.name || "";
  $("me-face").replaceChildren(face(shownAvatar(), 24));
  if ($("name-error").textContent !== nameError) $("name-error").textContent = nameError;
  const sound = $("sound");
  setPressed(sound, soundOn());
  sound.replaceChildren(icon(soundOn() ? "soundOn" : "soundOff"));
}

// The welcome card's words and its big button follow what the link allows: join, watch a full
// room, or (locked or gone) play in an open room instead.
const WELCOME = {
  join: { title: "invite.title", text: "welcome.textInvite", go: "welcome.join" },
  watch: { title: "invite.titleOnly", text: "welcome.textWatch", go: "welcome.watch" },
  locked: { title: "invite.titleOnly", text: "welcome.textLocked", go: "welcome.go" },
  gone: { title: "invite.title", text: "welcome.text", go: "welcome.go" },
  none: { title: "welcome.title", text: "welcome.text", go: "welcome.go" },
};

function renderWelcome() {
  const code = partyCodeInLink();
  const words = WELCOME[code ? inviteAccess(code) : "none"];
  $("welcome-title").textContent = t(words.title, { code });
  $("welcome-info").textContent = inviteLine(code);
  $("welcome-info").classList.toggle("hidden", !$("welcome-info").textContent);
  $("welcome-text").textContent = t(words.text);
  $("welcome-go").textContent = t(words.go, { code });
}

// After a link's room (or a typed code's) could not be joined, the join form says what became
// of it, and offers to watch a room whose seats are all taken.
function renderJoinInfo() {
  const code = partyCodeInLink() || refusedCode;
  $("join-info").textContent = code ? `${code}: ${inviteLine(code)}` : "";
  $("join-info").classList.toggle("hidden", !code || !inviteLine(code));
  const watch = $("join-watch");
  watch.classList.toggle("hidden", !code || inviteAccess(code) !== "watch");
  watch.textContent = t("welcome.watch", { code: code ?? "" });
  watch.onclick = () => send({ type: "joinRoom", code, spectate: true });
}

// Switching views leaves the room of the other one; the server takes our messages in order,
// so the next room can be asked for at once.
$("tab-pair").onclick = () => {
  if (view === "pair") return;
  if (inParty()) {
    const playing = ["choosing", "drawing", "turnEnd", "step", "reveal"].includes(session.room.phase);
    if (playing && !confirm(t("leaveGame.confirm", { code: session.room.code }))) return;
    send({ type: "leaveRoom" });
    leftRoom(false);
  }
  setView("pair");
  send({ type: "createRoom", mode: "pair" });
  render();
};
$("tab-party").onclick = () => {
  if (view === "party") return;
  if (inPair()) { send({ type: "leaveRoom" }); leftRoom(false); }
  setView("party");
  render();
};

// Whether the typed name may be sent; if not, the reason shows under it and it gets the focus.
function nameReady() {
  nameError = nameProblem($("name").value);
  render();
  if (nameError) $("name").focus();
  return !nameError;
}

$("name-form").onsubmit = (e) => {
  e.preventDefault();
  if (!nameReady()) return;
  const name = $("name").value.trim();
  localStorage.setItem("doodle.name", name);
  if (session.me && isOpen()) {
    const avatar = avatarChanged() ? storedAvatar() : null;
    send(avatar ? { type: "rename", name, avatar } : { type: "rename", name });
    avatarSent();
  } else {
    avatarSent();
    reconnectNow();
  }
  render();
};
// Said while typing, so a long paste is not cut short without a word.
$("name").oninput = () => {
  const problem = nameProblem($("name").value);
  const next = problem === nameProblem("") ? "" : problem;
  if (next !== nameError) { nameError = next; render(); }
};
$("rename").onclick = () => {
  renaming = true;
  $("name").value = session.name || "";
  render();
  $("name").focus();
  $("name").select();
};
$("name").onkeydown = (e) => { if (e.key === "Escape" && session.me) { renaming = false; nameError = ""; render(); } };
$("welcome-go").onclick = () => {
  if (!nameReady()) return;
  const code = partyCodeInLink();
  playOnceNamed = !code || ["gone", "locked"].includes(inviteAccess(code));
  $("name-form").requestSubmit();
};
for (const button of document.querySelectorAll("#board-periods button")) {
  button.onclick = () => showLeaderboardPeriod(button.dataset.period);
}
$("sound").onclick = () => { setSound(!soundOn()); render(); };
$("notice-ok").onclick = () => { notice = null; render(); };
$("notice-act").onclick = () => { notice = null; reconnectNow(); render(); };

setUpLanguagePicker($("lang"));
onLanguageChange(() => { relabelConnection(); renderLeaderboard(); renderRooms(); renderHistory(); renderAccount(); render(); });

// The game fills the window below the header, whose height changes as it wraps.
new ResizeObserver(() => document.documentElement.style.setProperty("--header-h", `${$("top").offsetHeight}px`)).observe($("top"));

setHandlers(handle, (code) => {
  if (code === 4000) leftRoom(false);
  // The hello's error told the reason and the end already; the close alone says less.
  if (code === 4004) { if (notice?.kind !== "banned") tell("banned", t("close.4004")); leftRoom(false); }
  if (code === 4005 && session.room) roomClosedByOperator(null);
  if (code === 4002) replacedOrSignedOut();
  render();
});
translatePage();
relabelConnection();
$("rename").prepend(icon("pen"));
setUpAvatarEditor();
$("account-open").prepend(icon("person"));
setUpAccount();
const accountNote = takeNote();
if (accountNote) tell("account", accountNote);
setUpParty();
setUpTelephone();
setUpPair();
setUpViewer();
const refreshShownRooms = () => { if (wasOnFront) refreshRooms(); };
// A pack picked for Play is the one a new room starts with too; the list shows its rooms.
setUpPlay(() => { $("set-pack").value = pickedPack(); refreshShownRooms(); });
loadPacks(() => { fillPlayPacks(); fillCreatePacks(); renderRooms(); refreshShownRooms(); });
$("name").value = localStorage.getItem("doodle.name") || "";
const linked = partyCodeInLink();
if (linked) $("join-code").value = linked;
// Only a first visit looks the room up (each lookup counts against a per-address limit): a
// player with a name joins at once, and hears of a failure from the join itself.
if (linked && !$("name").value) lookUpInvite(linked, render);
// A first visit has nothing to connect with until it has a name.
if (!$("name").value) { ensureAvatar(); markNotConnecting(); }
render();
// A link `#link=CODE` from another device is redeemed first: the page may become that player.
if (!(await redeemLinkInURL()) && $("name").value) connect();
render();
