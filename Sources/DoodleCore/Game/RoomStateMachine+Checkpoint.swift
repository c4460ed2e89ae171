/// A room taken down to its checkpoint, and built up again from one (PROTOCOL.md rev 5).
extension RoomStateMachine {
    /// The room's state at `now`, without its canvas (whose record the room stores apart).
    public func checkpoint(at now: Int64) -> RoomCheckpoint {
        RoomCheckpoint(
            code: code, mode: mode, savedAt: now, seq: seq, settings: settings, ownerId: ownerId, startsOnItsOwn: startsOnItsOwn,
            locked: locked, seats: seats, spectators: spectators, pendingSwitches: pendingSwitches, banned: banned.sorted(),
            kickVotes: kickVotes.mapValues { $0.sorted() }, phase: phase, phaseDeadline: phaseDeadline, round: round,
            drawerQueue: drawerQueue, offeredWords: offeredWords.sorted(),
            turn: turn.map { turn in
                RoomCheckpoint.Turn(
                    drawerId: turn.drawerId, drawerName: turn.drawerName, choices: turn.choices, word: turn.word,
                    revealed: turn.hint.revealed.sorted(), drawingStartedAt: turn.drawingStartedAt, drawingId: turn.drawingId,
                    revealTimes: turn.revealTimes, guesses: turn.guesses, settled: turn.settled, savedDrawingId: turn.savedDrawingId,
                    reactions: turn.reactions.entries)
            },
            game: game, emptySince: emptySince, mutes: mutes.mapValues { $0.sorted() }, chatHistory: chatHistory,
            lastSavedDrawingId: lastSavedDrawingId, houseBots: houseBots.isEmpty ? nil : houseBots.sorted(),
            telephone: telephone?.checkpoint, revealReactions: telephone == nil ? nil : revealReactions.entries)
    }

    /// The canvas's record from action `first` on: what a checkpoint appends to the strokes
    /// already stored for `checkpoint.strokeKey`.
    public func canvasRecord(from first: Int) -> [DrawingAction] {
        turn?.board.record(from: first) ?? []
    }

    /// How many actions the open turn's canvas holds.
    public var canvasRecordCount: Int { turn?.board.recordCount ?? 0 }

    /// The room a checkpoint was taken of, on a server that has just started (or adopted it) at
    /// `now`, under that server's rules, packs and blocklist.
    ///
    /// The room had no host from `checkpoint.savedAt` to `now`, and its clock stood still
    /// meanwhile: every deadline and hint moves by that gap. Everyone was disconnected, so every
    /// member counts as dropped at `now` and its grace starts again. `strokes` is the open
    /// turn's record as stored for `checkpoint.strokeKey`. `seed` gives the room a new random
    /// stream (ids drawn after a crash must not repeat ids drawn before it) and a new `epoch`.
    public init(
        restoring checkpoint: RoomCheckpoint, strokes: [DrawingAction], rules: GameRules, packs: [String: WordPack],
        blocklist: Blocklist, seed: UInt64, now: Int64
    ) throws(RoomRestoreError) {
        guard checkpoint.format == RoomCheckpoint.currentFormat else { throw .unknownFormat(checkpoint.format) }
        guard checkpoint.mode == .party || checkpoint.mode == .telephone else { throw .unsupportedMode(checkpoint.mode) }
        guard !checkpoint.seats.isEmpty || !checkpoint.spectators.isEmpty else { throw .corrupt("it has no members") }
        let settings = checkpoint.settings
        guard packs[settings.wordPack] != nil else { throw .wordPackGone(settings.wordPack) }
        let validator = SettingsValidator(rules: rules, packNames: Set(packs.keys), blocklist: blocklist)
        if case .failure(let error) = validator.apply(settings.asPatch(mode: checkpoint.mode), to: settings, playerCount: 0, mode: checkpoint.mode) {
            throw .invalidSettings(error.message)
        }
        let creator = checkpoint.seats.first ?? RoomStateMachine.Seat(id: checkpoint.spectators[0].id, name: checkpoint.spectators[0].name, avatar: nil)
        self.init(
            code: checkpoint.code, mode: checkpoint.mode, settings: settings, creator: creator.id, creatorName: creator.name,
            rules: rules, packs: packs, blocklist: blocklist, seed: seed, startsOnItsOwn: checkpoint.startsOnItsOwn)
        // Times come from the database: bounded before any arithmetic, so a corrupt row is a
        // dropped room, never a trap at start-up. (A clock a little behind another node's may
        // see a save from its future: no gap then.)
        guard checkpoint.savedAt >= 0, checkpoint.savedAt <= now + 86_400_000 else { throw .corrupt("it was saved at \(checkpoint.savedAt)") }
        let gap = max(0, now - checkpoint.savedAt)
        func moved(_ time: Int64) throws(RoomRestoreError) -> Int64 {
            let (sum, overflow) = time.addingReportingOverflow(gap)
            guard !overflow else { throw .corrupt("a time of \(time) cannot move by \(gap) ms") }
            return sum
        }
        func movedIfSet(_ time: Int64?) throws(RoomRestoreError) -> Int64? {
            guard let time else { return nil }
            return try moved(time)
        }
        ownerId = checkpoint.ownerId
        locked = checkpoint.locked
        seq = checkpoint.seq
        let bots = Set(checkpoint.houseBots ?? [])
        houseBots = bots.intersection(checkpoint.seats.map(\.id))
        seats = checkpoint.seats.map { seat in
            var seat = seat
            // House bots come back with the room: its new host plays them.
            seat.connected = bots.contains(seat.id)
            seat.disconnectedAt = bots.contains(seat.id) ? nil : now
            return seat
        }
        spectators = checkpoint.spectators.map { watcher in
            var watcher = watcher
            watcher.connected = false
            watcher.disconnectedAt = now
            return watcher
        }
        pendingSwitches = checkpoint.pendingSwitches
        banned = Set(checkpoint.banned)
        kickVotes = checkpoint.kickVotes.mapValues(Set.init)
        phase = checkpoint.phase
        phaseDeadline = try movedIfSet(checkpoint.phaseDeadline)
        round = checkpoint.round
        drawerQueue = checkpoint.drawerQueue
        offeredWords = Set(checkpoint.offeredWords)
        game = checkpoint.game
        emptySince = try movedIfSet(checkpoint.emptySince)
        mutes = checkpoint.mutes.mapValues(Set.init)
        chatHistory = checkpoint.chatHistory
        lastSavedDrawingId = checkpoint.lastSavedDrawingId
        if let stored = checkpoint.turn {
            guard let board = DrawingBoard(limits: rules.limits, replaying: strokes) else { throw .strokesRefused }
            var turn = Turn(drawerId: stored.drawerId, drawerName: stored.drawerName, choices: stored.choices, board: board)
            if let word = stored.word {
                turn.word = word
                turn.normalizedWord = GuessNormalizer.normalize(word)
                turn.hint = HintMask(word: word, revealed: Set(stored.revealed))
            }
            turn.drawingStartedAt = try moved(stored.drawingStartedAt)
            turn.drawingId = stored.drawingId
            turn.revealTimes = try stored.revealTimes.map { time throws(RoomRestoreError) in try moved(time) }
            turn.guesses = stored.guesses
            turn.settled = stored.settled
            turn.savedDrawingId = stored.savedDrawingId
            turn.reactions = TurnReactions(entries: stored.reactions)
            self.turn = turn
        } else if !strokes.isEmpty {
            throw .corrupt("strokes without a turn")
        }
        if let saved = checkpoint.telephone {
            guard checkpoint.mode == .telephone else { throw .corrupt("a telephone game in a \(checkpoint.mode.rawValue) room") }
            telephone = try TelephoneStateMachine(restoring: saved, roomCode: checkpoint.code, rules: rules.telephone, limits: rules.limits, move: moved)
            revealReactions = TurnReactions(entries: checkpoint.revealReactions ?? [])
        } else if phase == .step || phase == .reveal {
            throw .corrupt("phase \(phase.rawValue) without its telephone game")
        }
        rebuildMemberIDs()
        for member in memberIDs where chatHistory.lines(of: member) == nil { chatHistory.remember(member) }
    }

    /// The open drawing reached the archive before the server died, though its checkpoint says
    /// it was still being drawn: the turn had ended. It ends again now, as a timeout (its true
    /// reason is lost with the process), its scores credited once: the guessers' are in the
    /// checkpoint already, the drawer's share is credited here as it was then; the drawing it
    /// hands over again is the one stored, and storage keeps the first (`ON CONFLICT DO NOTHING`).
    public mutating func endTurnArchivedBeforeRestore(now: Int64) -> [RoomEffect] {
        guard phase == .drawing, let turn, !turn.settled else { return [] }
        var effects: [RoomEffect] = []
        endTurn(.timeout, now: now, into: &effects)
        return effects + tick(now: now)
    }
}

extension RoomSettings {
    /// Every field of a room of `mode` as a patch: how stored settings are checked against the
    /// rules anew.
    func asPatch(mode: RoomMode) -> SettingsPatch {
        if mode == .telephone {
            return SettingsPatch(
                maxPlayers: maxPlayers, drawSeconds: drawSeconds, wordPack: wordPack, isPublic: isPublic, filter: filter, start: start,
                writeSeconds: writeSeconds, steps: .some(steps))
        }
        return SettingsPatch(
            maxPlayers: maxPlayers, rounds: rounds, drawSeconds: drawSeconds, chooseSeconds: chooseSeconds,
            revealSeconds: revealSeconds, wordChoices: wordChoices, hints: hints, wordPack: wordPack, customWords: customWords,
            customWordsOnly: customWordsOnly, lateJoin: lateJoin, isPublic: isPublic, filter: filter)
    }
}
