extension RoomStateMachine {
    mutating func startGame(by player: PlayerID, now: Int64) -> [RoomEffect] {
        if mode == .telephone { return startTelephoneGame(by: player, now: now) }
        guard player == ownerId else { return [error(.notOwner, "only the owner may start the game", to: player, ref: "startGame")] }
        guard phase == .lobby || phase == .gameOver else {
            return [error(.invalidPhase, "a game is already running", to: player, ref: "startGame")]
        }
        guard connectedCount >= 2 else {
            return [error(.notEnoughPlayers, "a game needs at least 2 connected players", to: player, ref: "startGame")]
        }
        var effects: [RoomEffect] = []
        beginGame(now: now, into: &effects)
        return effects + tick(now: now)
    }

    /// A new game from the lobby or game over: scores reset, the first turn begins.
    mutating func beginGame(now: Int64, into effects: inout [RoomEffect]) {
        if mode == .telephone { return beginTelephoneGame(now: now, into: &effects) }
        resetScores()
        // A rematch: everyone sees the reset lobby before the first turn begins.
        if phase == .gameOver { backToLobby(startsAt: nil, into: &effects) }
        phaseDeadline = nil
        kickVotes = [:]
        offeredWords = []
        game = GameProgress(id: random.makeID(prefix: "g_"), startedAt: now)
        round = 1
        drawerQueue = seatIDs
        startNextTurn(now: now, into: &effects)
    }

    /// Every seat's score back to 0, nobody having guessed: a new game's start.
    mutating func resetScores() {
        for index in seats.indices {
            seats[index].score = 0
            seats[index].guessed = false
        }
    }

    /// After a game: the room is in its lobby again, and everyone is told (`startsAt`: when a
    /// room that starts on its own will start the next game, or nil).
    mutating func backToLobby(startsAt: Int64?, into effects: inout [RoomEffect]) {
        phase = .lobby
        telephone = nil
        phaseDeadline = startsAt
        turn = nil
        round = nil
        broadcast(.phaseLobby(startsAt: startsAt), into: &effects)
    }

    /// Moves to the next drawer of the round (or the next round, or the end of the game).
    mutating func startNextTurn(now: Int64, into effects: inout [RoomEffect]) {
        replaceHouseBots(now: now, into: &effects)
        while true {
            guard !drawerQueue.isEmpty else {
                let next = (round ?? 0) + 1
                if next > settings.rounds {
                    endGame(.completed, now: now, into: &effects)
                    return
                }
                round = next
                drawerQueue = seatIDs
                continue
            }
            let drawerId = drawerQueue.removeFirst()
            guard let index = seatIndex(drawerId) else { continue }
            for i in seats.indices { seats[i].guessed = false }
            if !seats[index].connected {
                turn = nil
                phase = .turnEnd
                phaseDeadline = now + Int64(settings.revealSeconds) * 1000
                broadcast(.turnEnded(TurnSummary(word: nil, reason: .skipped, scores: scoreLines(gains: [:]), drawingId: nil)), into: &effects)
                return
            }
            let choices = pickChoices()
            turn = Turn(drawerId: drawerId, drawerName: seats[index].name, choices: choices, board: DrawingBoard(limits: rules.limits))
            phase = .choosing
            let deadline = now + Int64(settings.chooseSeconds) * 1000
            phaseDeadline = deadline
            broadcast(.phaseChoosing(round: round ?? 1, drawerId: drawerId, deadline: deadline), into: &effects)
            effects.append(.send(to: [drawerId], .chooseWord(choices: choices)))
            return
        }
    }

    /// `wordChoices` distinct words, avoiding words offered earlier in this game while enough remain.
    mutating func pickChoices() -> [String] {
        var candidates = settings.customWords
        if !settings.customWordsOnly {
            candidates += packs[settings.wordPack]?.words ?? []
        }
        var unique: [String] = []
        var seen = Set<String>()
        for word in candidates where seen.insert(GuessNormalizer.normalize(word)).inserted { unique.append(word) }
        var fresh = unique.filter { !offeredWords.contains(GuessNormalizer.normalize($0)) }
        if fresh.count < settings.wordChoices {
            offeredWords = []
            fresh = unique
        }
        fresh.shuffle(using: &random)
        let choices = Array(fresh.prefix(settings.wordChoices))
        for word in choices { offeredWords.insert(GuessNormalizer.normalize(word)) }
        return choices
    }

    mutating func chooseWord(_ index: Int, by player: PlayerID, now: Int64) -> [RoomEffect] {
        guard let turn, turn.drawerId == player else {
            return [error(.notDrawer, "only the drawer chooses the word", to: player, ref: "chooseWord")]
        }
        guard phase == .choosing else { return [error(.invalidPhase, "the word is already chosen", to: player, ref: "chooseWord")] }
        guard turn.choices.indices.contains(index) else {
            return [error(.badMessage, "index must be 0–\(turn.choices.count - 1)", to: player, ref: "chooseWord")]
        }
        var effects: [RoomEffect] = []
        startDrawing(word: turn.choices[index], now: now, into: &effects)
        return effects + tick(now: now)
    }

    mutating func startDrawing(word: String, now: Int64, into effects: inout [RoomEffect]) {
        guard var turn else { return }
        turn.word = word
        turn.normalizedWord = GuessNormalizer.normalize(word)
        turn.hint = HintMask(word: word)
        turn.drawingStartedAt = now
        // Named now, so a report made while it is drawn can name it; stored under this id at
        // the turn's end if anything was drawn.
        turn.drawingId = random.makeID(prefix: "d_")
        let drawMilliseconds = Int64(settings.drawSeconds) * 1000
        turn.revealTimes = HintSchedule.revealOffsets(reveals: turn.hint.revealBudget(hints: settings.hints), drawMilliseconds: drawMilliseconds)
            .map { now + $0 }
        self.turn = turn
        phase = .drawing
        let deadline = now + drawMilliseconds
        phaseDeadline = deadline
        let hint = turn.hint.text
        let guessers = memberIDs.filter { $0 != turn.drawerId }
        broadcast(
            variants: [
                ([turn.drawerId], .phaseDrawing(deadline: deadline, hint: hint, word: word)),
                (guessers, .phaseDrawing(deadline: deadline, hint: hint, word: nil)),
            ], into: &effects)
    }

    var everyConnectedGuesserGuessed: Bool {
        guard let turn else { return false }
        let guessers = seats.filter { $0.connected && $0.id != turn.drawerId }
        return !guessers.isEmpty && guessers.allSatisfy(\.guessed)
    }

    /// Scores the turn, hands its drawing to storage, and pauses for `revealSeconds`.
    mutating func endTurn(_ reason: TurnEndReason, now: Int64, into effects: inout [RoomEffect]) {
        guard let turn, let (gains, drawingId) = settleTurn(now: now, into: &effects) else { return }
        phase = .turnEnd
        phaseDeadline = now + Int64(settings.revealSeconds) * 1000
        broadcast(.turnEnded(TurnSummary(word: turn.word, reason: reason, scores: scoreLines(gains: gains), drawingId: drawingId)), into: &effects)
        applyPendingSwitches(now: now, into: &effects)
    }

    /// Credits the drawer's share (guessers were credited as they guessed) and hands a drawing
    /// with content to storage. Returns the turn's gains and the drawing's id; nil without a turn.
    mutating func settleTurn(now: Int64, into effects: inout [RoomEffect]) -> (gains: [PlayerID: Int], drawingId: String?)? {
        guard let turn, !turn.settled else { return nil }
        var gains: [PlayerID: Int] = [:]
        for guess in turn.guesses { gains[guess.playerId] = guess.gained }
        let guessersInRoom = seats.filter { $0.id != turn.drawerId }.count
        let drawerGain = scoring.drawerGain(correct: gains.count, guessers: guessersInRoom)
        if drawerGain > 0, let index = seatIndex(turn.drawerId) {
            gains[turn.drawerId] = drawerGain
            seats[index].score += drawerGain
        }
        var drawingId: String?
        if let word = turn.word, !turn.board.isEmpty, let game {
            let id = turn.drawingId ?? random.makeID(prefix: "d_")
            drawingId = id
            self.game?.drawingIds.append(id)
            self.turn?.savedDrawingId = id
            lastSavedDrawingId = id
            effects.append(
                .saveDrawing(
                    FinishedDrawing(
                        id: id, gameId: game.id, roomCode: code, word: word, drawerId: turn.drawerId, drawerName: turn.drawerName,
                        guessers: turn.guesses, drawerGained: drawerGain, startedAt: turn.drawingStartedAt, endedAt: now,
                        actions: turn.board.record, reactions: turn.reactions.records(drawingId: id))))
        }
        self.turn?.revealTimes = []
        self.turn?.settled = true
        return (gains, drawingId)
    }

    func scoreLines(gains: [PlayerID: Int]) -> [ScoreLine] {
        seats.map { ScoreLine(playerId: $0.id, gained: gains[$0.id] ?? 0, total: $0.score) }
    }

    mutating func endGame(_ reason: GameEndReason, now: Int64, into effects: inout [RoomEffect]) {
        if mode == .telephone { return endTelephoneGame(reason, now: now, into: &effects) }
        // A switch applied at a turn's end may have ended the game already.
        guard phase != .gameOver else { return }
        // A game cut short mid-turn still pays the drawer its share and keeps the drawing.
        if phase == .drawing { _ = settleTurn(now: now, into: &effects) }
        let ranked = Ranking.rank(seats, score: \.score)
        let ranking = ranked.map { line in
            RankLine(
                playerId: line.entry.id, name: line.entry.name, score: line.entry.score, rank: line.rank, avatar: line.entry.avatar,
                bot: houseBots.contains(line.entry.id))
        }
        let gameId = game?.id ?? random.makeID(prefix: "g_")
        if let game {
            effects.append(
                .saveGame(
                    FinishedGame(
                        id: game.id, roomCode: code, mode: mode, settings: settings, reason: reason, startedAt: game.startedAt,
                        endedAt: now,
                        ranking: ranking,
                        drawingIds: game.drawingIds)))
        }
        game = nil
        phase = .gameOver
        // A room that starts on its own shows the result for a reveal's length, then goes back
        // to its lobby to count down to the next game.
        phaseDeadline = startsOnItsOwn ? now + Int64(settings.revealSeconds) * 1000 : nil
        drawerQueue = []
        turn?.revealTimes = []
        broadcast(.gameEnded(GameSummary(gameId: gameId, reason: reason, ranking: ranking)), into: &effects)
        applyPendingSwitches(now: now, into: &effects)
    }

    /// Runs every timer that is due at `now`: seat and room expiry, hints, an absent drawer's
    /// grace, and phase deadlines.
    public mutating func tick(now: Int64) -> [RoomEffect] {
        var effects: [RoomEffect] = []
        expireSeats(now: now, into: &effects)
        // Each pass advances at most one phase; zero-second pauses make several due at once.
        var passes = 0
        while passes < 4 * (seats.count + 2) * max(settings.rounds, 1) {
            passes += 1
            if phase == .drawing, let reveal = turn?.revealTimes.first, reveal <= now, reveal <= (phaseDeadline ?? .max),
                reveal <= (drawerGraceEnd ?? .max)
            {
                revealHint(into: &effects)
                continue
            }
            if endDrawingIfDrawerGraceRanOut(now: now, into: &effects) { continue }
            guard let deadline = phaseDeadline, deadline <= now else { break }
            switch phase {
            case .choosing:
                if endChoosingIfDrawerGraceRanOut(at: deadline, into: &effects) { continue }
                let choice = turn?.choices.randomElement(using: &random) ?? ""
                startDrawing(word: choice, now: deadline, into: &effects)
            case .drawing:
                endTurn(.timeout, now: deadline, into: &effects)
            case .turnEnd:
                // The last drawer's switch, asked during the pause, is due now; it may end the game.
                applyPendingSwitches(now: deadline, into: &effects)
                if phase == .turnEnd { startNextTurn(now: deadline, into: &effects) }
            case .lobby:
                phaseDeadline = nil
                autoStartIsDue(now: deadline, into: &effects)
            case .gameOver:
                phaseDeadline = nil
                rematchIsDue(now: deadline, into: &effects)
            case .step, .reveal:
                telephoneDeadline(now: now, into: &effects)
            }
        }
        return effects
    }

    mutating func revealHint(into effects: inout [RoomEffect]) {
        guard var turn else { return }
        turn.revealTimes.removeFirst()
        if let position = turn.hint.hiddenPositions.randomElement(using: &random) {
            turn.hint.reveal(position)
            self.turn = turn
            broadcast(.hint(turn.hint.text), into: &effects)
        } else {
            self.turn = turn
        }
    }
}
