// House bots' strings in English, German and French (the rest of the game's are in i18n.js),
// merged in before the page translates itself.

import { addStrings } from "./i18n.js";

const en = {
  "bot.badge": "bot", "bot.title": "{name} is a bot the server plays; a person who joins takes its seat",
  "bot.offer": "Nobody else here yet? Bots can play with you until people come.", "bot.play": "Play with bots now",
  "bot.asked": "Calling the bots in…",
  "log.botJoined": "{name} (a bot) joined", "log.botReplaced": "{name} (a bot) left: a person took its seat",
};

const de = {
  "bot.badge": "Bot", "bot.title": "{name} ist ein Bot des Servers; wer dazukommt, übernimmt seinen Platz",
  "bot.offer": "Noch niemand sonst da? Bots spielen mit dir, bis Leute kommen.", "bot.play": "Jetzt mit Bots spielen",
  "bot.asked": "Die Bots werden geholt…",
  "log.botJoined": "{name} (ein Bot) ist dabei", "log.botReplaced": "{name} (ein Bot) ist gegangen: ein Mensch hat seinen Platz übernommen",
};

const fr = {
  "bot.badge": "bot", "bot.title": "{name} est un bot du serveur ; une personne qui arrive prend sa place",
  "bot.offer": "Personne d'autre pour l'instant ? Des bots jouent avec toi en attendant.", "bot.play": "Jouer avec des bots",
  "bot.asked": "Les bots arrivent…",
  "log.botJoined": "{name} (un bot) a rejoint", "log.botReplaced": "{name} (un bot) est parti : une personne a pris sa place",
};

addStrings({ en, de, fr });
