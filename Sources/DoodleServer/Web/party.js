// The party game: lobby forms, the room with its board, players, chat and turn cards, and
// after a game its ranking and gallery (the last drawing stays on the board).

import { Board } from "./canvas.js";
import { session, send, sendDrawing, now, api } from "./connection.js";
import { renderGallery } from "./gallery.js";
import { Pen } from "./pen.js";
import { $, el, button, appendLog, copyFrom } from "./ui.js";

let board, pen;
let lastGuess = "";
let gallery = null;       // { gameId, state: "loading"|"ready"|"failed", drawings, error }

const room = () => session.room;
const me = () => session.me;
const player = (id) => room().players.find((p) => p.id === id);
const nameOf = (id) => (room() && player(id)?.name) || "someone";
const inGame = () => room() && ["choosing", "drawing", "turnEnd"].includes(room().phase);
const amDrawer = () => room() && room().drawerId === me() && room().phase === "drawing";
const amOwner = () => room() && room().ownerId === me();
const log = (text, cls = "", prefix = "") => appendLog($("log"), prefix + text, cls);

export function setUpParty() {
  board = new Board($("board"));
  pen = new Pen({
    ink: $("ink"), toolbar: $("tools"), canDraw: amDrawer, emit: sendDrawing,
    lastStrokeId: () => board.lastStrokeId,
  });
  $("create-form").onsubmit = (e) => {
    e.preventDefault();
    const settings = { rounds: Number($("set-rounds").value), drawSeconds: Number($("set-draw").value) };
    const words = $("set-words").value.split(",").map((w) => w.trim()).filter(Boolean);
    if (words.length) settings.customWords = words;
    send({ type: "createRoom", mode: "party", settings });
  };
  $("join-form").onsubmit = (e) => { e.preventDefault(); send({ type: "joinRoom", code: $("join-code").value }); };
  $("start").onclick = () => send({ type: "startGame" });
  $("leave").onclick = () => send({ type: "leaveRoom" });
  $("lock").onclick = () => send({ type: "lockRoom", locked: !room().locked });
  $("owner-settings").onsubmit = (e) => {
    e.preventDefault();
    const settings = { rounds: Number($("os-rounds").value), drawSeconds: Number($("os-draw").value), maxPlayers: Number($("os-max").value) };
    document.activeElement?.blur();
    send({ type: "updateSettings", settings });
  };
  $("copy").onclick = () => copyFrom($("invite"), $("copy"));
  $("guess-form").onsubmit = (e) => {
    e.preventDefault();
    const text = $("guess").value.trim();
    if (!text) return;
    lastGuess = text;
    send({ type: "guess", text });
    $("guess").value = "";
  };
  setInterval(tick, 250);
  board.reset([]);
}

// The page left the party room (or never was in one): a blank board, no gallery.
export function resetParty() { board.reset([]); pen.clearPreview(); gallery = null; $("log").replaceChildren(); }

function resetDrawing() { board.reset([]); pen.clearPreview(); }

export const partyHandlers = {
  roomState(m) {
    m.players = m.players || [];
    board.reset(m.strokes || []);
    pen.clearPreview();
    history.replaceState(null, "", `#${m.code}`);
  },
  error(m) { if (m.ref && m.ref.startsWith("stroke")) pen.clearPreview(); },
  playerJoined(m) { room().players.push(m.player); log(`${m.player.name} joined`, "sys"); },
  playerLeft(m) {
    log(`${nameOf(m.playerId)} ${m.reason === "kicked" ? "was kicked" : m.reason === "timedOut" ? "timed out" : "left"}`, "sys");
    room().players = room().players.filter((p) => p.id !== m.playerId);
  },
  playerConnection(m) { const p = player(m.playerId); if (p) p.connected = m.connected; },
  playerRenamed(m) { const p = player(m.playerId); if (p) p.name = m.name; },
  ownerChanged(m) { room().ownerId = m.ownerId; log(`${nameOf(m.ownerId)} is now the owner`, "sys"); },
  settingsChanged(m) { room().settings = m.settings; room().locked = m.locked; if (!inGame()) room().rounds = m.settings.rounds; },
  kickVote(m) { log(`vote to kick ${nameOf(m.targetId)}: ${m.votes}/${m.needed}`, "sys"); },
  chat(m) {
    const scoped = m.scope === "guessed";
    log(`${nameOf(m.playerId)}: ${m.text}`, scoped ? "scoped" : "", scoped ? "(to those who know) " : "");
  },
  phase(m) {
    const r = room();
    Object.assign(r, { phase: m.phase, deadline: m.deadline ?? null, word: m.word ?? null, choices: null });
    if (m.phase === "choosing") {
      Object.assign(r, { round: m.round, drawerId: m.drawerId, hint: null });
      r.players.forEach((p) => { p.guessed = false; });
      resetDrawing();
      gallery = null;
      log(`Round ${m.round}: ${nameOf(m.drawerId)} is choosing a word`, "sys");
    } else if (m.phase === "drawing") {
      r.hint = m.hint;
    } else if (m.phase === "lobby") {
      Object.assign(r, { round: null, drawerId: null, hint: null, ranking: null });
      r.players.forEach((p) => { p.score = 0; p.guessed = false; });
      resetDrawing();
      gallery = null;
    }
  },
  chooseWord(m) { room().choices = m.choices; },
  hint(m) { room().hint = m.hint; },
  playerGuessed(m) {
    const p = player(m.playerId);
    if (p) { p.guessed = true; p.score += m.gained; }
    log(`${nameOf(m.playerId)} guessed the word! (+${m.gained})`, "good");
  },
  guessResult(m) {
    if (m.correct) { room().word = m.word; log(`You got it: ${m.word} (+${m.gained})`, "good"); }
    else if (m.close) log(`"${lastGuess}" is close!`, "close");
  },
  turnEnded(m) {
    Object.assign(room(), { phase: "turnEnd", word: m.word, deadline: null, lastTurn: m });
    for (const s of m.scores) { const p = player(s.playerId); if (p) p.score = s.total; }
    log(m.word ? `The word was "${m.word}"` : "Turn skipped", "sys");
  },
  gameEnded(m) {
    // The board keeps the last drawing: the game-over panel sits beside it, not over it.
    Object.assign(room(), { phase: "gameOver", deadline: null, hint: null, ranking: m.ranking });
    for (const r of m.ranking) { const p = player(r.playerId); if (p) p.score = r.score; }
    log(m.reason === "completed" ? "Game over!" : "Game over: not enough players", "sys");
    loadGallery(m.gameId);
  },
  strokeBegin(m) { board.apply(m); },
  strokePoints(m) { board.apply(m); },
  strokeEnd(m) {
    board.apply(m);
    // Our stroke is on the board now; keep the preview of one we are still drawing.
    if (m.playerId === me() && !pen.drawing) pen.clearPreview();
  },
  fill(m) { board.apply(m); },
  undo(m) { board.apply(m); },
  clear(m) { board.apply(m); },
};

// The archive writes in batches, so a game that just ended may take a moment to be readable.
async function loadGallery(gameId) {
  gallery = { gameId, state: "loading", drawings: [] };
  renderGameOver();
  for (let attempt = 0; ; attempt++) {
    try {
      const game = await api(`/v1/games/${encodeURIComponent(gameId)}`);
      if (gallery?.gameId !== gameId) return;
      gallery = { gameId, state: "ready", drawings: game.drawings };
      break;
    } catch (err) {
      if (gallery?.gameId !== gameId) return;
      if (err.status === 404 && attempt < 8) { await new Promise((r) => setTimeout(r, 250 * 2 ** Math.min(attempt, 3))); continue; }
      gallery = { gameId, state: "failed", drawings: [], error: err.message };
      break;
    }
  }
  renderGameOver();
}

export function renderParty() {
  const r = room();
  $("code").textContent = r.code;
  $("invite").value = `${location.origin}${location.pathname}#${r.code}`;
  $("start").classList.toggle("hidden", !amOwner() || inGame());
  $("start").textContent = r.phase === "gameOver" ? "Play again" : "Start game";
  $("lock").classList.toggle("hidden", !amOwner());
  $("lock").textContent = r.locked ? "Unlock room" : "Lock room";
  $("locked").classList.toggle("hidden", !r.locked);
  renderOwnerSettings();
  $("round").textContent = r.phase === "gameOver" ? "Game over" : r.round ? `Round ${r.round}/${r.rounds}` : "Lobby";
  $("hint").textContent = r.word && r.phase !== "choosing" ? r.word : (r.hint || "");
  $("tools").classList.toggle("hidden", !amDrawer());
  $("ink").classList.toggle("drawing", amDrawer());
  renderPlayers();
  renderCard();
  renderGameOver();
  tick();
}

function renderPlayers() {
  const list = $("players");
  list.replaceChildren();
  for (const p of [...room().players].sort((a, b) => b.score - a.score)) {
    const marks = (p.id === room().ownerId ? " ★" : "") + (p.id === room().drawerId && inGame() ? " ✏️" : "") + (p.guessed ? " ✓" : "");
    const li = el("li", `${p.name}${marks}${p.connected ? "" : " (away)"}`);
    const acts = el("span", "", "acts");
    if (p.id !== me()) {
      // The owner removes at once; anyone else adds a vote (more than half of the others needed).
      const kick = button(amOwner() ? "kick" : "vote kick", () => {
        if (amOwner() && !confirm(`Kick ${p.name}? They cannot come back to this room.`)) return;
        send({ type: amOwner() ? "kick" : "voteKick", playerId: p.id });
      });
      kick.title = amOwner() ? `Remove ${p.name} from the room for good` : `Vote to remove ${p.name}`;
      acts.append(kick);
    }
    acts.append(el("span", String(p.score)));
    li.append(acts);
    li.className = [p.connected ? "" : "off", p.id === me() ? "me" : "", p.guessed ? "guessed" : ""].join(" ");
    list.append(li);
  }
}

// Settings can change in the lobby and after a game; the form keeps what the owner is typing.
function renderOwnerSettings() {
  const form = $("owner-settings");
  const r = room();
  const editable = amOwner() && (r.phase === "lobby" || r.phase === "gameOver") && r.settings;
  form.classList.toggle("hidden", !editable);
  if (!editable || form.contains(document.activeElement)) return;
  $("os-rounds").value = r.settings.rounds;
  $("os-draw").value = r.settings.drawSeconds;
  $("os-max").value = r.settings.maxPlayers;
}

// The card over the board asks for the player's attention during a game: word choice, results.
function renderCard() {
  const card = $("card");
  const r = room();
  card.replaceChildren();
  const add = (tag, text) => { const node = el(tag, text); card.append(node); return node; };
  if (r.phase === "choosing" && r.drawerId === me() && r.choices) {
    add("h3", "Choose a word to draw");
    r.choices.forEach((word, index) => {
      const b = button(word, () => { send({ type: "chooseWord", index }); r.choices = null; renderParty(); }, "choice");
      card.append(b);
    });
  } else if (r.phase === "choosing") {
    add("p", `${nameOf(r.drawerId)} is choosing a word…`);
  } else if (r.phase === "turnEnd" && !r.lastTurn) {   // joined or reloaded during the pause
    add("h3", r.word ? `The word was “${r.word}”` : "Turn over");
  } else if (r.phase === "turnEnd") {
    const t = r.lastTurn;
    add("h3", t.word ? `The word was “${t.word}”` : "Turn skipped");
    const why = { allGuessed: "Everyone guessed it.", timeout: "Time is up.", drawerLeft: "The drawer left.", skipped: "The drawer was away." };
    add("p", why[t.reason] || t.reason);
    const ol = add("ol", "");
    for (const s of [...t.scores].sort((a, b) => b.gained - a.gained)) ol.append(el("li", `${nameOf(s.playerId)} +${s.gained} (${s.total})`));
  } else if (r.phase === "lobby") {
    add("p", r.players.length < 2 ? "Share the invite link: at least 2 players are needed." : amOwner() ? "Start the game when everyone is here." : "Waiting for the owner to start…");
  }
  card.classList.toggle("hidden", card.childElementCount === 0);
}

// After a game: the ranking and the game's drawings, below the board that keeps the last one.
function renderGameOver() {
  const r = room();
  const over = Boolean(r && r.phase === "gameOver");
  $("game-over").classList.toggle("hidden", !over);
  if (!over) return;
  const ol = $("ranking");
  ol.replaceChildren();
  // After a reload only the snapshot is known: rank its players by score.
  const ranking = r.ranking || [...r.players].sort((a, b) => b.score - a.score).map((p, i) => ({ ...p, rank: i + 1 }));
  for (const line of ranking) { const li = el("li", `${line.name} — ${line.score}`); li.value = line.rank; ol.append(li); }
  const box = $("game-gallery");
  if (gallery?.state !== "ready") delete box.dataset.gameId;
  if (!gallery) { box.replaceChildren(el("p", "The drawings of a game show here when it ends while you watch.", "muted")); return; }
  if (gallery.state === "loading") { box.replaceChildren(el("p", "Loading the game's drawings…", "muted")); return; }
  if (gallery.state === "failed") { box.replaceChildren(el("p", `The game's drawings could not be loaded: ${gallery.error}`, "muted")); return; }
  if (box.dataset.gameId === gallery.gameId) return;      // already shown; keep the images
  box.dataset.gameId = gallery.gameId;
  renderGallery(box, gallery.drawings.map((d) => {
    const thumb = el("img");
    thumb.src = `/v1/drawings/${encodeURIComponent(d.id)}.svg`;
    thumb.alt = `drawing of ${d.word}`;
    return {
      id: d.id, title: d.word, detail: `by ${d.drawer.name ?? "deleted player"}`, thumb,
      actions: async () => (await api(`/v1/drawings/${encodeURIComponent(d.id)}`)).actions,
    };
  }), "No drawings were made in this game.");
}

// Countdown to the server's deadline, on the server's clock (estimated from welcome.serverTime).
function tick() {
  const r = room();
  const left = r && r.mode !== "pair" && r.deadline ? Math.max(0, Math.ceil((r.deadline - now()) / 1000)) : null;
  $("timer").textContent = left === null ? "" : `${left}s`;
}
