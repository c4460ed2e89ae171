// The page's entry: the header (name, Party/Pair tabs), which view shows, and where each
// server message goes. The party game lives in party.js, pair mode in pair.js.

import { session, setHandlers, connect, reconnectNow, send, forgetRoom, isOpen } from "./connection.js";
import { setUpViewer } from "./gallery.js";
import { setUpPair, pairHandlers, renderPair, resetPair, linkIsPair } from "./pair.js";
import { setUpParty, partyHandlers, renderParty, resetParty } from "./party.js";
import { $, showError } from "./ui.js";

// A share link decides the view; otherwise the page comes back to the one last used.
let view = linkIsPair() ? "pair" : location.hash.length > 1 ? "party" : localStorage.getItem("doodle.view") === "pair" ? "pair" : "party";
let reseated = false;     // since the last welcome, did the server put us back into a room?
let reseatCheck = null;   // the check after the last welcome (a redirect brings another welcome)

const inPair = () => session.room?.mode === "pair";
const inParty = () => Boolean(session.room) && !inPair();
const roomHandlers = () => (inPair() ? pairHandlers : partyHandlers);

function setView(next) {
  view = next;
  localStorage.setItem("doodle.view", next);
}

// A party code from an invite link (`#K7PQ2M` or `?room=K7PQ2M`), or null.
function partyCodeInLink() {
  if (linkIsPair()) return null;
  const fromQuery = new URLSearchParams(location.search).get("room");
  return (fromQuery || location.hash.slice(1) || "").trim().toUpperCase() || null;
}

// Enters the room the view and the link ask for: our pair room, or a linked party room.
function enterRoom() {
  if (view === "pair") { send({ type: "createRoom", mode: "pair" }); return; }
  const code = partyCodeInLink();
  if (code) send({ type: "joinRoom", code });
}

// After an unpair the server may take a moment to let the partner out of the pair room
// (it answers already_in_room meanwhile): ask again, a little later each time.
let freshCodeTries = null;
function askForFreshCode(tries) {
  if (tries > 5) { freshCodeTries = null; showError("Could not open a new pair code; switch to Party and back to Pair to try again."); return; }
  freshCodeTries = tries;
  setTimeout(() => send({ type: "createRoom", mode: "pair" }), tries === 0 ? 0 : 100 * 2 ** tries);
}

function leftRoom(keepLink) {
  forgetRoom();
  resetParty();
  resetPair();
  if (!keepLink) history.replaceState(null, "", location.pathname);
}

function handle(msg) {
  if (typeof msg.seq === "number") reseated = true;
  switch (msg.type) {
    case "welcome":
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
    case "roomState":
      freshCodeTries = null;
      setView(inPair() ? "pair" : "party");
      roomHandlers().roomState(msg);
      break;
    case "error":
      if (freshCodeTries !== null && msg.ref === "createRoom" && msg.code === "already_in_room") {
        askForFreshCode(freshCodeTries + 1);
        break;
      }
      showError(msg.message || msg.code);
      if (session.room) roomHandlers().error(msg);
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
    case "playerLeft":
      if (msg.playerId === session.me) leftRoom(false);
      else if (session.room) roomHandlers().playerLeft?.(msg);
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
  const named = Boolean(session.me);
  $("tab-party").classList.toggle("on", view === "party");
  $("tab-pair").classList.toggle("on", view === "pair");
  $("tabs").classList.toggle("hidden", !named);
  $("lobby").classList.toggle("hidden", !named || view !== "party" || Boolean(session.room));
  $("game").classList.toggle("hidden", view !== "party" || !inParty());
  $("pair-view").classList.toggle("hidden", !named || view !== "pair");
  if (inParty()) renderParty();
  if (view === "pair") renderPair();
}

// Switching views leaves the room of the other one; the server takes our messages in order,
// so the next room can be asked for at once.
$("tab-pair").onclick = () => {
  if (view === "pair") return;
  if (inParty()) {
    const playing = ["choosing", "drawing", "turnEnd"].includes(session.room.phase);
    if (playing && !confirm(`Leave the game in room ${session.room.code}?`)) return;
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

$("name-form").onsubmit = (e) => {
  e.preventDefault();
  const name = $("name").value.trim();
  if (!name) return;
  localStorage.setItem("doodle.name", name);
  if (session.me && isOpen()) send({ type: "rename", name }); else reconnectNow();
};

setHandlers(handle, (code) => {
  if (code === 4000) { leftRoom(false); render(); }
});
setUpParty();
setUpPair();
setUpViewer();
$("name").value = localStorage.getItem("doodle.name") || "";
const linked = partyCodeInLink();
if (linked) $("join-code").value = linked;
if ($("name").value) connect();
render();
