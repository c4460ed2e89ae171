/// A telephone room: the room keeps what every mode shares (seats, owner, moderation,
/// watchers, chat) and hands the game itself to its `TelephoneStateMachine`, whose outputs
/// become the room's effects here.
extension RoomStateMachine {
    /// Players a telephone game needs connected at its start.
    var telephoneMinPlayers: Int { rules.telephone.minPlayers }

    mutating func startTelephoneGame(by player: PlayerID, now: Int64) -> [RoomEffect] {
        guard player == ownerId else { return [error(.notOwner, "only the owner may start the game", to: player, ref: "startGame")] }
        guard phase == .lobby || phase == .gameOver else {
            return [error(.invalidPhase, "a game is already running", to: player, ref: "startGame")]
        }
        guard connectedCount >= telephoneMinPlayers else {
            return [error(.notEnoughPlayers, "a telephone game needs at least \(telephoneMinPlayers) connected players", to: player, ref: "startGame")]
        }
        var effects: [RoomEffect] = []
        beginTelephoneGame(now: now, into: &effects)
        return effects + tick(now: now)
    }

    /// A new telephone game of the connected players, in seat order.
    mutating func beginTelephoneGame(now: Int64, into effects: inout [RoomEffect]) {
        resetScores()
        if phase == .gameOver { backToLobby(startsAt: nil, into: &effects) }
        kickVotes = [:]
        revealReactions = TurnReactions()
        let players = seats.filter(\.connected).map { (id: $0.id, name: $0.name) }
        let gameId = random.makeID(prefix: "g_")
        game = GameProgress(id: gameId, startedAt: now)
        let words = settings.start == .words ? pickChainWords(count: players.count) : []
        let (machine, outputs) = TelephoneStateMachine.start(
            gameId: gameId, roomCode: code, players: players, settings: settings, rules: rules.telephone, limits: rules.limits,
            words: words, ownerless: startsOnItsOwn, seed: random.next(), now: now)
        telephone = machine
        phase = .step
        apply(outputs, now: now, into: &effects)
    }

    /// One word of the room's pack for each chain, all different while the pack has enough.
    mutating func pickChainWords(count: Int) -> [String] {
        var words = packs[settings.wordPack]?.words ?? []
        guard !words.isEmpty else { return Array(repeating: "", count: count) }
        words.shuffle(using: &random)
        return (0..<count).map { words[$0 % words.count] }
    }

    /// `submitText`, `submitDrawing`, `unsubmit` and `revealNext`. The game is changed where it
    /// is stored (`telephone?.…`): a copy taken out and put back would copy every seat's canvas
    /// the moment one of them changed.
    mutating func handleTelephone(_ command: TelephoneCommand, by player: PlayerID, now: Int64) -> [RoomEffect] {
        let ref = command.typeName
        guard mode == .telephone, let stage = telephone?.stage else {
            let why = mode == .telephone ? "no telephone game is running" : "\(ref) is for telephone rooms"
            return [error(.invalidPhase, why, to: player, ref: ref)]
        }
        let result: Result<[TelephoneStateMachine.Output], ProtocolError>?
        var masked: RoomEffect?
        switch command {
        case .submitText(let raw):
            switch checkedTelephoneText(raw, by: player) {
            case .failure(let failure): return [.send(to: [player], .error(failure.withRef(ref)))]
            case .success(let (text, maskedWords)):
                result = telephone?.submitText(text, by: player, now: now)
                if case .success? = result { masked = maskedWords }
            }
        case .submitDrawing:
            result = telephone?.submitDrawing(by: player, now: now)
        case .unsubmit:
            result = telephone?.unsubmit(by: player)
        case .revealNext:
            guard player == ownerId else { return [error(.notOwner, "only the owner shows the next entry", to: player, ref: ref)] }
            guard stage == .reveal else { return [error(.invalidPhase, "the reveal has not begun", to: player, ref: ref)] }
            result = .success(telephone?.revealNext(now: now) ?? [])
        }
        guard let result else { return [] }
        return applyTelephone(result, ref: ref, player: player, now: now) + (masked.map { [$0] } ?? [])
    }

    private mutating func applyTelephone(
        _ result: Result<[TelephoneStateMachine.Output], ProtocolError>, ref: String, player: PlayerID, now: Int64
    ) -> [RoomEffect] {
        switch result {
        case .failure(let failure):
            return [.send(to: [player], .error(failure.withRef(ref)))]
        case .success(let outputs):
            var effects: [RoomEffect] = []
            apply(outputs, now: now, into: &effects)
            return effects
        }
    }

    /// A submitted text: trimmed, 1–`maxTextLength` characters, no control characters, and
    /// masked as the room's chat is.
    private func checkedTelephoneText(_ raw: String, by player: PlayerID) -> Result<(String, RoomEffect?), ProtocolError> {
        let text = raw.trimmingWhitespace()
        let limit = rules.telephone.maxTextLength
        guard !text.isEmpty, text.count <= limit else { return .failure(ProtocolError(.badMessage, "text must be 1–\(limit) characters")) }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(ProtocolError(.badMessage, "text must not contain control characters"))
        }
        let shown = shownText(text, from: player)
        return .success((shown.text, shown.masked))
    }

    /// A drawing message in a telephone room: the drawer's own canvas of the draw step.
    mutating func drawTelephone(_ action: DrawingAction, by player: PlayerID, now: Int64) -> [RoomEffect] {
        guard let result = telephone?.draw(action, by: player) else {
            return [error(.invalidPhase, "drawing is possible only in a draw step", to: player, ref: action.typeName)]
        }
        return applyTelephone(result, ref: action.typeName, player: player, now: now)
    }

    /// A seat left the game (left, kicked, timed out, or became a watcher).
    mutating func telephonePlayerGone(_ player: PlayerID, now: Int64, into effects: inout [RoomEffect]) {
        guard let outputs = telephone?.playerGone(player, now: now) else { return }
        apply(outputs, now: now, into: &effects)
    }

    /// The telephone game's deadline came.
    mutating func telephoneDeadline(now: Int64, into effects: inout [RoomEffect]) {
        guard let outputs = telephone?.tick(now: now) else {
            phaseDeadline = nil
            return
        }
        apply(outputs, now: now, into: &effects)
    }

    /// The game's outputs as the room's effects; the room's phase and deadline follow the game's.
    mutating func apply(_ outputs: [TelephoneStateMachine.Output], now: Int64, into effects: inout [RoomEffect]) {
        for output in outputs {
            switch output {
            case .broadcast(let event):
                if case .chainEntry = event { revealReactions = TurnReactions() }
                if case .phaseReveal = event { phase = .reveal }
                broadcast(event, into: &effects)
            case .send(let player, let message):
                effects.append(.send(to: [player], message))
            case .saveDrawing(let drawing):
                game?.drawingIds.append(drawing.id)
                lastSavedDrawingId = drawing.id
                effects.append(.saveDrawing(drawing))
            case .ended:
                endTelephoneGame(.completed, now: now, into: &effects)
            }
        }
        if phase == .step || phase == .reveal { phaseDeadline = telephone?.deadline }
    }

    /// The reveal is over (or nobody is left to play): the game is stored with its chains, and
    /// the room shows the end. A telephone game has no score and no ranking.
    mutating func endTelephoneGame(_ reason: GameEndReason, now: Int64, into effects: inout [RoomEffect]) {
        guard phase == .step || phase == .reveal else { return }
        let gameId = game?.id ?? telephone?.gameId ?? random.makeID(prefix: "g_")
        if let game, let machine = telephone {
            effects.append(
                .saveGame(
                    FinishedGame(
                        id: game.id, roomCode: code, mode: mode, settings: settings, reason: reason, startedAt: game.startedAt, endedAt: now,
                        ranking: [], drawingIds: machine.drawingIds, chains: machine.chainEntries)))
        }
        game = nil
        phase = .gameOver
        phaseDeadline = startsOnItsOwn ? now + Int64(rules.telephone.revealSeconds) * 1000 : nil
        broadcast(.gameEnded(GameSummary(gameId: gameId, reason: reason, ranking: [])), into: &effects)
        applyPendingSwitches(now: now, into: &effects)
    }

    /// A reaction during the reveal: to the drawing of the latest entry shown, archived already.
    mutating func reactInReveal(_ reaction: Reaction, by player: PlayerID, now: Int64) -> [RoomEffect] {
        guard let (drawingId, drawerId) = telephone?.drawingOnScreen else {
            return [error(.invalidPhase, "reactions are for a drawing the reveal shows", to: player, ref: "react")]
        }
        guard drawerId != player else { return [error(.invalidTarget, "you cannot react to your own drawing", to: player, ref: "react")] }
        guard revealReactions.set(reaction, by: player, at: now) else { return [] }
        var effects: [RoomEffect] = []
        broadcast(.reaction(playerId: player, reaction: reaction, totals: revealReactions.counts), into: &effects)
        effects.append(.saveReaction(DrawingReaction(drawingId: drawingId, playerId: player, reaction: reaction, at: now)))
        return effects
    }

    /// The task of a player resuming mid-step, sent right after its `roomState`.
    public func pendingTask(for player: PlayerID) -> TelephoneTask? {
        telephone?.task(for: player)
    }
}
