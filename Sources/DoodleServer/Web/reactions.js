// Likes and dislikes for the drawing on screen, during `drawing` and `turnEnd`: the live counts
// (each turn starts at zero), and for everyone but the drawer two toggle buttons with our own
// choice pressed. Each `reaction` event carries the drawing's counts after it, and `roomState`
// the counts and our own reaction, so a reload loses nothing.

import { session, send } from "./connection.js";
import { t, tn } from "./i18n.js";
import { icon } from "./icons.js";
import { $, el, setPressed } from "./ui.js";

const KINDS = ["like", "dislike"];
const PHASES = ["drawing", "turnEnd"];

let counts = { like: 0, dislike: 0 };
let mine = "none";

function setCounts(from) {
  counts = { like: Math.max(0, from?.like ?? 0), dislike: Math.max(0, from?.dislike ?? 0) };
}

// A snapshot carries the turn's counts and our own reaction during drawing and turnEnd.
export function reactionsFromSnapshot(room) {
  const onScreen = PHASES.includes(room.phase);
  setCounts(onScreen ? room.reactions : null);
  mine = (onScreen && room.myReaction) || "none";
}

// A new turn (or the lobby): nothing given yet.
export function resetReactions() {
  setCounts(null);
  mine = "none";
}

export const reactionHandlers = {
  reaction(m) {
    setCounts(m.reactions);
    if (m.playerId === session.me) mine = m.reaction;
  },
};

// Whether the room shows a drawing one can react to: a turn whose drawer drew nothing (skipped,
// or left before the first stroke) ends with no drawing.
function reactable(room) {
  if (!room || !PHASES.includes(room.phase)) return false;
  return !(room.phase === "turnEnd" && room.lastTurn && room.lastTurn.drawingId == null);
}

// The pressed button takes the reaction back; the other one replaces it. Our own choice shows
// once the server's event says so.
function react(kind) { send({ type: "react", reaction: mine === kind ? "none" : kind }); }

export function setUpReactions() {
  for (const kind of KINDS) {
    const b = $(`react-${kind}`);
    b.prepend(icon(kind));
    b.onclick = () => react(kind);
  }
}

// What the counts say in words, for a screen reader and the drawer's tally.
const tallyText = () => `${tn("react.likes", counts.like)}, ${tn("react.dislikes", counts.dislike)}`;

export function renderReactions(room) {
  const box = $("reactions");
  const shown = reactable(room);
  box.classList.toggle("hidden", !shown);
  if (!shown) return;
  const drawer = room.drawerId === session.me;
  for (const kind of KINDS) {
    const b = $(`react-${kind}`);
    b.classList.toggle("hidden", drawer);
    setPressed(b, mine === kind);
    b.querySelector(".count").textContent = String(counts[kind]);
  }
  // The drawer sees what the others think, without buttons.
  const tally = $("reaction-tally");
  tally.classList.toggle("hidden", !drawer);
  if (!drawer) return;
  const parts = KINDS.flatMap((kind) => [icon(kind), el("span", String(counts[kind]), `count ${kind}`)]);
  const words = el("span", tallyText(), "sr-only");
  tally.replaceChildren(...parts, words);
  for (const part of parts) part.setAttribute("aria-hidden", "true");
}
