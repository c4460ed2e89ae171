// The leaderboard on the front page (GET /v1/leaderboard): all time, or today's, this week's or
// this month's (UTC, weeks from Monday), picked with the buttons above it; our own line marked.

import { api, session } from "./connection.js";
import { t } from "./i18n.js";
import { $, el } from "./ui.js";

const periods = ["day", "week", "month", "all"];
let board = { state: "idle", period: "all", players: [] };
// The answer to the latest request only: a slow answer for a period no longer shown is dropped.
let asked = 0;

// Asked for each time the front page comes into view (games end elsewhere all the time) and when
// another period is picked, not on every render.
export async function refreshLeaderboard() {
  const request = ++asked;
  const period = board.period;
  board = { ...board, state: "loading" };
  renderLeaderboard();
  try {
    const answer = await api(`/v1/leaderboard?period=${period}&limit=10`);
    if (request !== asked) return;
    board = { state: "ready", period, players: answer.entries || answer.players || [] };
  } catch {
    if (request !== asked) return;
    board = { state: "failed", period, players: [] };
  }
  renderLeaderboard();
}

export function showLeaderboardPeriod(period) {
  if (!periods.includes(period) || period === board.period) return;
  board = { state: "idle", period, players: [] };
  refreshLeaderboard();
}

export function renderLeaderboard() {
  for (const button of document.querySelectorAll("#board-periods button")) {
    button.setAttribute("aria-pressed", String(button.dataset.period === board.period));
  }
  const list = $("leaderboard"), note = $("leaderboard-note");
  list.replaceChildren(...board.players.map((p) => {
    const li = el("li", p.name, p.playerId === session.me ? "me" : "");
    li.value = p.rank;
    li.append(el("span", t("board.line", { score: p.score, wins: p.wins, games: p.games }), "sub"));
    return li;
  }));
  const empty = board.state === "ready" && !board.players.length;
  const emptyText = board.period === "all" ? t("board.empty") : t("board.emptyPeriod");
  note.textContent = board.state === "failed" ? t("board.failed") : empty ? emptyText : board.state === "loading" && !board.players.length ? t("board.loading") : "";
  note.classList.toggle("hidden", !note.textContent);
}
