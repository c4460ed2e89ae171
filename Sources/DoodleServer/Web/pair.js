// Pair mode (PROTOCOL.md rev 3): your pair code and its share link (#pair-CODE), pairing by the
// partner's code, drawing and sending with the party game's tools, the inbox with guessing and
// giving up, your drawings still waiting, scores and streak, the history gallery, unpairing.

import { Board, itemsToActions, thumbnail } from "./canvas.js";
import { session, send, sendDrawing, api } from "./connection.js";
import { renderGallery } from "./gallery.js";
import { Pen } from "./pen.js";
import { replay } from "./replay.js";
import { $, el, button, appendLog, copyFrom } from "./ui.js";

const LINK_PREFIX = "pair-";

let draftBoard, pen, inboxBoard;
let selectedId = null;        // the inbox drawing on show
let shownId = null;           // the one painted on the inbox canvas
let inboxReplays = 0;         // replays started on the inbox canvas
let suggestions = [];
let lastGuess = "";
const attemptLines = new Map();   // drawingId → what was tried, as shown under it
let pastDrawings = { state: "idle", drawings: [] };   // what the history gallery shows
let linkedCode = null;        // a partner's code from a share link, offered in the pairing form
let unpairTold = null;        // who ended our last pair, once we said so

const room = () => (session.room && session.room.mode === "pair" ? session.room : null);
const me = () => session.me;
const partner = () => room()?.players.find((p) => p.id !== me()) || null;

// The history names earlier partners too, who are in no roomState any more: remember every
// name a pair room showed, across reloads.
const NAMES_KEY = "doodle.pairNames";
const knownNames = (() => {
  try { return new Map(Object.entries(JSON.parse(localStorage.getItem(NAMES_KEY) || "{}"))); } catch { return new Map(); }
})();
function rememberNames(players) {
  let changed = false;
  for (const p of players) if (knownNames.get(p.id) !== p.name) { knownNames.set(p.id, p.name); changed = true; }
  if (changed) localStorage.setItem(NAMES_KEY, JSON.stringify(Object.fromEntries(knownNames)));
}
const nameOf = (id) => (id === me() ? "You" : room()?.players.find((p) => p.id === id)?.name || knownNames.get(id) || "an earlier partner");
const log = (text, cls = "") => appendLog($("pair-log"), text, cls);

// The partner's code in a link `#pair-CODE`, or null.
export function pairCodeInLink() {
  const hash = decodeURIComponent(location.hash.slice(1)).trim();
  if (!hash.toLowerCase().startsWith(LINK_PREFIX)) return null;
  return hash.slice(LINK_PREFIX.length).trim().toUpperCase() || null;
}
export const linkIsPair = () => location.hash.slice(1).toLowerCase().startsWith("pair");

function clientDrawingId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return "c_" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function setUpPair() {
  draftBoard = new Board($("pair-board"));
  inboxBoard = new Board($("pair-inbox-canvas"));
  pen = new Pen({
    ink: $("pair-ink"), toolbar: $("pair-tools"),
    canDraw: () => Boolean(room()?.draft),
    // The server keeps a draft without echoing it: what is sent is drawn here at once.
    emit: (msg) => {
      if (!sendDrawing(msg)) return false;
      draftBoard.apply(msg);
      if (room()?.draft) room().draft.strokes = draftBoard.items;
      if (msg.type === "undo" || msg.type === "clear") renderPair();
      return true;
    },
    lastStrokeId: () => draftBoard.lastStrokeId,
    strokeDone: () => { pen.clearPreview(); renderPair(); },
  });
  linkedCode = pairCodeInLink();
  $("pair-copy").onclick = () => copyFrom($("pair-link"), $("pair-copy"));
  $("pair-join-form").onsubmit = (e) => {
    e.preventDefault();
    const code = $("pair-partner-code").value.trim();
    if (code) send({ type: "joinRoom", code });
  };
  $("pair-suggest").onclick = () => send({ type: "suggestWords" });
  $("pair-word-form").onsubmit = (e) => {
    e.preventDefault();
    const word = $("pair-word").value.trim();
    if (!word) return;
    const id = clientDrawingId();
    send({ type: "beginDrawing", clientDrawingId: id, word });
    room().draft = { clientDrawingId: id, word, strokes: [] };
    draftBoard.reset([]);
    $("pair-word").value = "";
    suggestions = [];
    renderPair();
  };
  $("pair-send").onclick = () => {
    const draft = room()?.draft;
    if (draft) send({ type: "submitDrawing", clientDrawingId: draft.clientDrawingId });
  };
  // The server keeps the open draft until the next beginDrawing replaces it.
  $("pair-change-word").onclick = () => { room().draft = null; renderPair(); };
  $("pair-guess-form").onsubmit = (e) => {
    e.preventDefault();
    const text = $("pair-guess").value.trim();
    if (!text || !selectedId) return;
    lastGuess = text;
    send({ type: "guess", drawingId: selectedId, text });
    $("pair-guess").value = "";
  };
  $("pair-giveup").onclick = () => {
    if (selectedId && confirm("Give up and see the word? Your streak goes back to 0.")) send({ type: "giveUp", drawingId: selectedId });
  };
  $("pair-replay").onclick = () => { shownId = null; renderInbox(true); };
  $("unpair").onclick = () => {
    if (confirm(`Unpair from ${partner()?.name ?? "your partner"}? Your history stays; waiting drawings close.`)) send({ type: "unpair" });
  };
  $("pair-history-refresh").onclick = () => loadHistory();
}

// What the page forgets when it leaves pair mode.
export function resetPair() {
  selectedId = shownId = null;
  suggestions = [];
  draftBoard.reset([]);
  pen.clearPreview();
}

function lines(drawingId) {
  if (!attemptLines.has(drawingId)) attemptLines.set(drawingId, []);
  return attemptLines.get(drawingId);
}

function resolved(m, how) {
  const r = room();
  const received = r.inbox.some((d) => d.drawingId === m.drawingId);
  r.inbox = r.inbox.filter((d) => d.drawingId !== m.drawingId);
  r.sent = r.sent.filter((d) => d.drawingId !== m.drawingId);
  if (r.pair) { r.pair.scores = m.scores; r.pair.streak = m.streak; }
  if (selectedId === m.drawingId) selectedId = null;
  const other = partner()?.name || "Your partner";
  if (how === "guessed") {
    const attempts = `${m.attempts} ${m.attempts === 1 ? "attempt" : "attempts"}`;
    log(m.guesserId === me() ? `You guessed “${m.word}” in ${attempts} (+${m.gained}; ${other} +${m.drawerGained})`
      : `${other} guessed your “${m.word}” in ${attempts} (+${m.gained}; you +${m.drawerGained})`, "good outcome");
  } else {
    log(received ? `You gave up: the word was “${m.word}”` : `${other} did not find your “${m.word}”`, "sys outcome");
  }
  loadHistory();
}

export const pairHandlers = {
  roomState(m) {
    draftBoard.reset(m.draft?.strokes || []);
    pen.clearPreview();
    rememberNames(m.players);
    if (pastDrawings.state === "idle") loadHistory();
    if (m.phase === "paired") {
      linkedCode = null;
      unpairTold = null;
      if (location.hash !== "#pair") window.history.replaceState(null, "", "#pair");
    } else if (linkedCode === m.code) {
      linkedCode = null;            // our own link: nothing to pair with
    }
    if (m.phase === "waiting" && linkedCode) $("pair-partner-code").value = linkedCode;
    if (!m.inbox.some((d) => d.drawingId === selectedId)) selectedId = null;
    shownId = null;
  },
  playerConnection(m) {
    const p = room().players.find((q) => q.id === m.playerId);
    if (p) p.connected = m.connected;
    if (m.playerId !== me()) log(`${nameOf(m.playerId)} is ${m.connected ? "here" : "away"}`, "sys");
  },
  wordSuggestions(m) { suggestions = m.words; },
  drawingSent(m) {
    const r = room();
    const draft = r.draft && r.draft.clientDrawingId === m.clientDrawingId ? r.draft : null;
    if (draft) {
      r.draft = null;
      draftBoard.reset([]);
      if (!r.sent.some((d) => d.drawingId === m.drawingId)) {
        r.sent.push({ drawingId: m.drawingId, clientDrawingId: m.clientDrawingId, word: draft.word, sentAt: Date.now(), attempts: 0 });
      }
      log(`Sent “${draft.word}” to ${partner()?.name ?? "your partner"}`, "sys");
    }
  },
  drawingReceived(m) {
    const { type, seq, ...item } = m;
    if (!room().inbox.some((d) => d.drawingId === item.drawingId)) room().inbox.push(item);
    log(`${nameOf(item.fromId)} sent you a drawing to guess`, "sys");
  },
  guessResult(m) {
    const item = room().inbox.find((d) => d.drawingId === m.drawingId);
    if (item) item.attempts += 1;
    if (m.close && !m.correct) lines(m.drawingId).push(`“${lastGuess}” is close!`);
  },
  chat(m) {
    lines(m.drawingId).push(`${nameOf(m.playerId)}: ${m.text}`);
    const sent = room().sent.find((d) => d.drawingId === m.drawingId);
    if (sent) sent.attempts += 1;
  },
  drawingGuessed(m) { resolved(m, "guessed"); },
  drawingRevealed(m) { resolved(m, "revealed"); },
  // After an unpair neither partner is in a room; the app asks for a fresh code.
  unpaired(m) {
    // A partner who was present may be told again on its next entry; once is enough.
    if (m.seq === undefined && unpairTold === m.by) return;
    unpairTold = m.by;
    log(m.by === me() ? "You unpaired." : `${nameOf(m.by)} unpaired.`, "sys outcome");
    selectedId = null;
    loadHistory();
  },
  error(m) {
    // A draft the server never opened (a bad word) is not ours to draw on.
    if (m.ref === "beginDrawing" && room()) { room().draft = null; draftBoard.reset([]); }
  },
};

// Our history with every partner, both directions, newest first (the pending ones are in the inbox).
export async function loadHistory() {
  pastDrawings = { state: "loading", drawings: pastDrawings.drawings };
  renderHistory();
  try {
    const [received, sent] = await Promise.all(["received", "sent"].map((box) => api(`/v1/me/pair/drawings?box=${box}&limit=30`)));
    const drawings = [...received.drawings, ...sent.drawings].filter((d) => d.status !== "pending");
    drawings.sort((a, b) => b.sentAt - a.sentAt);
    pastDrawings = { state: "ready", drawings };
  } catch (err) {
    pastDrawings = { state: "failed", drawings: [], error: err.message };
  }
  renderHistory();
}

export function renderPair() {
  const r = room();
  $("pair-entering").classList.toggle("hidden", Boolean(r));
  for (const id of ["pair-waiting", "pair-paired", "pair-draw", "pair-inbox", "pair-sent"]) $(id).classList.add("hidden");
  if (!r) return;
  const paired = r.phase === "paired";
  $("pair-waiting").classList.toggle("hidden", r.phase !== "waiting");
  $("pair-paired").classList.toggle("hidden", r.phase !== "paired");
  if (r.phase === "waiting") {
    $("pair-code").textContent = r.code;
    $("pair-link").value = `${location.origin}${location.pathname}#${LINK_PREFIX}${r.code}`;
    $("pair-link-note").classList.toggle("hidden", !linkedCode);
    $("pair-link-note").textContent = linkedCode ? `You opened ${linkedCode}'s link: tap Pair to pair with them.` : "";
  } else {
    renderScores(r);
  }
  $("pair-draw").classList.toggle("hidden", !paired);
  $("pair-inbox").classList.toggle("hidden", !paired);
  $("pair-sent").classList.toggle("hidden", !paired || r.sent.length === 0);
  if (paired) { renderDraft(r); renderInbox(false); renderSent(r); }
}

function renderScores(r) {
  const other = partner();
  $("pair-partner").textContent = other ? `${other.name} ${other.connected ? "(here)" : "(away)"}` : "your partner";
  const scores = r.pair?.scores || {};
  $("pair-scores").textContent = `You ${scores[me()] ?? 0} · ${other?.name ?? "Partner"} ${other ? scores[other.id] ?? 0 : 0}`;
  $("pair-streak").textContent = `Streak ${r.pair?.streak ?? 0}`;
}

function renderDraft(r) {
  const drafting = Boolean(r.draft);
  $("pair-word-form").classList.toggle("hidden", drafting);
  $("pair-drafting").classList.toggle("hidden", !drafting);
  if (drafting) {
    $("pair-draft-word").textContent = r.draft.word;
    $("pair-send").disabled = draftBoard.isEmpty;
  }
  const box = $("pair-suggestions");
  box.replaceChildren(...suggestions.map((word) => button(word, () => { $("pair-word").value = word; }, "chip")));
}

// The inbox: one drawing on show (replayed when it comes up), the others as thumbnails.
function renderInbox(replayNow) {
  const r = room();
  const inbox = r.inbox;
  $("pair-inbox-empty").classList.toggle("hidden", inbox.length > 0);
  $("pair-inbox-view").classList.toggle("hidden", inbox.length === 0);
  if (!inbox.length) { shownId = null; return; }
  if (!inbox.some((d) => d.drawingId === selectedId)) selectedId = inbox[0].drawingId;
  const item = inbox.find((d) => d.drawingId === selectedId);
  const list = $("pair-inbox-list");
  list.replaceChildren(...inbox.map((d) => {
    const b = button("", () => { selectedId = d.drawingId; renderPair(); }, d.drawingId === selectedId ? "tile small on" : "tile small");
    b.dataset.drawingId = d.drawingId;
    b.append(thumbnail(d.strokes, 96));
    return b;
  }));
  list.classList.toggle("hidden", inbox.length < 2);
  $("pair-from").textContent = `From ${nameOf(item.fromId)}`;
  $("pair-hint").textContent = item.hint;
  $("pair-attempts").textContent = `${item.attempts} ${item.attempts === 1 ? "attempt" : "attempts"}`;
  $("pair-guess-lines").replaceChildren(...lines(item.drawingId).map((t) => el("div", t)));
  if (shownId !== item.drawingId || replayNow) {
    shownId = item.drawingId;
    const mine = ++inboxReplays;        // a newer replay on the same canvas stops this one
    replay(inboxBoard, itemsToActions(item.strokes), () => mine !== inboxReplays);
  }
}

function renderSent(r) {
  $("pair-sent-list").replaceChildren(...r.sent.map((d) => {
    const li = el("li", `“${d.word}” — ${d.attempts} ${d.attempts === 1 ? "attempt" : "attempts"} so far`);
    li.dataset.drawingId = d.drawingId;
    const tried = lines(d.drawingId);
    if (tried.length) li.append(el("div", tried.join(" · "), "muted"));
    return li;
  }));
}

const STATUS = { guessed: "guessed", gaveUp: "given up", closed: "closed (unpaired)", pending: "waiting" };

function renderHistory() {
  const box = $("pair-history-gallery");
  box.dataset.state = pastDrawings.state;
  if (pastDrawings.state === "loading" && !pastDrawings.drawings.length) { box.replaceChildren(el("p", "Loading…", "muted")); return; }
  if (pastDrawings.state === "failed") { box.replaceChildren(el("p", `The history could not be loaded: ${pastDrawings.error}`, "muted")); return; }
  if (pastDrawings.state === "idle") return;
  renderGallery(box, pastDrawings.drawings.map((d) => {
    const direction = d.fromId === me() ? `You → ${nameOf(d.toId)}` : `${nameOf(d.fromId)} → you`;
    const attempts = d.attempts ? `, ${d.attempts} ${d.attempts === 1 ? "attempt" : "attempts"}` : "";
    return {
      id: d.drawingId, title: d.word ?? "(word hidden)", detail: `${direction} · ${STATUS[d.status] ?? d.status}${attempts}`,
      thumb: thumbnail(d.strokes, 200), actions: async () => itemsToActions(d.strokes),
    };
  }), "No finished drawings yet: send one, or guess one.");
}
