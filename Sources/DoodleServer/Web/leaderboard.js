// The all-time leaderboard (GET /v1/leaderboard) on the front page, our own line marked.

import { api, session } from "./connection.js";
import { t } from "./i18n.js";
import { $, el } from "./ui.js";

let board = { state: "idle", players: [] };

// Asked for each time the front page comes into view (games end elsewhere all the time), not
// on every render.
export async function refreshLeaderboard() {
  if (board.state === "loading") return;
  board = { state: "loading", players: board.players };
  renderLeaderboard();
  try {
    const answer = await api("/v1/leaderboard?limit=10");
    board = { state: "ready", players: answer.players || answer.entries || [] };
  } catch {
    board = { state: "failed", players: [] };
  }
  renderLeaderboard();
}

export function renderLeaderboard() {
  const list = $("leaderboard"), note = $("leaderboard-note");
  list.replaceChildren(...board.players.map((p) => {
    const li = el("li", p.name, p.playerId === session.me ? "me" : "");
    li.value = p.rank;
    li.append(el("span", t("board.line", { score: p.score, wins: p.wins, games: p.games }), "sub"));
    return li;
  }));
  const empty = board.state === "ready" && !board.players.length;
  note.textContent = board.state === "failed" ? t("board.failed") : empty ? t("board.empty") : board.state === "loading" && !board.players.length ? t("board.loading") : "";
  note.classList.toggle("hidden", !note.textContent);
}
