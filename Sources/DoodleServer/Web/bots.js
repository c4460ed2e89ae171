// House bots (PROTOCOL.md rev 5): a player waiting alone in a public room's lobby is offered,
// after a while, to play with bots the server runs; bots are marked as such wherever players
// are listed, and the log says when a person took a bot's seat.

import "./bots-strings.js";
import { session, send } from "./connection.js";
import { t } from "./i18n.js";
import { el, button } from "./ui.js";

// GameRules' publicRoom.botAfterSeconds: no HTTP route tells it, and the server refuses (with
// its reason) a call made too early, so the page waits as long as the shipped rules say.
const BOT_AFTER_MS = 20_000;

let aloneSince = null;     // when this page saw us become the only player connected (ms, ours)
let asked = false;         // playWithBots sent and not yet answered
let refusal = "";          // the server's reason for refusing the last call

const room = () => session.room;

function waitingAlone(r) {
  if (!r || r.mode === "pair" || r.phase !== "lobby" || !r.settings?.public) return false;
  const connected = r.players.filter((p) => p.connected);
  return connected.length === 1 && connected[0].id === session.me;
}

// Called on every render and tick: starts and stops the wait. True when the offer shows now.
export function botOfferShown() {
  if (!waitingAlone(room())) { aloneSince = null; asked = false; refusal = ""; return false; }
  aloneSince ??= Date.now();
  return Date.now() - aloneSince >= BOT_AFTER_MS;
}

export function resetBots() { aloneSince = null; asked = false; refusal = ""; }

// The offer's nodes for the lobby's card.
export function botOffer() {
  const go = button(t(asked ? "bot.asked" : "bot.play"), () => {
    asked = true;
    refusal = "";
    send({ type: "playWithBots" });
    go.disabled = true;
    go.textContent = t("bot.asked");
  }, "primary");
  go.id = "play-bots";
  go.disabled = asked;
  const status = el("p", refusal, "form-error");
  status.id = "play-bots-status";
  status.setAttribute("role", "status");
  return [el("p", t("bot.offer")), go, status];
}

// The server said no (invalid_phase): its own words say why. True when it was ours.
export function botError(m) {
  if (m.ref !== "playWithBots") return false;
  asked = false;
  refusal = m.message || t("error.invalid_phase");
  return true;
}

// A bot's mark beside its name, with words for a pointer's hover and for screen readers.
export function botBadge(member) {
  if (!member.bot) return null;
  const badge = el("span", t("bot.badge"), "bot-badge");
  badge.title = t("bot.title", { name: member.name });
  badge.setAttribute("aria-label", badge.title);
  return badge;
}

export const joinedLine = (p) => t(p.bot ? "log.botJoined" : "log.joined", { name: p.name });
export const replacedLine = (name) => t("log.botReplaced", { name });
