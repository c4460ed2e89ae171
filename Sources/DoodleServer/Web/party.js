// The party game: lobby forms, the room with its board, players, chat and turn cards, and
// after a game its podium, ranking and gallery (the last drawing stays on the board). A
// telephone room shares the room panel, players, chat and moderation; its stage is telephone.js's.

import { face } from "./avatar.js";
import { botOfferShown, botOffer, botError, botBadge, resetBots, joinedLine, replacedLine } from "./bots.js";
import { Board } from "./canvas.js";
import { session, send, sendDrawing, now, api } from "./connection.js";
import { startsOnItsOwn, secondsToStart, countdownText, announceCountdown } from "./countdown.js";
import { renderGallery } from "./gallery.js";
import { t } from "./i18n.js";
import { moderationHandlers, moderationError, hidesChat, memberButtons, enterModerationRoom, resetModeration, setUpModeration } from "./moderation.js";
import { packName, fillPackSelect, preferredPack } from "./packs.js";
import { Pen } from "./pen.js";
import { openReport } from "./reports.js";
import { reactionHandlers, reactionsFromSnapshot, resetReactions, renderReactions, setUpReactions } from "./reactions.js";
import { play } from "./sound.js";
import { $, el, button, appendLog, copyFrom, rebuildKeepingFocus, fitOneLine } from "./ui.js";
import { watchHandlers, watchError, amSpectator, spectators, renderWatching, resetWatch } from "./watch.js";

let board, pen;
let lastGuess = "";
let gallery = null;       // { gameId, state: "loading"|"ready"|"failed", drawings, error }
let qrShownFor = null;    // the room whose QR code is open
let botOfferOnCard = false; // the lobby's card shows the house bots' offer

// A reload at game over gets a roomState without the game's id: the id of the game that ended
// while we watched is kept for the tab, so its gallery and ranking come back.
const LAST_GAME = "doodle.lastGame";
const rememberGame = (code, gameId) => sessionStorage.setItem(LAST_GAME, JSON.stringify({ code, gameId }));
function rememberedGame(code) {
  try { const g = JSON.parse(sessionStorage.getItem(LAST_GAME) || "null"); return g?.code === code ? g.gameId : null; } catch { return null; }
}

const room = () => session.room;
const me = () => session.me;
const player = (id) => room().players.find((p) => p.id === id);
const nameOf = (id) => (room() && player(id)?.name) || t("someone");
const inGame = () => room() && ["choosing", "drawing", "turnEnd", "step", "reveal"].includes(room().phase);
const isTelephone = () => room()?.mode === "telephone";
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
    if (createMode() === "telephone") { send({ type: "createRoom", mode: "telephone", settings: telephoneSettings() }); return; }
    const settings = { rounds: Number($("set-rounds").value), drawSeconds: Number($("set-draw").value), public: $("set-public").checked };
    if ($("set-pack").value) settings.wordPack = $("set-pack").value;
    const words = $("set-words").value.split(",").map((w) => w.trim()).filter(Boolean);
    if (words.length) settings.customWords = words;
    if (words.length && $("set-words-only").checked) settings.customWordsOnly = true;
    send({ type: "createRoom", mode: "party", settings });
  };
  // Each mode shows its own settings; the word pack and "public" are both modes'.
  for (const radio of document.querySelectorAll('input[name="set-mode"]')) radio.onchange = showCreateMode;
  showCreateMode();
  $("join-form").onsubmit = (e) => { e.preventDefault(); send({ type: "joinRoom", code: $("join-code").value }); };
  $("start").onclick = () => send({ type: "startGame" });
  $("leave").onclick = () => send({ type: "leaveRoom" });
  $("report-room").onclick = () => openReport({ kind: "room", code: room().code });
  $("lock").onclick = () => send({ type: "lockRoom", locked: !room().locked });
  $("owner-settings").onsubmit = (e) => {
    e.preventDefault();
    const settings = { rounds: Number($("os-rounds").value), drawSeconds: Number($("os-draw").value), maxPlayers: Number($("os-max").value) };
    document.activeElement?.blur();
    send({ type: "updateSettings", settings });
  };
  $("copy").onclick = () => copyFrom($("invite"), $("copy"));
  // Asked for on demand: each picture counts against the server's per-address lookup limit.
  $("qr-toggle").onclick = () => { qrShownFor = qrShownFor === room().code ? null : room().code; renderParty(); };
  $("guess-form").onsubmit = (e) => {
    e.preventDefault();
    const text = $("guess").value.trim();
    if (!text) return;
    lastGuess = text;
    send({ type: "guess", text });
    $("guess").value = "";
  };
  setUpModeration();
  setUpReactions();
  setInterval(tick, 250);
  board.reset([]);
}

// The page left the party room (or never was in one): a blank board, no gallery.
export function resetParty() {
  board.reset([]);
  pen.clearPreview();
  gallery = null;
  qrShownFor = null;
  resetWatch();
  resetModeration();
  resetReactions();
  resetBots();
  $("log").replaceChildren();
}

const createMode = () => document.querySelector('input[name="set-mode"]:checked')?.value ?? "party";

function showCreateMode() {
  const telephone = createMode() === "telephone";
  $("set-party").classList.toggle("hidden", telephone);
  $("set-party-words").classList.toggle("hidden", telephone);
  $("set-telephone").classList.toggle("hidden", !telephone);
}

// A blank number of steps lets the server pass each chain once round the room.
function telephoneSettings() {
  const settings = {
    start: $("set-tel-start").value, writeSeconds: Number($("set-tel-write").value), drawSeconds: Number($("set-tel-draw").value),
    maxPlayers: Number($("set-tel-max").value), public: $("set-public").checked,
  };
  if ($("set-tel-steps").value.trim()) settings.steps = Number($("set-tel-steps").value);
  if ($("set-pack").value) settings.wordPack = $("set-pack").value;
  return settings;
}

// The create form offers the server's packs, starting at the one the player plays.
export function fillCreatePacks() { fillPackSelect($("set-pack"), preferredPack()); }

function resetDrawing() { board.reset([]); pen.clearPreview(); }

export const partyHandlers = {
  roomState(m) {
    m.players = m.players || [];
    m.spectators = m.spectators || [];
    m.startsAt = m.startsAt ?? null;
    board.reset(m.strokes || [], m.lastStrokeId);
    pen.clearPreview();
    history.replaceState(null, "", `#${m.code}`);
    enterModerationRoom(m.code);
    reactionsFromSnapshot(m);
    const lastGame = m.phase === "gameOver" ? rememberedGame(m.code) : null;
    if (lastGame && gallery?.gameId !== lastGame) loadGallery(lastGame);
  },
  // True when the error was shown where it belongs (the report dialog), not as a toast.
  error(m) {
    if (m.ref && m.ref.startsWith("stroke")) pen.clearPreview();
    watchError(m);
    if (botError(m)) return botOfferShown();
    return moderationError(m);
  },
  ...watchHandlers,
  ...moderationHandlers,
  ...reactionHandlers,
  playerJoined(m) { room().players.push(m.player); log(joinedLine(m.player), "sys"); },
  playerLeft(m) {
    const key = m.reason === "kicked" ? "log.kicked" : m.reason === "timedOut" ? "log.timedOut" : "log.left";
    log(m.reason === "replaced" ? replacedLine(nameOf(m.playerId)) : t(key, { name: nameOf(m.playerId) }), "sys");
    room().players = room().players.filter((p) => p.id !== m.playerId);
  },
  playerConnection(m) { const p = player(m.playerId); if (p) p.connected = m.connected; },
  playerRenamed(m) { const p = player(m.playerId); if (p) { p.name = m.name; if (m.avatar) p.avatar = m.avatar; } },
  ownerChanged(m) { room().ownerId = m.ownerId; log(t("log.owner", { name: nameOf(m.ownerId) }), "sys"); },
  settingsChanged(m) { room().settings = m.settings; room().locked = m.locked; if (!inGame()) room().rounds = m.settings.rounds; },
  kickVote(m) { log(t("log.kickVote", { name: nameOf(m.targetId), votes: m.votes, needed: m.needed }), "sys"); },
  chat(m) {
    // A muted member's line keeps the room's seq and shows nothing.
    if (hidesChat(m)) return;
    const scoped = m.scope === "guessed";
    const line = log(`${nameOf(m.playerId)}: ${m.text}`, scoped ? "scoped" : "", scoped ? t("log.scoped") : "");
    line.dataset.from = m.playerId;
  },
  phase(m) {
    const r = room();
    Object.assign(r, { phase: m.phase, deadline: m.deadline ?? null, word: m.word ?? null, choices: null, startsAt: m.startsAt ?? null });
    if (m.phase === "choosing") {
      Object.assign(r, { round: m.round, drawerId: m.drawerId, hint: null });
      r.players.forEach((p) => { p.guessed = false; });
      resetDrawing();
      resetReactions();
      gallery = null;
      log(t("log.choosing", { round: m.round, name: nameOf(m.drawerId) }), "sys");
      // On a phone the room's buttons (Start) sit below the chat: bring the board back up.
      window.scrollTo({ top: 0 });
    } else if (m.phase === "drawing") {
      r.hint = m.hint;
      resetReactions();
    } else if (m.phase === "lobby") {
      Object.assign(r, { round: null, drawerId: null, hint: null, ranking: null });
      r.players.forEach((p) => { p.score = 0; p.guessed = false; });
      resetDrawing();
      resetReactions();
      gallery = null;
    }
    // The game-over panel came or went and the log's box changed size with it: the newest
    // lines are what matters after a rematch, so the log follows them again.
    if (m.phase === "lobby" || m.phase === "choosing") requestAnimationFrame(() => { $("log").scrollTop = $("log").scrollHeight; });
  },
  chooseWord(m) { room().choices = m.choices; play("turn"); },
  hint(m) { room().hint = m.hint; },
  playerGuessed(m) {
    const p = player(m.playerId);
    if (p) { p.guessed = true; p.score += m.gained; }
    // Our own guess is told once, by guessResult ("You got it"), with the word.
    if (m.playerId === me()) return;
    log(t("log.guessed", { name: nameOf(m.playerId), gained: m.gained }), "good");
    play("correct");
  },
  guessResult(m) {
    if (m.correct) { room().word = m.word; log(t("log.gotIt", { word: m.word, gained: m.gained }), "good"); play("correct"); }
    else if (m.close) log(t("log.close", { guess: lastGuess }), "close");
  },
  turnEnded(m) {
    Object.assign(room(), { phase: "turnEnd", word: m.word, deadline: null, lastTurn: m });
    for (const s of m.scores) { const p = player(s.playerId); if (p) p.score = s.total; }
    log(m.word ? t("log.wordWas", { word: m.word }) : t("log.skipped"), "sys");
  },
  gameEnded(m) {
    // The board keeps the last drawing: the game-over panel sits beside it, not over it.
    Object.assign(room(), { phase: "gameOver", deadline: null, hint: null, ranking: m.ranking });
    for (const r of m.ranking) { const p = player(r.playerId); if (p) p.score = r.score; }
    log(t(m.reason === "completed" ? "log.gameOver" : "log.gameOverShort"), "sys");
    play("over");
    rememberGame(room().code, m.gameId);
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
      // After a reload the snapshot knows only scores; the archive knows the real ranking.
      const ranking = game.ranking.map((line) => ({ ...line, name: line.name ?? t("over.deleted") }));
      gallery = { gameId, state: "ready", drawings: game.drawings, ranking };
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
  renderQR(r);
  // A telephone room's start is on its own stage, where its lobby explains the game.
  $("start").classList.toggle("hidden", !amOwner() || inGame() || isTelephone());
  $("start").textContent = t(r.phase === "gameOver" ? "room.again" : "room.start");
  $("lock").classList.toggle("hidden", !amOwner());
  $("lock").textContent = t(r.locked ? "room.unlock" : "room.lock");
  $("locked").classList.toggle("hidden", !r.locked);
  const pack = r.settings?.wordPack;
  $("room-kind").textContent = pack ? t(r.settings.public ? "room.publicPack" : "room.privatePack", { pack: packName(pack) }) : "";
  renderOwnerSettings();
  renderPlayers();
  renderWatching();
  if (isTelephone()) return;
  $("round").textContent = r.phase === "gameOver" ? t("game.over") : r.round ? t("game.round", { round: r.round, rounds: r.rounds }) : t("game.lobby");
  const hint = r.word && r.phase !== "choosing" ? r.word : (r.hint || "");
  if ($("hint").textContent !== hint) $("hint").textContent = hint;
  fitOneLine($("hint"));
  $("tools").classList.toggle("hidden", !amDrawer());
  $("ink").classList.toggle("drawing", amDrawer());
  $("game").classList.toggle("over", r.phase === "gameOver");
  renderReactions(r);
  renderCard();
  renderGameOver();
  tick();
}

function renderQR(r) {
  const open = qrShownFor === r.code;
  const img = $("qr");
  $("qr-toggle").setAttribute("aria-expanded", String(open));
  img.classList.toggle("hidden", !open);
  img.alt = t("room.qrAlt", { code: r.code });
  const src = `/v1/rooms/${encodeURIComponent(r.code)}/qr.svg`;
  if (open && img.getAttribute("src") !== src) img.src = src;
}

// A party room ranks its players by score and ticks those who guessed the word; a telephone
// room keeps its seat order, has no score, and ticks those who handed in the step's work.
function renderPlayers() {
  const telephone = isTelephone();
  const done = (p) => (telephone ? room().phase === "step" && (room().submitted || []).includes(p.id) : p.guessed);
  const order = telephone ? [...room().players] : [...room().players].sort((a, b) => b.score - a.score);
  rebuildKeepingFocus($("players"), () => order.map((p) => {
    const marks = (p.id === room().ownerId ? " ★" : "") + (p.id === room().drawerId && inGame() ? " ✎" : "") + (done(p) ? " ✓" : "");
    const li = memberLine(p, `${p.name}${marks}${p.connected ? "" : ` ${t("away")}`}`, face(p.avatar, 22));
    if (!telephone) li.querySelector(".acts").append(el("span", String(p.score), "score"));
    li.className = [p.connected ? "" : "off", p.id === me() ? "me" : "", done(p) ? "guessed" : ""].join(" ");
    return li;
  }));
  const watchers = spectators();
  $("spectators-box").classList.toggle("hidden", watchers.length === 0);
  rebuildKeepingFocus($("spectators"), () => watchers.map((s) => {
    const li = memberLine(s, s.name);
    if (s.id === me()) li.className = "me";
    return li;
  }));
}

// A member's line: the face (players only: watchers show none), the name (cut short if it must
// be), then mute, report and kick for others.
function memberLine(member, label, avatar = null) {
  const li = el("li");
  li.dataset.playerId = member.id;
  const acts = el("span", "", "acts");
  acts.append(...memberButtons(member));
  const kick = kickButton(member);
  if (kick) acts.append(kick);
  const who = el("span", "", "who");
  if (avatar) who.append(avatar);
  who.append(el("span", label, "name"));
  const bot = botBadge(member);
  if (bot) who.append(bot);
  li.append(who, acts);
  return li;
}

// The owner removes at once; a player adds a vote (more than half of the others needed); a
// watcher has no vote, and nobody kicks themselves.
function kickButton(member) {
  if (member.id === me() || (amSpectator() && !amOwner())) return null;
  const kick = button(t(amOwner() ? "kick" : "voteKick"), () => {
    if (amOwner() && !confirm(t("kick.confirm", { name: member.name }))) return;
    send({ type: amOwner() ? "kick" : "voteKick", playerId: member.id });
  }, "kick");
  kick.dataset.key = `kick:${member.id}`;
  kick.title = t(amOwner() ? "kick.title" : "voteKick.title", { name: member.name });
  kick.setAttribute("aria-label", kick.title);
  return kick;
}

// Settings can change in the lobby and after a game; the form keeps what the owner is typing.
function renderOwnerSettings() {
  const form = $("owner-settings");
  const r = room();
  // A telephone room keeps the settings it was created with.
  const editable = amOwner() && (r.phase === "lobby" || r.phase === "gameOver") && r.settings && !isTelephone();
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
    add("h3", t("card.choose"));
    r.choices.forEach((word, index) => {
      const b = button(word, () => { send({ type: "chooseWord", index }); r.choices = null; renderParty(); }, "choice");
      card.append(b);
    });
  } else if (r.phase === "choosing") {
    add("p", t("card.choosing", { name: nameOf(r.drawerId) }));
  } else if (r.phase === "turnEnd" && !r.lastTurn) {   // joined or reloaded during the pause
    add("h3", r.word ? t("card.wordWas", { word: r.word }) : t("card.turnOver"));
  } else if (r.phase === "turnEnd") {
    const turn = r.lastTurn;
    add("h3", turn.word ? t("card.wordWas", { word: turn.word }) : t("card.skipped"));
    const why = { allGuessed: "card.allGuessed", timeout: "card.timeout", drawerLeft: "card.drawerLeft", skipped: "card.skippedWhy" };
    add("p", why[turn.reason] ? t(why[turn.reason]) : turn.reason);
    const ol = add("ol", "");
    for (const s of [...turn.scores].sort((a, b) => b.gained - a.gained)) ol.append(el("li", `${nameOf(s.playerId)} +${s.gained} (${s.total})`));
  } else if (r.phase === "lobby" && startsOnItsOwn(r)) {
    add("h3", countdownText(r)).id = "countdown";
  } else if (r.phase === "lobby") {
    add("p", t(r.players.length < 2 ? "card.needPlayers" : amOwner() ? "card.startWhenReady" : "card.waitOwner"));
  }
  botOfferOnCard = botOfferShown();
  if (botOfferOnCard) card.append(...botOffer());
  card.classList.toggle("hidden", card.childElementCount === 0);
  // A turn's result leaves the drawing in view (on a phone it sits low and lets it show through).
  card.classList.toggle("result", r.phase === "turnEnd");
}

// The album's links, once the archive has the game and it holds a drawing.
function renderAlbumDownloads() {
  const ready = gallery?.state === "ready" && gallery.drawings.length > 0;
  $("album-downloads").classList.toggle("hidden", !ready);
  if (!ready) return;
  const base = `/v1/games/${encodeURIComponent(gallery.gameId)}`;
  for (const [id, file] of [["album-gif", "album.gif"], ["album-png", "album.png"]]) {
    const link = $(id);
    link.href = `${base}/${file}`;
    link.download = `doodle-${gallery.gameId}-${file}`;
  }
}

// After a game: the podium, the ranking with our own line marked, and the game's drawings,
// below the board that keeps the last one.
function renderGameOver() {
  const r = room();
  const over = Boolean(r && r.phase === "gameOver");
  $("game-over").classList.toggle("hidden", !over);
  if (!over) return;
  // After a reload, until the archive answers, only the snapshot is known: rank by score.
  const ranking = r.ranking || gallery?.ranking || [...r.players].sort((a, b) => b.score - a.score).map((p, i) => ({ ...p, playerId: p.id, rank: i + 1 }));
  const you = (line) => (line.playerId === me() ? ` ${t("over.you")}` : "");
  // The archive's ranking after a reload may lack faces: the seat still has one.
  const avatarOf = (line) => line.avatar ?? player(line.playerId)?.avatar;
  $("ranking").replaceChildren(...ranking.map((line) => {
    const li = el("li", "", line.playerId === me() ? "me" : "");
    li.append(face(avatarOf(line), 20), el("span", `${line.name}${you(line)} — ${line.score}`));
    const bot = botBadge(line);
    if (bot) li.append(bot);
    li.value = line.rank;
    return li;
  }));
  $("podium").replaceChildren(...ranking.slice(0, 3).map((line, i) => {
    const li = el("li", "", `place-${i + 1}${line.playerId === me() ? " me" : ""}`);
    li.append(face(avatarOf(line), 44), el("span", `${line.name}${you(line)}`, "who"), el("span", String(line.score), "muted"), el("span", String(line.rank), "step"));
    return li;
  }));
  renderAlbumDownloads();
  const box = $("game-gallery");
  if (gallery?.state !== "ready") delete box.dataset.gameId;
  if (!gallery) { box.replaceChildren(el("p", t("over.galleryLater"), "muted")); return; }
  if (gallery.state === "loading") { box.replaceChildren(el("p", t("over.loading"), "muted")); return; }
  if (gallery.state === "failed") { box.replaceChildren(el("p", t("over.failed", { error: gallery.error }), "muted")); return; }
  if (box.dataset.gameId === gallery.gameId && box.dataset.lang === document.documentElement.lang) return;   // keep the images
  box.dataset.gameId = gallery.gameId;
  box.dataset.lang = document.documentElement.lang;
  renderGallery(box, gallery.drawings.map((d) => {
    const thumb = el("img");
    thumb.src = `/v1/drawings/${encodeURIComponent(d.id)}.svg`;
    thumb.alt = t("canvas.thumbOf", { word: d.word });
    return {
      id: d.id, title: d.word, detail: t("over.by", { name: d.drawer.name ?? t("over.deleted") }), thumb, reactions: d.reactions,
      // A party drawing has a share page; a pair's drawings stay between the partners.
      sharePath: `/d/${encodeURIComponent(d.id)}`,
      // Only a party drawing's GIF is a plain link: a pair drawing's needs the partner's token.
      gifPath: `/v1/drawings/${encodeURIComponent(d.id)}.gif`,
      // The stored drawing also brings the drawer's face, which the game's list does not carry.
      drawing: () => api(`/v1/drawings/${encodeURIComponent(d.id)}`),
    };
  }), t("over.none"));
}

// Countdown to the server's deadline, on the server's clock (estimated from welcome.serverTime);
// in the lobby of a room nobody owns, to the game's start.
function tick() {
  const r = room();
  const party = r && r.mode !== "pair" && !isTelephone();
  const left = party && r.deadline ? Math.max(0, Math.ceil((r.deadline - now()) / 1000))
    : party && r.phase === "lobby" ? secondsToStart(r) : null;
  $("timer").textContent = left === null ? "" : `${left}s`;
  // The bots' offer comes after a wait with no event to redraw the card.
  if (party && botOfferShown() !== botOfferOnCard) renderCard();
  const countdown = $("countdown");
  if (countdown && party) countdown.textContent = countdownText(r);
  // A telephone room's lobby counts down the same way (its stage shows the count).
  announceCountdown(r && r.mode !== "pair" ? r : null);
}
