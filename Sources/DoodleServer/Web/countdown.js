// The lobby countdown of a room nobody owns (opened by quick play): the server starts its game
// at `startsAt`, on the server's clock; null while fewer than 2 players are connected.

import { now } from "./connection.js";
import { t } from "./i18n.js";
import { $ } from "./ui.js";

// The last few seconds are read out once more; every second would drown the chat.
const ANNOUNCE_AGAIN_AT = 5;

export const startsOnItsOwn = (room) => Boolean(room) && room.mode !== "pair" && !room.ownerId;

export const secondsToStart = (room) => (room?.startsAt ? Math.max(0, Math.ceil((room.startsAt - now()) / 1000)) : null);

export function countdownText(room) {
  const left = secondsToStart(room);
  return left === null ? t("auto.waiting") : t("auto.startsIn", { n: left });
}

// What the live region last said: it speaks when waiting turns into counting (or back), and
// once more at ANNOUNCE_AGAIN_AT seconds.
let spoken = null;

export function announceCountdown(room) {
  const counting = startsOnItsOwn(room) && room.phase === "lobby";
  const left = counting ? secondsToStart(room) : null;
  const stage = !counting ? null : left === null ? "waiting" : `${room.startsAt}:${left <= ANNOUNCE_AGAIN_AT ? "soon" : "on"}`;
  if (stage === spoken) return;
  spoken = stage;
  $("countdown-live").textContent = counting ? countdownText(room) : "";
}
