// Pair mode (PROTOCOL.md rev 3): your pair code and its share link (#pair-CODE), pairing by the
// partner's code, drawing and sending with the party game's tools, the inbox with guessing and
// giving up, your drawings still waiting, scores and streak, the history gallery, unpairing.

import { Board, itemsToActions, thumbnail } from "./canvas.js";
import { session, send, sendDrawing, api } from "./connection.js";
import { renderGallery } from "./gallery.js";
import { t, tn } from "./i18n.js";
import { Pen } from "./pen.js";
import { replay } from "./replay.js";
import { play } from "./sound.js";
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
let linkedName = null;        // the name of whoever waits behind linkedCode, once looked up
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
const nameOf = (id) => (id === me() ? t("pair.you") : room()?.players.find((p) => p.id === id)?.name || knownNames.get(id) || t("pair.earlier"));
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
  lookUpLinkedPartner();
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
    if (selectedId && confirm(t("pair.giveUpConfirm"))) send({ type: "giveUp", drawingId: selectedId });
  };
  $("pair-replay").onclick = () => { shownId = null; renderInbox(true); };
  $("unpair").onclick = () => {
    if (confirm(t("pair.unpairConfirm", { name: partner()?.name ?? t("pair.partner") }))) send({ type: "unpair" });
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
  const other = partner()?.name || t("pair.Partner");
  if (how === "guessed") {
    const vars = { word: m.word, attempts: tn("pair.attempts", m.attempts), gained: m.gained, other, drawerGained: m.drawerGained };
    log(t(m.guesserId === me() ? "pair.youGuessed" : "pair.theyGuessed", vars), "good outcome");
    play("correct");
  } else {
    log(t(received ? "pair.youGaveUp" : "pair.theyGaveUp", { word: m.word, other }), "sys outcome");
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
    if (m.playerId !== me()) log(t(m.connected ? "pair.isHere" : "pair.isAway", { name: nameOf(m.playerId) }), "sys");
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
      log(t("pair.sent", { word: draft.word, name: partner()?.name ?? t("pair.partner") }), "sys");
    }
  },
  drawingReceived(m) {
    const { type, seq, ...item } = m;
    if (!room().inbox.some((d) => d.drawingId === item.drawingId)) room().inbox.push(item);
    log(t("pair.received", { name: nameOf(item.fromId) }), "sys");
    play("turn");
  },
  guessResult(m) {
    const item = room().inbox.find((d) => d.drawingId === m.drawingId);
    if (item) item.attempts += 1;
    if (m.close && !m.correct) lines(m.drawingId).push(t("pair.close", { guess: lastGuess }));
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
    log(m.by === me() ? t("pair.youUnpaired") : t("pair.theyUnpaired", { name: nameOf(m.by) }), "sys outcome");
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

// A link's code means nothing to the one who opened it; the name of who sent it does.
async function lookUpLinkedPartner() {
  const code = linkedCode;
  if (!code) return;
  try {
    const info = await api(`/v1/rooms/${encodeURIComponent(code)}`);
    if (linkedCode === code && info.mode === "pair") linkedName = info.players?.[0]?.name ?? null;
  } catch {
    return;                       // the note names no one; pairing says what became of the code
  }
  renderPair();
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
    // Opened from a partner's link: pairing with them comes first, our own code after it.
    $("pair-waiting").classList.toggle("linked", Boolean(linkedCode));
    $("pair-link-note").classList.toggle("hidden", !linkedCode);
    $("pair-link-note").textContent = !linkedCode ? "" : linkedName ? t("pair.linkNote", { name: linkedName }) : t("pair.linkNoteAnon");
    $("pair-join-title").textContent = !linkedCode ? t("pair.orCode") : linkedName ? t("pair.withName", { name: linkedName }) : t("pair.withFriend");
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
  $("pair-partner").textContent = other ? `${other.name} ${t(other.connected ? "pair.here" : "pair.awayMark")}` : t("pair.partner");
  const scores = r.pair?.scores || {};
  $("pair-scores").textContent = t("pair.scores", { mine: scores[me()] ?? 0, other: other?.name ?? t("pair.partnerShort"), theirs: other ? scores[other.id] ?? 0 : 0 });
  $("pair-streak").textContent = t("pair.streak", { n: r.pair?.streak ?? 0 });
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
    b.setAttribute("aria-pressed", String(d.drawingId === selectedId));
    b.append(thumbnail(d.strokes, 96, t("canvas.thumb")));
    return b;
  }));
  list.classList.toggle("hidden", inbox.length < 2);
  $("pair-from").textContent = t("pair.from", { name: nameOf(item.fromId) });
  $("pair-hint").textContent = item.hint;
  $("pair-attempts").textContent = tn("pair.attempts", item.attempts);
  $("pair-guess-lines").replaceChildren(...lines(item.drawingId).map((t) => el("div", t)));
  if (shownId !== item.drawingId || replayNow) {
    shownId = item.drawingId;
    const mine = ++inboxReplays;        // a newer replay on the same canvas stops this one
    replay(inboxBoard, itemsToActions(item.strokes), () => mine !== inboxReplays);
  }
}

function renderSent(r) {
  $("pair-sent-list").replaceChildren(...r.sent.map((d) => {
    const li = el("li", `“${d.word}” — ${tn("pair.attemptsSoFar", d.attempts)}`);
    li.dataset.drawingId = d.drawingId;
    const tried = lines(d.drawingId);
    if (tried.length) li.append(el("div", tried.join(" · "), "muted"));
    return li;
  }));
}


export function renderHistory() {
  const box = $("pair-history-gallery");
  box.dataset.state = pastDrawings.state;
  if (pastDrawings.state === "loading" && !pastDrawings.drawings.length) { box.replaceChildren(el("p", t("pair.loading"), "muted")); return; }
  if (pastDrawings.state === "failed") { box.replaceChildren(el("p", t("pair.historyFailed", { error: pastDrawings.error }), "muted")); return; }
  if (pastDrawings.state === "idle") return;
  renderGallery(box, pastDrawings.drawings.map((d) => {
    const direction = d.fromId === me() ? t("pair.youTo", { name: nameOf(d.toId) }) : t("pair.toYou", { name: nameOf(d.fromId) });
    const attempts = d.attempts ? `, ${tn("pair.attempts", d.attempts)}` : "";
    const status = ["guessed", "gaveUp", "closed", "pending"].includes(d.status) ? t(`status.${d.status}`) : d.status;
    const title = d.word ?? t("pair.hidden");
    return {
      id: d.drawingId, title, detail: `${direction} · ${status}${attempts}`,
      thumb: thumbnail(d.strokes, 200, d.word ? t("canvas.thumbOf", { word: d.word }) : t("canvas.thumb")), drawing: async () => ({ actions: itemsToActions(d.strokes) }),
    };
  }), t("pair.historyEmpty"));
}
