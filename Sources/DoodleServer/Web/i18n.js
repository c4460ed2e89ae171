// Every string the page shows, in English, German and French. The language comes from the
// browser unless the player picked one in the header (kept in localStorage). Static markup
// names its strings with data-i18n attributes; scripts call t() and tn().

const en = {
  "tab.party": "Party", "tab.pair": "Pair", "tabs": "Game mode",
  "conn.offline": "offline", "conn.connecting": "connecting…", "conn.online": "online", "conn.moving": "moving to the room's server…", "conn.restarting": "Server restarting…",
  "name.label": "Your name", "name.save": "Save name", "name.change": "Change name", "name.cancel": "Cancel",
  "sound.label": "Sounds", "lang.label": "Language",
  "welcome.title": "Draw and guess with friends",
  "welcome.text": "One player draws, the others guess. Choose a name at the top to start.",
  "welcome.textInvite": "You were invited to play. Choose a name at the top to join.",
  "welcome.go": "Play", "welcome.join": "Join room {code}",
  "invite.title": "Join room {code}", "invite.loading": "Looking up room {code}…",
  "invite.info": "{mode} · {players} · {phase}",
  "invite.locked": "The room is locked: only its owner can let you in.",
  "invite.full": "The room is full.",
  "invite.missing": "There is no room {code} (any more). Ask for a new link, or create your own room.",
  "invite.busy": "Too many rooms looked up from here; the room is joined anyway when you play.",
  "invite.failed": "The room could not be looked up: {error}",
  "mode.party": "Party game", "mode.pair": "Pair",
  "players.n.one": "{n} player", "players.n.other": "{n} players",
  "phase.lobby": "waiting to start", "phase.choosing": "playing", "phase.drawing": "playing", "phase.turnEnd": "playing",
  "phase.gameOver": "game over", "phase.waiting": "waiting for a partner",
  "lobby.create": "Create a room", "lobby.rounds": "Rounds", "lobby.drawSeconds": "Seconds to draw",
  "lobby.words": "Custom words (optional, comma separated)", "lobby.createButton": "Create",
  "lobby.join": "Join a room", "lobby.code": "Invite code", "lobby.joinButton": "Join",
  "play.title": "Play now", "play.text": "Join an open game in the language you pick, or open a new one.", "play.pack": "Words in", "play.button": "Play",
  "rooms.title": "Open rooms", "rooms.loading": "Looking for open rooms…", "rooms.empty": "No open rooms in {pack} right now: press Play to open one.",
  "rooms.failed": "The open rooms could not be loaded.", "rooms.seats": "{players}/{max} players",
  "rooms.watching.one": "{n} watching", "rooms.watching.other": "{n} watching",
  "rooms.join": "Join", "rooms.watch": "Watch", "rooms.joinLabel": "Join room {code} ({pack})", "rooms.watchLabel": "Watch room {code} ({pack})",
  "lobby.pack": "Words in", "lobby.public": "Public room: listed under Open rooms",
  "room.publicPack": "public · {pack}", "room.privatePack": "{pack}", "room.spectators": "Watching",
  "auto.startsIn": "Game starts in {n} s", "auto.waiting": "Waiting for another player…",
  "watch.banner": "Watching", "watch.play": "Play when a seat frees", "watch.asked": "Seat asked for: you play from the next turn.",
  "watch.full": "No seat is free yet: try again when a player leaves.",
  "log.watcherJoined": "{name} is watching", "log.watcherLeft": "{name} stopped watching", "log.nowWatching": "{name} is watching now", "log.nowPlaying": "{name} is playing now",
  "board.label": "Leaderboard", "board.title": "Best players", "board.loading": "Loading…", "board.empty": "No finished games yet.",
  "board.failed": "The leaderboard could not be loaded.", "board.periods": "Period", "board.day": "Today", "board.week": "This week", "board.month": "This month", "board.all": "All time", "board.emptyPeriod": "No finished games in this period yet.", "board.line": "{score} points · {wins} of {games} games won",
  "game.round": "Round {round}/{rounds}", "game.lobby": "Lobby", "game.over": "Game over",
  "canvas.board": "The drawing", "canvas.ink": "Drawing area: draw here when it is your turn",
  "canvas.pairBoard": "Your drawing for your partner", "canvas.inbox": "Your partner's drawing", "canvas.viewer": "Drawing replay",
  "canvas.thumb": "Drawing", "canvas.thumbOf": "Drawing of {word}",
  "room.title": "Room", "room.copy": "Copy invite link", "room.copied": "Copied!", "room.invite": "Invite link",
  "room.qr": "QR code", "room.qrAlt": "QR code of the invite link to room {code}",
  "room.start": "Start game", "room.again": "Play again", "room.leave": "Leave", "room.lock": "Lock room", "room.unlock": "Unlock room",
  "room.locked": "locked", "room.maxPlayers": "Most players", "room.saveSettings": "Save", "room.settings": "Settings",
  "room.players": "Players", "room.details": "Room and invite",
  "chat.label": "Guess or chat", "chat.log": "Chat and guesses", "chat.send": "Send",
  "over.ranking": "Final ranking", "over.drawings": "This game's drawings", "over.albumGIF": "Download album", "over.albumPNG": "Album sheet (PNG)", "over.you": "(you)", "over.podium": "Podium",
  "over.galleryLater": "The drawings of a game show here when it ends while you watch.",
  "over.loading": "Loading the game's drawings…", "over.failed": "The game's drawings could not be loaded: {error}",
  "over.none": "No drawings were made in this game.", "over.by": "by {name}", "over.deleted": "deleted player",
  "log.joined": "{name} joined", "log.left": "{name} left", "log.kicked": "{name} was kicked", "log.timedOut": "{name} timed out",
  "log.owner": "{name} is now the owner", "log.kickVote": "vote to kick {name}: {votes}/{needed}",
  "log.scoped": "(to those who know) ", "log.choosing": "Round {round}: {name} is choosing a word",
  "log.guessed": "{name} guessed the word! (+{gained})", "log.gotIt": "You got it: {word} (+{gained})",
  "log.close": "\"{guess}\" is close!", "log.wordWas": "The word was \"{word}\"", "log.skipped": "Turn skipped",
  "log.gameOver": "Game over!", "log.gameOverShort": "Game over: not enough players",
  "someone": "someone", "away": "(away)",
  "kick": "kick", "voteKick": "vote kick", "kick.title": "Remove {name} from the room for good", "voteKick.title": "Vote to remove {name}",
  "kick.confirm": "Kick {name}? They cannot come back to this room.",
  "card.choose": "Choose a word to draw", "card.choosing": "{name} is choosing a word…",
  "card.wordWas": "The word was “{word}”", "card.turnOver": "Turn over", "card.skipped": "Turn skipped",
  "card.allGuessed": "Everyone guessed it.", "card.timeout": "Time is up.", "card.drawerLeft": "The drawer left.", "card.skippedWhy": "The drawer was away.",
  "card.needPlayers": "Share the invite link: at least 2 players are needed.", "card.startWhenReady": "Start the game when everyone is here.",
  "card.waitOwner": "Waiting for the owner to start…",
  "leaveGame.confirm": "Leave the game in room {code}?",
  "pair.freshCodeFailed": "Could not open a new pair code; switch to Party and back to Pair to try again.",
  "tool.pen": "Pen", "tool.eraser": "Eraser", "tool.fill": "Fill", "tool.undo": "Undo", "tool.clear": "Clear", "tool.width": "Line width {n}",
  "tool.bar": "Drawing tools",
  "color.black": "black", "color.white": "white", "color.grey": "grey", "color.red": "red", "color.orange": "orange",
  "color.yellow": "yellow", "color.green": "green", "color.blue": "blue", "color.purple": "purple", "color.brown": "brown", "color.pink": "pink",
  "viewer.replay": "Replay", "viewer.share": "Share", "viewer.gif": "Download GIF", "viewer.close": "Close", "viewer.failed": "Cannot load the drawing: {error}",
  "pair.opening": "Opening your pair…", "pair.yourCode": "Your pair code",
  "pair.shareText": "Send your partner this link, or let them type your code in their Pair view:",
  "pair.copyLink": "Copy link", "pair.link": "Your pair link", "pair.orCode": "Or pair with your partner's code",
  "pair.partnerCode": "Your partner's code", "pair.pairButton": "Pair", "pair.linkNote": "You opened {code}'s link: tap Pair to pair with them.",
  "pair.pairedWith": "Paired with", "pair.unpair": "Unpair", "pair.toGuess": "To guess",
  "pair.inboxEmpty": "Nothing to guess yet: your partner's drawings land here.",
  "pair.guessLabel": "Your guess", "pair.guess": "Guess", "pair.replay": "Replay", "pair.giveUp": "Give up",
  "pair.drawFor": "Draw for your partner", "pair.wordLabel": "A word to draw", "pair.suggest": "Suggest", "pair.startDrawing": "Start drawing",
  "pair.drawing": "Drawing", "pair.send": "Send", "pair.changeWord": "Change word", "pair.waiting": "Waiting for your partner",
  "pair.log": "What happened", "pair.history": "History", "pair.refresh": "Refresh",
  "pair.you": "You", "pair.earlier": "an earlier partner", "pair.partner": "your partner", "pair.Partner": "Your partner",
  "pair.partnerShort": "Partner", "pair.here": "(here)", "pair.awayMark": "(away)",
  "pair.attempts.one": "{n} attempt", "pair.attempts.other": "{n} attempts",
  "pair.attemptsSoFar.one": "{n} attempt so far", "pair.attemptsSoFar.other": "{n} attempts so far",
  "pair.youGuessed": "You guessed “{word}” in {attempts} (+{gained}; {other} +{drawerGained})",
  "pair.theyGuessed": "{other} guessed your “{word}” in {attempts} (+{gained}; you +{drawerGained})",
  "pair.youGaveUp": "You gave up: the word was “{word}”", "pair.theyGaveUp": "{other} did not find your “{word}”",
  "pair.isHere": "{name} is here", "pair.isAway": "{name} is away", "pair.sent": "Sent “{word}” to {name}",
  "pair.received": "{name} sent you a drawing to guess", "pair.youUnpaired": "You unpaired.", "pair.theyUnpaired": "{name} unpaired.",
  "pair.close": "“{guess}” is close!", "pair.from": "From {name}", "pair.scores": "You {mine} · {other} {theirs}", "pair.streak": "Streak {n}",
  "pair.giveUpConfirm": "Give up and see the word? Your streak goes back to 0.",
  "pair.unpairConfirm": "Unpair from {name}? Your history stays; waiting drawings close.",
  "pair.historyFailed": "The history could not be loaded: {error}", "pair.historyEmpty": "No finished drawings yet: send one, or guess one.",
  "pair.loading": "Loading…", "pair.hidden": "(word hidden)", "pair.youTo": "You → {name}", "pair.toYou": "{name} → you",
  "status.guessed": "guessed", "status.gaveUp": "given up", "status.closed": "closed (unpaired)", "status.pending": "waiting",
  "close.1002": "This page speaks an unsupported protocol version.", "close.4000": "You were kicked from the room.",
  "close.4002": "You are playing in another tab or on another device; this one stopped.",
  "close.4004": "You are banned from this server.", "close.4005": "An operator closed the room.",
  "conn.badMessage": "bad message from server: {error}", "conn.redirectLoop": "The servers kept sending this page from one to another; try again in a moment.",
  "api.failed": "{path} answered {status}",
  "error.bad_message": "The server did not understand that.", "error.not_ready": "Not connected yet; try again in a moment.",
  "error.unsupported_protocol": "This page is too old for the server; reload it.",
  "error.invalid_name": "That name cannot be used: 1–24 characters, no control characters.",
  "error.invalid_code": "An invite code is 6 letters and digits.", "error.room_not_found": "There is no room with that code.",
  "error.room_full": "The room is full.", "error.room_locked": "The room is locked.", "error.banned": "You cannot join this room.",
  "error.already_in_room": "You are already in a room: leave it first.", "error.not_in_room": "You are not in a room.",
  "error.not_owner": "Only the room's owner can do that.", "error.not_drawer": "Only the drawer can draw.",
  "error.invalid_phase": "That cannot be done now.", "error.invalid_settings": "Those settings are not allowed.",
  "error.invalid_target": "That player or drawing cannot be chosen.", "error.not_enough_players": "At least 2 players are needed.",
  "error.invalid_stroke": "That stroke was refused.", "error.word_leak": "Don't give the word away!",
  "error.already_paired": "You already have a partner.", "error.not_paired": "You have no partner yet.",
  "error.rate_limited": "Slow down a little.", "error.internal": "The server had a problem; try again.",
  "error.not_found": "Not found.",
  "mute.label": "Mute {name}: hide their chat", "report.open": "Report {name}…", "report.title": "Report {name}",
  "report.reason": "Reason", "report.choose": "Choose a reason…", "report.offensive": "Offensive drawing or chat",
  "report.cheating": "Cheating (giving the word away)", "report.spam": "Spam", "report.other": "Something else",
  "report.text": "What happened? (optional, up to 500 characters)", "report.send": "Send report", "report.sending": "Sending…",
  "report.done": "Reported. An operator will look at it.", "report.tooMany": "You sent too many reports this hour; try again later.",
  "report.failed": "Not reported: {error}",
  "react.group": "What you think of the drawing", "react.like": "Like", "react.dislike": "Dislike",
  "react.likes.one": "{n} like", "react.likes.other": "{n} likes", "react.dislikes.one": "{n} dislike", "react.dislikes.other": "{n} dislikes",
  "notice.ok": "OK", "notice.roomClosed": "An operator closed room {code}: {reason}",
};

const de = {
  "tab.party": "Party", "tab.pair": "Zu zweit", "tabs": "Spielart",
  "conn.offline": "offline", "conn.connecting": "verbinde…", "conn.online": "online", "conn.moving": "wechsle zum Server des Raums…", "conn.restarting": "Server startet neu…",
  "name.label": "Dein Name", "name.save": "Name speichern", "name.change": "Name ändern", "name.cancel": "Abbrechen",
  "sound.label": "Töne", "lang.label": "Sprache",
  "welcome.title": "Zeichnen und raten mit Freunden",
  "welcome.text": "Einer zeichnet, die anderen raten. Wähle oben einen Namen, um loszulegen.",
  "welcome.textInvite": "Du wurdest zum Mitspielen eingeladen. Wähle oben einen Namen, um beizutreten.",
  "welcome.go": "Spielen", "welcome.join": "Raum {code} beitreten",
  "invite.title": "Raum {code} beitreten", "invite.loading": "Suche Raum {code}…",
  "invite.info": "{mode} · {players} · {phase}",
  "invite.locked": "Der Raum ist gesperrt: nur der Besitzer kann dich hereinlassen.",
  "invite.full": "Der Raum ist voll.",
  "invite.missing": "Es gibt keinen Raum {code} (mehr). Bitte um einen neuen Link oder erstelle einen eigenen Raum.",
  "invite.busy": "Von hier wurden zu viele Räume gesucht; beim Spielen wird der Raum trotzdem betreten.",
  "invite.failed": "Der Raum konnte nicht gefunden werden: {error}",
  "mode.party": "Partyspiel", "mode.pair": "Zu zweit",
  "players.n.one": "{n} Spieler", "players.n.other": "{n} Spieler",
  "phase.lobby": "wartet auf den Start", "phase.choosing": "läuft", "phase.drawing": "läuft", "phase.turnEnd": "läuft",
  "phase.gameOver": "Spiel vorbei", "phase.waiting": "wartet auf Partner",
  "lobby.create": "Raum erstellen", "lobby.rounds": "Runden", "lobby.drawSeconds": "Sekunden zum Zeichnen",
  "lobby.words": "Eigene Wörter (optional, durch Komma getrennt)", "lobby.createButton": "Erstellen",
  "lobby.join": "Raum beitreten", "lobby.code": "Einladungscode", "lobby.joinButton": "Beitreten",
  "play.title": "Jetzt spielen", "play.text": "Spiele in einem offenen Spiel in der gewählten Sprache mit, oder eröffne ein neues.", "play.pack": "Wörter auf", "play.button": "Spielen",
  "rooms.title": "Offene Räume", "rooms.loading": "Suche offene Räume…", "rooms.empty": "Gerade keine offenen Räume auf {pack}: drücke Spielen, um einen zu eröffnen.",
  "rooms.failed": "Die offenen Räume konnten nicht geladen werden.", "rooms.seats": "{players}/{max} Spieler",
  "rooms.watching.one": "{n} schaut zu", "rooms.watching.other": "{n} schauen zu",
  "rooms.join": "Beitreten", "rooms.watch": "Zuschauen", "rooms.joinLabel": "Beitreten: Raum {code} ({pack})", "rooms.watchLabel": "Zuschauen: Raum {code} ({pack})",
  "lobby.pack": "Wörter auf", "lobby.public": "Öffentlicher Raum: unter „Offene Räume“ zu sehen",
  "room.publicPack": "öffentlich · {pack}", "room.privatePack": "{pack}", "room.spectators": "Zuschauer",
  "auto.startsIn": "Spiel beginnt in {n} s", "auto.waiting": "Warte auf einen weiteren Spieler…",
  "watch.banner": "Du schaust zu", "watch.play": "Mitspielen, sobald ein Platz frei ist", "watch.asked": "Platz angefragt: du spielst ab dem nächsten Zug mit.",
  "watch.full": "Noch ist kein Platz frei: versuche es wieder, wenn jemand geht.",
  "log.watcherJoined": "{name} schaut zu", "log.watcherLeft": "{name} schaut nicht mehr zu", "log.nowWatching": "{name} schaut jetzt zu", "log.nowPlaying": "{name} spielt jetzt mit",
  "board.label": "Bestenliste", "board.title": "Die Besten", "board.loading": "Lädt…", "board.empty": "Noch keine beendeten Spiele.",
  "board.failed": "Die Bestenliste konnte nicht geladen werden.", "board.periods": "Zeitraum", "board.day": "Heute", "board.week": "Diese Woche", "board.month": "Diesen Monat", "board.all": "Insgesamt", "board.emptyPeriod": "In diesem Zeitraum noch keine beendeten Spiele.", "board.line": "{score} Punkte · {wins} von {games} Spielen gewonnen",
  "game.round": "Runde {round}/{rounds}", "game.lobby": "Warteraum", "game.over": "Spiel vorbei",
  "canvas.board": "Die Zeichnung", "canvas.ink": "Zeichenfläche: hier zeichnen, wenn du dran bist",
  "canvas.pairBoard": "Deine Zeichnung für deinen Partner", "canvas.inbox": "Die Zeichnung deines Partners", "canvas.viewer": "Wiedergabe der Zeichnung",
  "canvas.thumb": "Zeichnung", "canvas.thumbOf": "Zeichnung von {word}",
  "room.title": "Raum", "room.copy": "Einladungslink kopieren", "room.copied": "Kopiert!", "room.invite": "Einladungslink",
  "room.qr": "QR-Code", "room.qrAlt": "QR-Code des Einladungslinks zu Raum {code}",
  "room.start": "Spiel starten", "room.again": "Nochmal spielen", "room.leave": "Verlassen", "room.lock": "Raum sperren", "room.unlock": "Raum entsperren",
  "room.locked": "gesperrt", "room.maxPlayers": "Höchstens Spieler", "room.saveSettings": "Speichern", "room.settings": "Einstellungen",
  "room.players": "Spieler", "room.details": "Raum und Einladung",
  "chat.label": "Raten oder chatten", "chat.log": "Chat und Rateversuche", "chat.send": "Senden",
  "over.ranking": "Endstand", "over.drawings": "Die Zeichnungen dieses Spiels", "over.albumGIF": "Album herunterladen", "over.albumPNG": "Albumseite (PNG)", "over.you": "(du)", "over.podium": "Siegertreppchen",
  "over.galleryLater": "Die Zeichnungen eines Spiels erscheinen hier, wenn es endet, während du zuschaust.",
  "over.loading": "Lade die Zeichnungen des Spiels…", "over.failed": "Die Zeichnungen konnten nicht geladen werden: {error}",
  "over.none": "In diesem Spiel wurde nichts gezeichnet.", "over.by": "von {name}", "over.deleted": "gelöschter Spieler",
  "log.joined": "{name} ist beigetreten", "log.left": "{name} ist gegangen", "log.kicked": "{name} wurde entfernt", "log.timedOut": "{name} hat die Verbindung verloren",
  "log.owner": "{name} ist jetzt Besitzer des Raums", "log.kickVote": "Abstimmung, {name} zu entfernen: {votes}/{needed}",
  "log.scoped": "(an die Wissenden) ", "log.choosing": "Runde {round}: {name} wählt ein Wort",
  "log.guessed": "{name} hat das Wort erraten! (+{gained})", "log.gotIt": "Richtig: {word} (+{gained})",
  "log.close": "„{guess}“ ist nah dran!", "log.wordWas": "Das Wort war „{word}“", "log.skipped": "Zug übersprungen",
  "log.gameOver": "Spiel vorbei!", "log.gameOverShort": "Spiel vorbei: zu wenige Spieler",
  "someone": "jemand", "away": "(weg)",
  "kick": "entfernen", "voteKick": "abstimmen", "kick.title": "{name} endgültig aus dem Raum entfernen", "voteKick.title": "Für das Entfernen von {name} stimmen",
  "kick.confirm": "{name} entfernen? Er oder sie kann nicht in diesen Raum zurück.",
  "card.choose": "Wähle ein Wort zum Zeichnen", "card.choosing": "{name} wählt ein Wort…",
  "card.wordWas": "Das Wort war „{word}“", "card.turnOver": "Zug vorbei", "card.skipped": "Zug übersprungen",
  "card.allGuessed": "Alle haben es erraten.", "card.timeout": "Die Zeit ist um.", "card.drawerLeft": "Der Zeichner ist gegangen.", "card.skippedWhy": "Der Zeichner war nicht da.",
  "card.needPlayers": "Teile den Einladungslink: mindestens 2 Spieler werden gebraucht.", "card.startWhenReady": "Starte das Spiel, wenn alle da sind.",
  "card.waitOwner": "Warte, bis der Besitzer startet…",
  "leaveGame.confirm": "Das Spiel in Raum {code} verlassen?",
  "pair.freshCodeFailed": "Kein neuer Paarcode möglich; wechsle zu Party und zurück, um es erneut zu versuchen.",
  "tool.pen": "Stift", "tool.eraser": "Radierer", "tool.fill": "Füllen", "tool.undo": "Rückgängig", "tool.clear": "Alles löschen", "tool.width": "Strichstärke {n}",
  "tool.bar": "Zeichenwerkzeuge",
  "color.black": "schwarz", "color.white": "weiß", "color.grey": "grau", "color.red": "rot", "color.orange": "orange",
  "color.yellow": "gelb", "color.green": "grün", "color.blue": "blau", "color.purple": "lila", "color.brown": "braun", "color.pink": "rosa",
  "viewer.replay": "Nochmal abspielen", "viewer.share": "Teilen", "viewer.gif": "GIF herunterladen", "viewer.close": "Schließen", "viewer.failed": "Die Zeichnung kann nicht geladen werden: {error}",
  "pair.opening": "Öffne dein Paar…", "pair.yourCode": "Dein Paarcode",
  "pair.shareText": "Schicke deinem Partner diesen Link, oder lass ihn deinen Code in seiner Ansicht „Zu zweit“ eingeben:",
  "pair.copyLink": "Link kopieren", "pair.link": "Dein Paarlink", "pair.orCode": "Oder mit dem Code deines Partners koppeln",
  "pair.partnerCode": "Code deines Partners", "pair.pairButton": "Koppeln", "pair.linkNote": "Du hast den Link von {code} geöffnet: tippe auf Koppeln.",
  "pair.pairedWith": "Gekoppelt mit", "pair.unpair": "Entkoppeln", "pair.toGuess": "Zum Raten",
  "pair.inboxEmpty": "Noch nichts zu raten: die Zeichnungen deines Partners landen hier.",
  "pair.guessLabel": "Dein Tipp", "pair.guess": "Raten", "pair.replay": "Nochmal abspielen", "pair.giveUp": "Aufgeben",
  "pair.drawFor": "Zeichne für deinen Partner", "pair.wordLabel": "Ein Wort zum Zeichnen", "pair.suggest": "Vorschläge", "pair.startDrawing": "Losmalen",
  "pair.drawing": "Du zeichnest", "pair.send": "Senden", "pair.changeWord": "Anderes Wort", "pair.waiting": "Wartet auf deinen Partner",
  "pair.log": "Was passiert ist", "pair.history": "Verlauf", "pair.refresh": "Aktualisieren",
  "pair.you": "Du", "pair.earlier": "ein früherer Partner", "pair.partner": "deinem Partner", "pair.Partner": "Dein Partner",
  "pair.partnerShort": "Partner", "pair.here": "(da)", "pair.awayMark": "(weg)",
  "pair.attempts.one": "{n} Versuch", "pair.attempts.other": "{n} Versuche",
  "pair.attemptsSoFar.one": "bisher {n} Versuch", "pair.attemptsSoFar.other": "bisher {n} Versuche",
  "pair.youGuessed": "Du hast „{word}“ mit {attempts} erraten (+{gained}; {other} +{drawerGained})",
  "pair.theyGuessed": "{other} hat dein „{word}“ mit {attempts} erraten (+{gained}; du +{drawerGained})",
  "pair.youGaveUp": "Aufgegeben: das Wort war „{word}“", "pair.theyGaveUp": "{other} hat dein „{word}“ nicht gefunden",
  "pair.isHere": "{name} ist da", "pair.isAway": "{name} ist weg", "pair.sent": "„{word}“ an {name} geschickt",
  "pair.received": "{name} hat dir eine Zeichnung zum Raten geschickt", "pair.youUnpaired": "Du hast entkoppelt.", "pair.theyUnpaired": "{name} hat entkoppelt.",
  "pair.close": "„{guess}“ ist nah dran!", "pair.from": "Von {name}", "pair.scores": "Du {mine} · {other} {theirs}", "pair.streak": "Serie {n}",
  "pair.giveUpConfirm": "Aufgeben und das Wort sehen? Deine Serie fällt auf 0.",
  "pair.unpairConfirm": "Von {name} entkoppeln? Der Verlauf bleibt; wartende Zeichnungen werden geschlossen.",
  "pair.historyFailed": "Der Verlauf konnte nicht geladen werden: {error}", "pair.historyEmpty": "Noch keine fertigen Zeichnungen: schicke eine oder rate eine.",
  "pair.loading": "Lädt…", "pair.hidden": "(Wort verborgen)", "pair.youTo": "Du → {name}", "pair.toYou": "{name} → dich",
  "status.guessed": "erraten", "status.gaveUp": "aufgegeben", "status.closed": "geschlossen (entkoppelt)", "status.pending": "wartet",
  "close.1002": "Diese Seite spricht eine nicht unterstützte Protokollversion.", "close.4000": "Du wurdest aus dem Raum entfernt.",
  "close.4002": "Du spielst in einem anderen Tab oder auf einem anderen Gerät; dieser hier ruht.",
  "close.4004": "Du bist auf diesem Server gesperrt.", "close.4005": "Ein Betreiber hat den Raum geschlossen.",
  "conn.badMessage": "unverständliche Nachricht vom Server: {error}", "conn.redirectLoop": "Die Server haben die Seite hin und her geschickt; versuche es gleich noch einmal.",
  "api.failed": "{path} antwortete {status}",
  "error.bad_message": "Der Server hat das nicht verstanden.", "error.not_ready": "Noch nicht verbunden; versuche es gleich noch einmal.",
  "error.unsupported_protocol": "Diese Seite ist zu alt für den Server; lade sie neu.",
  "error.invalid_name": "Dieser Name geht nicht: 1–24 Zeichen, keine Steuerzeichen.",
  "error.invalid_code": "Ein Einladungscode hat 6 Buchstaben und Ziffern.", "error.room_not_found": "Es gibt keinen Raum mit diesem Code.",
  "error.room_full": "Der Raum ist voll.", "error.room_locked": "Der Raum ist gesperrt.", "error.banned": "Du kannst diesem Raum nicht beitreten.",
  "error.already_in_room": "Du bist schon in einem Raum: verlasse ihn zuerst.", "error.not_in_room": "Du bist in keinem Raum.",
  "error.not_owner": "Das darf nur der Besitzer des Raums.", "error.not_drawer": "Nur wer dran ist, darf zeichnen.",
  "error.invalid_phase": "Das geht gerade nicht.", "error.invalid_settings": "Diese Einstellungen sind nicht erlaubt.",
  "error.invalid_target": "Dieser Spieler oder diese Zeichnung kann nicht gewählt werden.", "error.not_enough_players": "Mindestens 2 Spieler werden gebraucht.",
  "error.invalid_stroke": "Dieser Strich wurde abgelehnt.", "error.word_leak": "Verrate das Wort nicht!",
  "error.already_paired": "Du hast schon einen Partner.", "error.not_paired": "Du hast noch keinen Partner.",
  "error.rate_limited": "Etwas langsamer, bitte.", "error.internal": "Der Server hatte ein Problem; versuche es noch einmal.",
  "error.not_found": "Nicht gefunden.",
  "mute.label": "{name} stummschalten: Nachrichten ausblenden", "report.open": "{name} melden…", "report.title": "{name} melden",
  "report.reason": "Grund", "report.choose": "Grund wählen…", "report.offensive": "Anstößige Zeichnung oder Nachricht",
  "report.cheating": "Schummeln (verrät das Wort)", "report.spam": "Spam", "report.other": "Etwas anderes",
  "report.text": "Was ist passiert? (optional, höchstens 500 Zeichen)", "report.send": "Meldung senden", "report.sending": "Wird gesendet…",
  "report.done": "Gemeldet. Jemand vom Betrieb sieht es sich an.", "report.tooMany": "Du hast in dieser Stunde zu viele Meldungen gesendet; versuche es später wieder.",
  "report.failed": "Nicht gemeldet: {error}",
  "react.group": "Deine Meinung zur Zeichnung", "react.like": "Gefällt mir", "react.dislike": "Gefällt mir nicht",
  "react.likes.one": "{n}× gefällt mir", "react.likes.other": "{n}× gefällt mir", "react.dislikes.one": "{n}× gefällt mir nicht", "react.dislikes.other": "{n}× gefällt mir nicht",
  "notice.ok": "OK", "notice.roomClosed": "Der Betrieb hat den Raum {code} geschlossen: {reason}",
};

const fr = {
  "tab.party": "Partie", "tab.pair": "À deux", "tabs": "Mode de jeu",
  "conn.offline": "hors ligne", "conn.connecting": "connexion…", "conn.online": "en ligne", "conn.moving": "passage au serveur du salon…", "conn.restarting": "Redémarrage du serveur…",
  "name.label": "Ton nom", "name.save": "Enregistrer le nom", "name.change": "Changer de nom", "name.cancel": "Annuler",
  "sound.label": "Sons", "lang.label": "Langue",
  "welcome.title": "Dessine et devine avec tes amis",
  "welcome.text": "Un joueur dessine, les autres devinent. Choisis un nom en haut pour commencer.",
  "welcome.textInvite": "Tu es invité à jouer. Choisis un nom en haut pour rejoindre.",
  "welcome.go": "Jouer", "welcome.join": "Rejoindre le salon {code}",
  "invite.title": "Rejoindre le salon {code}", "invite.loading": "Recherche du salon {code}…",
  "invite.info": "{mode} · {players} · {phase}",
  "invite.locked": "Le salon est verrouillé : seul son propriétaire peut te faire entrer.",
  "invite.full": "Le salon est complet.",
  "invite.missing": "Le salon {code} n'existe pas (ou plus). Demande un nouveau lien, ou crée ton propre salon.",
  "invite.busy": "Trop de salons cherchés d'ici ; tu rejoindras quand même le salon en jouant.",
  "invite.failed": "Le salon n'a pas pu être trouvé : {error}",
  "mode.party": "Partie", "mode.pair": "À deux",
  "players.n.one": "{n} joueur", "players.n.other": "{n} joueurs",
  "phase.lobby": "en attente du début", "phase.choosing": "en cours", "phase.drawing": "en cours", "phase.turnEnd": "en cours",
  "phase.gameOver": "partie terminée", "phase.waiting": "en attente d'un partenaire",
  "lobby.create": "Créer un salon", "lobby.rounds": "Manches", "lobby.drawSeconds": "Secondes pour dessiner",
  "lobby.words": "Mots à toi (facultatif, séparés par des virgules)", "lobby.createButton": "Créer",
  "lobby.join": "Rejoindre un salon", "lobby.code": "Code d'invitation", "lobby.joinButton": "Rejoindre",
  "play.title": "Jouer maintenant", "play.text": "Rejoins une partie ouverte dans la langue choisie, ou ouvres-en une nouvelle.", "play.pack": "Mots en", "play.button": "Jouer",
  "rooms.title": "Salons ouverts", "rooms.loading": "Recherche de salons ouverts…", "rooms.empty": "Aucun salon ouvert en {pack} pour l'instant : appuie sur Jouer pour en ouvrir un.",
  "rooms.failed": "Les salons ouverts n'ont pas pu être chargés.", "rooms.seats": "{players}/{max} joueurs",
  "rooms.watching.one": "{n} spectateur", "rooms.watching.other": "{n} spectateurs",
  "rooms.join": "Rejoindre", "rooms.watch": "Regarder", "rooms.joinLabel": "Rejoindre le salon {code} ({pack})", "rooms.watchLabel": "Regarder le salon {code} ({pack})",
  "lobby.pack": "Mots en", "lobby.public": "Salon public : affiché dans Salons ouverts",
  "room.publicPack": "public · {pack}", "room.privatePack": "{pack}", "room.spectators": "Spectateurs",
  "auto.startsIn": "La partie commence dans {n} s", "auto.waiting": "En attente d'un autre joueur…",
  "watch.banner": "Tu regardes", "watch.play": "Jouer dès qu'une place se libère", "watch.asked": "Place demandée : tu joues dès le prochain tour.",
  "watch.full": "Aucune place libre pour l'instant : réessaie quand un joueur part.",
  "log.watcherJoined": "{name} regarde", "log.watcherLeft": "{name} ne regarde plus", "log.nowWatching": "{name} regarde maintenant", "log.nowPlaying": "{name} joue maintenant",
  "board.label": "Classement", "board.title": "Meilleurs joueurs", "board.loading": "Chargement…", "board.empty": "Aucune partie terminée pour l'instant.",
  "board.failed": "Le classement n'a pas pu être chargé.", "board.periods": "Période", "board.day": "Aujourd'hui", "board.week": "Cette semaine", "board.month": "Ce mois-ci", "board.all": "Depuis toujours", "board.emptyPeriod": "Aucune partie terminée sur cette période.", "board.line": "{score} points · {wins} parties gagnées sur {games}",
  "game.round": "Manche {round}/{rounds}", "game.lobby": "Salle d'attente", "game.over": "Partie terminée",
  "canvas.board": "Le dessin", "canvas.ink": "Zone de dessin : dessine ici quand c'est ton tour",
  "canvas.pairBoard": "Ton dessin pour ton partenaire", "canvas.inbox": "Le dessin de ton partenaire", "canvas.viewer": "Rejeu du dessin",
  "canvas.thumb": "Dessin", "canvas.thumbOf": "Dessin de {word}",
  "room.title": "Salon", "room.copy": "Copier le lien d'invitation", "room.copied": "Copié !", "room.invite": "Lien d'invitation",
  "room.qr": "Code QR", "room.qrAlt": "Code QR du lien d'invitation au salon {code}",
  "room.start": "Lancer la partie", "room.again": "Rejouer", "room.leave": "Quitter", "room.lock": "Verrouiller", "room.unlock": "Déverrouiller",
  "room.locked": "verrouillé", "room.maxPlayers": "Joueurs au plus", "room.saveSettings": "Enregistrer", "room.settings": "Réglages",
  "room.players": "Joueurs", "room.details": "Salon et invitation",
  "chat.label": "Deviner ou discuter", "chat.log": "Discussion et propositions", "chat.send": "Envoyer",
  "over.ranking": "Classement final", "over.drawings": "Les dessins de cette partie", "over.albumGIF": "Télécharger l'album", "over.albumPNG": "Planche de l'album (PNG)", "over.you": "(toi)", "over.podium": "Podium",
  "over.galleryLater": "Les dessins d'une partie s'affichent ici si elle se termine pendant que tu regardes.",
  "over.loading": "Chargement des dessins de la partie…", "over.failed": "Les dessins n'ont pas pu être chargés : {error}",
  "over.none": "Aucun dessin dans cette partie.", "over.by": "par {name}", "over.deleted": "joueur supprimé",
  "log.joined": "{name} est arrivé", "log.left": "{name} est parti", "log.kicked": "{name} a été exclu", "log.timedOut": "{name} a perdu la connexion",
  "log.owner": "{name} est maintenant propriétaire du salon", "log.kickVote": "vote pour exclure {name} : {votes}/{needed}",
  "log.scoped": "(à ceux qui savent) ", "log.choosing": "Manche {round} : {name} choisit un mot",
  "log.guessed": "{name} a deviné le mot ! (+{gained})", "log.gotIt": "Trouvé : {word} (+{gained})",
  "log.close": "« {guess} » : presque !", "log.wordWas": "Le mot était « {word} »", "log.skipped": "Tour passé",
  "log.gameOver": "Partie terminée !", "log.gameOverShort": "Partie terminée : pas assez de joueurs",
  "someone": "quelqu'un", "away": "(absent)",
  "kick": "exclure", "voteKick": "voter l'exclusion", "kick.title": "Exclure {name} du salon pour de bon", "voteKick.title": "Voter pour exclure {name}",
  "kick.confirm": "Exclure {name} ? Cette personne ne pourra plus revenir dans ce salon.",
  "card.choose": "Choisis un mot à dessiner", "card.choosing": "{name} choisit un mot…",
  "card.wordWas": "Le mot était « {word} »", "card.turnOver": "Tour terminé", "card.skipped": "Tour passé",
  "card.allGuessed": "Tout le monde a trouvé.", "card.timeout": "Le temps est écoulé.", "card.drawerLeft": "Le dessinateur est parti.", "card.skippedWhy": "Le dessinateur était absent.",
  "card.needPlayers": "Partage le lien d'invitation : il faut au moins 2 joueurs.", "card.startWhenReady": "Lance la partie quand tout le monde est là.",
  "card.waitOwner": "En attente du lancement par le propriétaire…",
  "leaveGame.confirm": "Quitter la partie du salon {code} ?",
  "pair.freshCodeFailed": "Impossible d'ouvrir un nouveau code ; passe à Partie puis reviens à À deux pour réessayer.",
  "tool.pen": "Crayon", "tool.eraser": "Gomme", "tool.fill": "Remplir", "tool.undo": "Annuler", "tool.clear": "Tout effacer", "tool.width": "Épaisseur {n}",
  "tool.bar": "Outils de dessin",
  "color.black": "noir", "color.white": "blanc", "color.grey": "gris", "color.red": "rouge", "color.orange": "orange",
  "color.yellow": "jaune", "color.green": "vert", "color.blue": "bleu", "color.purple": "violet", "color.brown": "marron", "color.pink": "rose",
  "viewer.replay": "Rejouer", "viewer.share": "Partager", "viewer.gif": "Télécharger le GIF", "viewer.close": "Fermer", "viewer.failed": "Impossible de charger le dessin : {error}",
  "pair.opening": "Ouverture de ton duo…", "pair.yourCode": "Ton code de duo",
  "pair.shareText": "Envoie ce lien à ton partenaire, ou laisse-le taper ton code dans sa vue À deux :",
  "pair.copyLink": "Copier le lien", "pair.link": "Ton lien de duo", "pair.orCode": "Ou forme un duo avec le code de ton partenaire",
  "pair.partnerCode": "Le code de ton partenaire", "pair.pairButton": "Former le duo", "pair.linkNote": "Tu as ouvert le lien de {code} : touche « Former le duo ».",
  "pair.pairedWith": "En duo avec", "pair.unpair": "Quitter le duo", "pair.toGuess": "À deviner",
  "pair.inboxEmpty": "Rien à deviner pour l'instant : les dessins de ton partenaire arrivent ici.",
  "pair.guessLabel": "Ta proposition", "pair.guess": "Deviner", "pair.replay": "Rejouer", "pair.giveUp": "Abandonner",
  "pair.drawFor": "Dessine pour ton partenaire", "pair.wordLabel": "Un mot à dessiner", "pair.suggest": "Suggérer", "pair.startDrawing": "Commencer le dessin",
  "pair.drawing": "Tu dessines", "pair.send": "Envoyer", "pair.changeWord": "Changer de mot", "pair.waiting": "En attente de ton partenaire",
  "pair.log": "Ce qui s'est passé", "pair.history": "Historique", "pair.refresh": "Actualiser",
  "pair.you": "Toi", "pair.earlier": "un ancien partenaire", "pair.partner": "ton partenaire", "pair.Partner": "Ton partenaire",
  "pair.partnerShort": "Partenaire", "pair.here": "(là)", "pair.awayMark": "(absent)",
  "pair.attempts.one": "{n} essai", "pair.attempts.other": "{n} essais",
  "pair.attemptsSoFar.one": "{n} essai jusqu'ici", "pair.attemptsSoFar.other": "{n} essais jusqu'ici",
  "pair.youGuessed": "Tu as deviné « {word} » en {attempts} (+{gained} ; {other} +{drawerGained})",
  "pair.theyGuessed": "{other} a deviné ton « {word} » en {attempts} (+{gained} ; toi +{drawerGained})",
  "pair.youGaveUp": "Tu as abandonné : le mot était « {word} »", "pair.theyGaveUp": "{other} n'a pas trouvé ton « {word} »",
  "pair.isHere": "{name} est là", "pair.isAway": "{name} est absent", "pair.sent": "« {word} » envoyé à {name}",
  "pair.received": "{name} t'a envoyé un dessin à deviner", "pair.youUnpaired": "Tu as quitté le duo.", "pair.theyUnpaired": "{name} a quitté le duo.",
  "pair.close": "« {guess} » : presque !", "pair.from": "De {name}", "pair.scores": "Toi {mine} · {other} {theirs}", "pair.streak": "Série {n}",
  "pair.giveUpConfirm": "Abandonner et voir le mot ? Ta série retombe à 0.",
  "pair.unpairConfirm": "Quitter le duo avec {name} ? L'historique reste ; les dessins en attente sont fermés.",
  "pair.historyFailed": "L'historique n'a pas pu être chargé : {error}", "pair.historyEmpty": "Aucun dessin terminé : envoies-en un, ou devine-en un.",
  "pair.loading": "Chargement…", "pair.hidden": "(mot caché)", "pair.youTo": "Toi → {name}", "pair.toYou": "{name} → toi",
  "status.guessed": "deviné", "status.gaveUp": "abandonné", "status.closed": "fermé (duo quitté)", "status.pending": "en attente",
  "close.1002": "Cette page parle une version du protocole non prise en charge.", "close.4000": "Tu as été exclu du salon.",
  "close.4002": "Tu joues dans un autre onglet ou sur un autre appareil ; celui-ci s'arrête.",
  "close.4004": "Tu es banni de ce serveur.", "close.4005": "Un opérateur a fermé le salon.",
  "conn.badMessage": "message incompréhensible du serveur : {error}", "conn.redirectLoop": "Les serveurs se renvoient la page ; réessaie dans un instant.",
  "api.failed": "{path} a répondu {status}",
  "error.bad_message": "Le serveur n'a pas compris.", "error.not_ready": "Pas encore connecté ; réessaie dans un instant.",
  "error.unsupported_protocol": "Cette page est trop ancienne pour le serveur ; recharge-la.",
  "error.invalid_name": "Ce nom n'est pas possible : 1 à 24 caractères, sans caractères de contrôle.",
  "error.invalid_code": "Un code d'invitation a 6 lettres et chiffres.", "error.room_not_found": "Aucun salon n'a ce code.",
  "error.room_full": "Le salon est complet.", "error.room_locked": "Le salon est verrouillé.", "error.banned": "Tu ne peux pas rejoindre ce salon.",
  "error.already_in_room": "Tu es déjà dans un salon : quitte-le d'abord.", "error.not_in_room": "Tu n'es dans aucun salon.",
  "error.not_owner": "Seul le propriétaire du salon peut faire cela.", "error.not_drawer": "Seul le dessinateur peut dessiner.",
  "error.invalid_phase": "Ce n'est pas possible maintenant.", "error.invalid_settings": "Ces réglages ne sont pas permis.",
  "error.invalid_target": "Ce joueur ou ce dessin ne peut pas être choisi.", "error.not_enough_players": "Il faut au moins 2 joueurs.",
  "error.invalid_stroke": "Ce trait a été refusé.", "error.word_leak": "Ne dévoile pas le mot !",
  "error.already_paired": "Tu as déjà un partenaire.", "error.not_paired": "Tu n'as pas encore de partenaire.",
  "error.rate_limited": "Doucement, un peu moins vite.", "error.internal": "Le serveur a eu un problème ; réessaie.",
  "error.not_found": "Introuvable.",
  "mute.label": "Masquer les messages de {name}", "report.open": "Signaler {name}…", "report.title": "Signaler {name}",
  "report.reason": "Motif", "report.choose": "Choisis un motif…", "report.offensive": "Dessin ou message choquant",
  "report.cheating": "Triche (révèle le mot)", "report.spam": "Spam", "report.other": "Autre chose",
  "report.text": "Que s'est-il passé ? (facultatif, 500 caractères au plus)", "report.send": "Envoyer le signalement", "report.sending": "Envoi…",
  "report.done": "Signalé. Un modérateur va s'en occuper.", "report.tooMany": "Tu as envoyé trop de signalements cette heure-ci ; réessaie plus tard.",
  "report.failed": "Non signalé : {error}",
  "react.group": "Ton avis sur le dessin", "react.like": "J'aime", "react.dislike": "Je n'aime pas",
  "react.likes.one": "{n} j'aime", "react.likes.other": "{n} j'aime", "react.dislikes.one": "{n} je n'aime pas", "react.dislikes.other": "{n} je n'aime pas",
  "notice.ok": "OK", "notice.roomClosed": "Un modérateur a fermé le salon {code} : {reason}",
};

const dictionaries = { en, de, fr };
export const LANGUAGES = { en: "English", de: "Deutsch", fr: "Français" };
const STORE = "doodle.lang";

// The player's pick wins; otherwise the first of the browser's languages we speak.
function pick() {
  const stored = localStorage.getItem(STORE);
  if (dictionaries[stored]) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (dictionaries[base]) return base;
  }
  return "en";
}

let lang = pick();
let plurals = new Intl.PluralRules(lang);
const listeners = [];

export const language = () => lang;

// Strings of a page of its own (the operator's): `{ en: {…}, de: {…}, fr: {…} }`, merged in
// before that page translates itself.
export function addStrings(byLanguage) {
  for (const [code, strings] of Object.entries(byLanguage)) if (dictionaries[code]) Object.assign(dictionaries[code], strings);
}

export function setLanguage(next) {
  if (!dictionaries[next] || next === lang) return;
  lang = next;
  plurals = new Intl.PluralRules(lang);
  localStorage.setItem(STORE, next);
  translatePage();
  listeners.forEach((fn) => fn());
}

export function onLanguageChange(fn) { listeners.push(fn); }

// Fills a <select> with the languages and keeps it and the page's language in step. Short codes
// keep a header on one line on a phone; each option says its language's name.
export function setUpLanguagePicker(picker) {
  picker.replaceChildren(...Object.entries(LANGUAGES).map(([code, label]) => {
    const option = new Option(code.toUpperCase(), code);
    option.title = label;
    option.lang = code;
    return option;
  }));
  picker.value = language();
  picker.onchange = () => setLanguage(picker.value);
  onLanguageChange(() => { picker.value = language(); });
}

// The text for `key` with `{name}` placeholders filled from `vars`; English if the language
// lacks it, the key itself if English does too (so a missing string shows, not vanishes).
export function t(key, vars = {}) {
  const text = dictionaries[lang][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));
}

// A counted string: `key.one` or `key.other` as the language's plural rules say for n.
export function tn(key, n, vars = {}) {
  const form = plurals.select(n) === "one" ? "one" : "other";
  return t(`${key}.${form}`, { n, ...vars });
}

// An error from the server, in the page's language when its code is one we know.
export function errorText(code, message) {
  const key = `error.${code}`;
  return en[key] ? t(key) : message || code;
}

// Static markup: data-i18n sets the text, data-i18n-placeholder / -label / -title the
// placeholder, aria-label and title.
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
}
