// Telephone mode (PROTOCOL.md rev 5): the room's stage while a telephone game runs. The lobby
// says how it goes and lets the owner start; each step shows the player's own task (write a
// sentence, draw what another wrote, describe what another drew) against the step's deadline;
// the reveal shows every chain entry by entry, drawings replayed stroke by stroke, and after the
// game the album. The room panel, the players, the chat and moderation are party.js's: a
// telephone room is a party room with another stage.

import "./telephone-strings.js";
import { face } from "./avatar.js";
import { Board } from "./canvas.js";
import { session, send, sendDrawing, now, api } from "./connection.js";
import { startsOnItsOwn, countdownText } from "./countdown.js";
import { t, onLanguageChange } from "./i18n.js";
import { icon } from "./icons.js";
import { partyHandlers } from "./party.js";
import { Pen } from "./pen.js";
import { replay } from "./replay.js";
import { play } from "./sound.js";
import { $, el, appendLog, showError, setPressed } from "./ui.js";
import { amSpectator } from "./watch.js";

const MIN_PLAYERS = 3;            // GameRules telephone.minPlayers; the server says so too
const REACTIONS = ["like", "dislike"];
const VERB = { write: "tel.wrote", draw: "tel.drew", describe: "tel.described" };
const OTHERS = { write: "tel.othersWriting", draw: "tel.othersDrawing", describe: "tel.othersDescribing" };

let board, pen, seenBoard;
let task = null;          // our task in the current step: { step, chain, kind, prompt?, drawing? }
let sentText = null;      // the text we last handed in this step (a reload forgets it)
let gameId = null;        // the game that ended, for its album
let reactions = { like: 0, dislike: 0 }; // the latest drawing entry's counts
let myReaction = "none";
let overNew = false;      // the game just ended: its album and Play again come into view once
const shown = new Map();  // "chain:index" → the entry's <li>, built once (a drawing replays once)
const drawings = new Map(); // drawingId → the promise of GET /v1/drawings/{id}
const people = new Map(); // playerId → { name, avatar }: a chain still names a player who left

// A reload at game over gets a roomState without the game's id: the id of the game that ended
// while we watched is kept for the tab, so the album links come back.
const LAST_GAME = "doodle.lastTelephoneGame";
const rememberGame = (code, id) => sessionStorage.setItem(LAST_GAME, JSON.stringify({ code, gameId: id }));
function rememberedGame(code) {
  try { const g = JSON.parse(sessionStorage.getItem(LAST_GAME) || "null"); return g?.code === code ? g.gameId : null; } catch { return null; }
}

const room = () => session.room;
const me = () => session.me;
export const isTelephone = (r = room()) => r?.mode === "telephone";
const nameOf = (id) => people.get(id)?.name || t("someone");
const amOwner = () => room()?.ownerId === me();
const handedIn = (id) => (room().submitted || []).includes(id);
const taskNow = () => Boolean(task && room()?.phase === "step" && task.step === room().step);
const canDraw = () => isTelephone() && taskNow() && task.kind === "draw" && !handedIn(me());
const keyOf = (entry) => `${entry.chain}:${entry.index}`;
const log = (text) => appendLog($("log"), text, "sys");
// The game's players: those connected when it started (told at step 0), else the seats now.
const seats = (r) => r.seats ?? r.players.length;

export function setUpTelephone() {
  board = new Board($("tel-board"));
  seenBoard = new Board($("tel-seen-canvas"));
  pen = new Pen({ ink: $("tel-ink"), toolbar: $("tel-tools"), canDraw, emit: sendDrawing, lastStrokeId: () => board.lastStrokeId });
  $("tel-text-form").onsubmit = (e) => {
    e.preventDefault();
    const text = $("tel-text").value.trim();
    if (!text) { $("tel-text").focus(); return; }
    sentText = text;
    send({ type: "submitText", text });
  };
  $("tel-submit-drawing").onclick = () => send({ type: "submitDrawing" });
  // Taking a text back puts it in the box again, to be changed.
  $("tel-unsubmit").onclick = () => {
    send({ type: "unsubmit" });
    if (sentText) $("tel-text").value = sentText;
  };
  $("tel-start").onclick = () => send({ type: "startGame" });
  $("tel-again").onclick = () => send({ type: "startGame" });
  $("tel-next").onclick = () => send({ type: "revealNext" });
  for (const kind of REACTIONS) {
    const b = $(`tel-${kind}`);
    b.prepend(icon(kind));
    b.onclick = () => send({ type: "react", reaction: myReaction === kind ? "none" : kind });
  }
  // The chains' lines are words in the page's language: they are built again, without replays.
  onLanguageChange(() => { if (isTelephone()) { clearChains(); renderTelephone(); } });
  setInterval(tick, 250);
}

// The page left the room (or never was in one).
export function resetTelephone() {
  task = null;
  sentText = null;
  gameId = null;
  overNew = false;
  board.reset([]);
  pen.clearPreview();
  $("tel-text").value = "";
  clearChains();
}

function clearChains() {
  $("tel-reveal").append($("tel-likes"));   // out of the entry it sat in, before that goes
  $("tel-chains").replaceChildren();
  shown.clear();
}

function resetReactions(from = null, mine = "none") {
  reactions = { like: from?.like ?? 0, dislike: from?.dislike ?? 0 };
  myReaction = mine;
}

// A new step: nothing handed in yet, a blank board, an empty text box.
function freshStep() {
  task = null;
  sentText = null;
  board.reset([]);
  pen.clearPreview();
  $("tel-text").value = "";
}

export const telephoneHandlers = {
  ...partyHandlers,
  roomState(m) {
    partyHandlers.roomState(m);
    m.submitted = m.submitted || [];
    m.entries = m.entries || [];
    // The task comes again right after; a draw step's snapshot holds our own drawing so far.
    task = null;
    board.reset(m.phase === "step" && m.kind === "draw" ? m.strokes || [] : [], m.lastStrokeId);
    pen.clearPreview();
    resetReactions(m.phase === "reveal" ? m.reactions : null, m.myReaction || "none");
    gameId = m.phase === "gameOver" ? rememberedGame(m.code) : null;
    clearChains();
  },
  error(m) {
    if (m.ref && (m.ref.startsWith("stroke") || m.ref === "fill")) pen.clearPreview();
    // The party game's text says 2; this mode needs 3.
    if (m.code === "not_enough_players") { showError(t("tel.needThree")); return true; }
    return partyHandlers.error(m);
  },
  phase(m) {
    partyHandlers.phase(m);
    const r = room();
    if (m.phase === "reveal") {
      Object.assign(r, { step: null, kind: null, submitted: [], entries: [] });
      freshStep();
      clearChains();
      resetReactions();
      log(t("log.telReveal"));
      window.scrollTo({ top: 0 });
    } else if (m.phase === "lobby") {
      Object.assign(r, { step: null, kind: null, submitted: [], entries: [] });
      freshStep();
      gameId = null;
      clearChains();
    }
  },
  stepStarted(m) {
    const r = room();
    if (m.step === 0) {
      r.seats = r.players.filter((p) => p.connected).length;
      gameId = null;
      clearChains();
    }
    Object.assign(r, { phase: "step", step: m.step, steps: m.steps, kind: m.kind, deadline: m.deadline, submitted: [], entries: [], startsAt: null });
    freshStep();
    log(t("log.telStep", { step: m.step + 1, steps: m.steps, what: t(`tel.${m.kind}`) }));
    // On a phone the room's panel sits below: bring the task into view.
    window.scrollTo({ top: 0 });
  },
  task(m) {
    task = m;
    if (m.kind === "describe") seenBoard.reset(m.drawing || []);
    play("turn");
  },
  playerSubmitted(m) {
    const r = room();
    if (m.step !== r.step) return;
    r.submitted = r.submitted.filter((id) => id !== m.playerId);
    if (m.submitted) r.submitted.push(m.playerId);
  },
  chainEntry(m) {
    room().entries.push({ ...m, live: true });
    if (m.kind === "draw" && m.drawingId) resetReactions();
  },
  gameEnded(m) {
    Object.assign(room(), { phase: "gameOver", deadline: null, step: null, kind: null });
    gameId = m.gameId;
    overNew = true;
    rememberGame(room().code, m.gameId);
    log(t("log.gameOver"));
    play("over");
  },
  reaction(m) {
    if (m.reactions) resetReactions(m.reactions, myReaction);
    if (m.playerId === me()) myReaction = m.reaction;
  },
  // Our own drawing, echoed to us alone.
  strokeBegin(m) { board.apply(m); },
  strokePoints(m) { board.apply(m); },
  strokeEnd(m) {
    board.apply(m);
    if (!pen.drawing) pen.clearPreview();
  },
  fill(m) { board.apply(m); },
  undo(m) { board.apply(m); },
  clear(m) { board.apply(m); },
};

export function renderTelephone() {
  const r = room();
  for (const p of r.players) people.set(p.id, { name: p.name, avatar: p.avatar });
  $("tel-title").textContent = title(r);
  renderLobby(r);
  renderTask(r);
  renderWaiting(r);
  renderReveal(r);
  tick();
}

function title(r) {
  if (r.phase === "step" && taskNow()) return t(`tel.${task.kind}`);
  if (r.phase === "reveal") return t("tel.reveal");
  if (r.phase === "gameOver") return t("game.over");
  return t("tel.title");
}

function lobbyNote(r) {
  const connected = r.players.filter((p) => p.connected).length;
  if (startsOnItsOwn(r) && r.startsAt) return countdownText(r);
  if (connected < MIN_PLAYERS) return `${t("tel.needThree")} ${t("tel.players", { n: connected })}`;
  if (startsOnItsOwn(r)) return countdownText(r);
  return t(amOwner() ? "tel.ready" : "tel.waitOwner");
}

function renderLobby(r) {
  const on = r.phase === "lobby";
  $("tel-lobby").classList.toggle("hidden", !on);
  if (!on) return;
  $("tel-how").textContent = t(r.settings?.start === "words" ? "tel.howWords" : "tel.how");
  $("tel-lobby-note").textContent = lobbyNote(r);
  const start = $("tel-start");
  start.classList.toggle("hidden", !amOwner());
  start.disabled = r.players.filter((p) => p.connected).length < MIN_PLAYERS;
}

// The task: what to write, draw or describe; handed in, the work stays in view, locked, with a
// way to take it back while the step runs.
function renderTask(r) {
  const mine = taskNow();
  $("tel-task").classList.toggle("hidden", !mine);
  if (!mine) return;
  const done = handedIn(me());
  const drawing = task.kind === "draw";
  // What to draw; a drawing to describe that is blank says so (its drawer drew nothing).
  const blank = task.kind === "describe" && !(task.drawing || []).length;
  const prompt = $("tel-prompt");
  prompt.classList.toggle("hidden", !drawing && !blank);
  prompt.classList.toggle("muted", blank || (drawing && !task.prompt));
  if (drawing || blank) prompt.textContent = blank ? t("tel.nothingDrawn") : task.prompt || t("tel.skipped");
  $("tel-seen").classList.toggle("hidden", task.kind !== "describe");
  $("tel-draw").classList.toggle("hidden", !drawing);
  $("tel-tools").classList.toggle("hidden", !drawing || done);
  $("tel-ink").classList.toggle("drawing", drawing && !done);
  $("tel-board-box").classList.toggle("locked", drawing && done);
  $("tel-text-form").classList.toggle("hidden", drawing || done);
  $("tel-text-label").textContent = t(task.kind === "write" ? "tel.textLabel" : "tel.describeLabel");
  $("tel-text").placeholder = task.kind === "write" ? t("tel.writePlaceholder") : t("tel.describeLabel");
  $("tel-done").classList.toggle("hidden", !drawing && !done);
  $("tel-submit-drawing").classList.toggle("hidden", !drawing || done);
  $("tel-unsubmit").classList.toggle("hidden", !done);
  const note = !done ? "" : drawing ? t("tel.locked") : sentText ? t("tel.youWrote", { text: sentText }) : t("tel.submitted");
  if ($("tel-done-note").textContent !== note) $("tel-done-note").textContent = note;
}

// A watcher, or a player whose task has not come (yet), sees how far the others are.
function renderWaiting(r) {
  const on = r.phase === "step";
  const count = on ? t("tel.done", { done: r.submitted.length, total: seats(r) }) : "";
  $("tel-step").textContent = on && r.steps ? `${t("tel.step", { step: r.step + 1, steps: r.steps })} · ${count}` : "";
  const waiting = on && !taskNow();
  $("tel-waiting").classList.toggle("hidden", !waiting);
  if (!waiting) return;
  const seated = !amSpectator() && r.players.some((p) => p.id === me());
  const text = `${t(seated ? "tel.noTask" : OTHERS[r.kind] ?? "tel.othersWriting")} ${count}`;
  if ($("tel-waiting").textContent !== text) $("tel-waiting").textContent = text;
}

function renderReveal(r) {
  const over = r.phase === "gameOver";
  const on = r.phase === "reveal" || over;
  $("tel-reveal").classList.toggle("hidden", !on);
  if (!on) return;
  const total = r.steps ? r.steps * seats(r) : 0;
  const progress = total >= r.entries.length ? t("tel.progress", { shown: r.entries.length, total }) : t("tel.progressOpen", { shown: r.entries.length });
  const who = amOwner() ? "" : r.ownerId ? t("tel.nextOwner", { name: nameOf(r.ownerId) }) : t("tel.nextAuto");
  $("tel-progress").textContent = over ? "" : `${progress}${who ? ` · ${who}` : ""}`;
  const next = $("tel-next");
  next.classList.toggle("hidden", over || !amOwner());
  next.textContent = t(total && r.entries.length >= total ? "tel.nextEnd" : "tel.next");
  $("tel-bar").classList.toggle("hidden", over);
  renderOver(r, over);
  renderChains(r, over);
  renderLikes(r);
}

// After the game: the album (the server draws every chain into it) and, for the owner, another game.
function renderOver(r, over) {
  $("tel-over").classList.toggle("hidden", !over);
  if (!over) return;
  for (const [id, file] of [["tel-album-gif", "album.gif"], ["tel-album-png", "album.png"]]) {
    const link = $(id);
    link.classList.toggle("hidden", !gameId);
    if (!gameId) continue;
    link.href = `/v1/games/${encodeURIComponent(gameId)}/${file}`;
    link.download = `doodle-${gameId}-${file}`;
  }
  $("tel-again").classList.toggle("hidden", !amOwner());
  $("tel-again-note").classList.toggle("hidden", amOwner() || !r.ownerId);
  // The reveal left the page at the last chain's end; what comes next sits above the chains.
  if (overNew) { overNew = false; $("tel-over").scrollIntoView({ block: "nearest" }); }
}

// Entries are added as they come, each chain under its starter's name; a drawing's share link
// shows once the game is over.
function renderChains(r, over) {
  for (const entry of r.entries) {
    if (shown.has(keyOf(entry))) continue;
    const li = entryNode(entry);
    shown.set(keyOf(entry), li);
    chainList(entry).append(li);
    if (entry.live) li.scrollIntoView({ block: "nearest" });
  }
  for (const link of $("tel-chains").querySelectorAll(".tel-share")) link.classList.toggle("hidden", !over);
}

function chainList(entry) {
  const box = $("tel-chains");
  let chain = box.querySelector(`.tel-chain[data-chain="${entry.chain}"]`);
  if (!chain) {
    chain = el("section", "", "tel-chain panel");
    chain.dataset.chain = entry.chain;
    chain.append(el("h3", t("tel.chainOf", { name: nameOf(entry.playerId) })), el("ol"));
    box.append(chain);
  }
  return chain.querySelector("ol");
}

function entryNode(entry) {
  const li = el("li", "", `tel-entry ${entry.kind}`);
  li.dataset.kind = entry.kind;
  li.dataset.index = entry.index;
  const who = el("p", "", "tel-who");
  who.append(face(people.get(entry.playerId)?.avatar, 22), el("span", t(VERB[entry.kind], { name: nameOf(entry.playerId) })));
  li.append(who);
  if (entry.kind !== "draw") {
    li.append(el("p", entry.text || t("tel.skipped"), entry.text ? "tel-said" : "tel-said muted"));
    return li;
  }
  if (!entry.drawingId) { li.append(el("p", t("tel.nothingDrawn"), "muted")); return li; }
  const canvas = el("canvas", "", "paper");
  canvas.width = 800;
  canvas.height = 600;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", t("tel.drawingOf", { name: nameOf(entry.playerId) }));
  const box = el("div", "", "board-box tel-shown");
  box.append(canvas);
  const share = el("a", t("tel.share"), "button tel-share hidden");
  share.href = `/d/${encodeURIComponent(entry.drawingId)}`;
  share.target = "_blank";
  share.rel = "noopener";
  const foot = el("div", "", "row tel-foot");
  foot.append(share);
  li.append(box, foot);
  showDrawing(entry, canvas, who);
  return li;
}

// A drawing revealed now replays stroke by stroke; one shown before (a reload) appears at once.
async function showDrawing(entry, canvas, who) {
  const shownOn = new Board(canvas);
  shownOn.reset([]);
  canvas.dataset.replay = "loading";
  let drawing;
  try {
    drawing = await storedDrawing(entry.drawingId);
  } catch {
    canvas.dataset.replay = "failed";
    who.after(el("p", t("tel.drawingFailed"), "muted"));
    return;
  }
  if (!canvas.isConnected) return;
  // A chain that began with the word list: its first drawing's word is where it started.
  if (entry.index === 0 && drawing.word) who.after(el("p", t("tel.word", { word: drawing.word }), "tel-said"));
  if (entry.live) { await replay(shownOn, drawing.actions, () => !canvas.isConnected); return; }
  for (const action of drawing.actions) shownOn.apply(action);
  canvas.dataset.replay = "done";
}

// The archive writes in batches, so a drawing just revealed may take a moment to be readable.
function storedDrawing(id) {
  if (!drawings.has(id)) {
    drawings.set(id, (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await api(`/v1/drawings/${encodeURIComponent(id)}`);
        } catch (err) {
          if (err.status === 404 && attempt < 8) { await new Promise((r) => setTimeout(r, 250 * 2 ** Math.min(attempt, 3))); continue; }
          drawings.delete(id);
          throw err;
        }
      }
    })());
  }
  return drawings.get(id);
}

// Likes and dislikes go to the latest drawing revealed; they sit under it, for all but its drawer.
function renderLikes(r) {
  const box = $("tel-likes");
  let latest = null;
  if (r.phase === "reveal") for (const entry of r.entries) if (entry.kind === "draw" && entry.drawingId) latest = entry;
  const li = latest && latest.playerId !== me() ? shown.get(keyOf(latest)) : null;
  box.classList.toggle("hidden", !li);
  if (!li) return;
  const foot = li.querySelector(".tel-foot");
  if (box.parentElement !== foot) foot.prepend(box);
  for (const kind of REACTIONS) {
    const b = $(`tel-${kind}`);
    setPressed(b, myReaction === kind);
    b.querySelector(".count").textContent = String(reactions[kind]);
  }
}

// The step's countdown on the server's clock, and a quick-play lobby's count to its start.
function tick() {
  const r = room();
  if (!isTelephone(r)) return;
  const left = r.deadline ? Math.max(0, Math.ceil((r.deadline - now()) / 1000)) : null;
  const timer = $("tel-timer");
  timer.textContent = left === null ? "" : `${left}s`;
  timer.classList.toggle("soon", left !== null && left <= 5);
  if (r.phase === "lobby") {
    const note = lobbyNote(r);
    if ($("tel-lobby-note").textContent !== note) $("tel-lobby-note").textContent = note;
  }
}
