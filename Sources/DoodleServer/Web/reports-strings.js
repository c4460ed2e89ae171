// The strings for reporting a drawing or a room (a member's report uses i18n.js's "report.*"),
// in English, German and French; the share page, which has no other strings file, uses them too.

import { addStrings } from "./i18n.js";

const en = {
  "report.drawing": "Report", "report.drawingLabel": "Report this drawing", "report.drawingTitle": "Report the drawing “{word}”",
  "report.room": "Report room", "report.roomLabel": "Report this room to an operator", "report.roomTitle": "Report room {code}",
  "report.needPlayer": "Reports come from players: play a game on this device first, then report.",
};

const de = {
  "report.drawing": "Melden", "report.drawingLabel": "Diese Zeichnung melden", "report.drawingTitle": "Die Zeichnung „{word}“ melden",
  "report.room": "Raum melden", "report.roomLabel": "Diesen Raum einem Betreiber melden", "report.roomTitle": "Raum {code} melden",
  "report.needPlayer": "Meldungen kommen von Spielern: spiel zuerst eine Runde auf diesem Gerät, dann melde.",
};

const fr = {
  "report.drawing": "Signaler", "report.drawingLabel": "Signaler ce dessin", "report.drawingTitle": "Signaler le dessin « {word} »",
  "report.room": "Signaler le salon", "report.roomLabel": "Signaler ce salon à un opérateur", "report.roomTitle": "Signaler le salon {code}",
  "report.needPlayer": "Les signalements viennent des joueurs : joue d'abord une partie sur cet appareil, puis signale.",
};

addStrings({ en, de, fr });
