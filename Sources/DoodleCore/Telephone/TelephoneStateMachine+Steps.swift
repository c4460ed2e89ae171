/// Steps: tasks out, submissions in, and the end of each step into the chains.
extension TelephoneStateMachine {
    /// `submitText` in a write or describe step. `text` is the room's shown form (trimmed,
    /// checked, masked where the room filters chat).
    public mutating func submitText(_ text: String, by player: PlayerID, now: Int64) -> Result<[Output], ProtocolError> {
        guard isActive(player) else { return .failure(ProtocolError(.invalidPhase, "you do not play in this game")) }
        guard let kind = currentKind, kind != .draw else {
            return .failure(ProtocolError(.invalidPhase, stage == .step ? "this step is a drawing: submitDrawing" : "no step is running"))
        }
        texts[player] = text
        var outputs: [Output] = []
        markSubmitted(player, into: &outputs)
        endStepIfEveryoneSubmitted(now: now, into: &outputs)
        return .success(outputs)
    }

    /// `submitDrawing` in a draw step: the drawing as it is now.
    public mutating func submitDrawing(by player: PlayerID, now: Int64) -> Result<[Output], ProtocolError> {
        guard isActive(player) else { return .failure(ProtocolError(.invalidPhase, "you do not play in this game")) }
        guard currentKind == .draw else {
            return .failure(ProtocolError(.invalidPhase, stage == .step ? "this step asks for a text: submitText" : "no step is running"))
        }
        var outputs: [Output] = []
        markSubmitted(player, into: &outputs)
        endStepIfEveryoneSubmitted(now: now, into: &outputs)
        return .success(outputs)
    }

    /// `unsubmit`: the submission is taken back while the step runs. Its text still counts at
    /// the step's end unless another replaces it (the contract's "last submitted text").
    public mutating func unsubmit(by player: PlayerID) -> Result<[Output], ProtocolError> {
        guard isActive(player), stage == .step else { return .failure(ProtocolError(.invalidPhase, "no step of yours is running")) }
        guard submitted.remove(player) != nil else { return .failure(ProtocolError(.invalidPhase, "you have not submitted in this step")) }
        return .success([.broadcast(.playerSubmitted(playerId: player, step: step, submitted: false))])
    }

    /// A drawing message in a draw step, checked as in party mode and echoed to its drawer alone.
    /// A submitted drawing is not changed: it is taken back first.
    public mutating func draw(_ action: DrawingAction, by player: PlayerID) -> Result<[Output], ProtocolError> {
        guard isActive(player), currentKind == .draw else {
            return .failure(ProtocolError(.invalidPhase, "drawing is possible only in a draw step"))
        }
        guard !submitted.contains(player) else {
            return .failure(ProtocolError(.invalidPhase, "your drawing is submitted; unsubmit to change it"))
        }
        var board = boards.removeValue(forKey: player) ?? DrawingBoard(limits: limits)
        let result = board.apply(action)
        boards[player] = board
        switch result {
        case .failure(let failure): return .failure(failure)
        case .success(nil): return .success([])
        case .success(let relayed?): return .success([.send(player, .event(.drawing(relayed, playerId: player), seq: nil))])
        }
    }

    /// The player left the room, or its reconnect grace ran out: from now on its seat counts as
    /// submitted, with nothing, and the chains go on without it.
    public mutating func playerGone(_ player: PlayerID, now: Int64) -> [Output] {
        guard let seat = seat(of: player), !players[seat].gone else { return [] }
        players[seat].gone = true
        submitted.remove(player)
        texts[player] = nil
        boards[player] = nil
        var outputs: [Output] = []
        if stage == .step { endStepIfEveryoneSubmitted(now: now, into: &outputs) }
        return outputs
    }

    /// Runs the deadline if it is due: the step's end, or in an owner-less reveal the next entry.
    public mutating func tick(now: Int64) -> [Output] {
        var outputs: [Output] = []
        // Zero-second reveals may make several due at once; each pass advances one. A game has at
        // most a step's end per step and an entry per seat and step, and the end after them.
        let mostPasses = steps + players.count * steps + 1
        var passes = 0
        while let due = deadline, due <= now, passes <= mostPasses {
            passes += 1
            switch stage {
            case .step: endStep(now: due, into: &outputs)
            case .reveal: outputs += revealNext(now: due)
            case .over: deadline = nil
            }
        }
        return outputs
    }

    // MARK: - Inside a step

    mutating func beginStep(now: Int64, into outputs: inout [Output]) {
        submitted = []
        texts = [:]
        boards = [:]
        stepStartedAt = now
        let kind = kind(ofStep: step)
        let deadline = now + (kind == .draw ? drawMillis : writeMillis)
        self.deadline = deadline
        outputs.append(.broadcast(.stepStarted(step: step, steps: steps, kind: kind, deadline: deadline)))
        for player in activeIDs {
            if let task = task(for: player) { outputs.append(.send(player, .task(task))) }
        }
        // Every player of the game has gone (the room's other seats joined after its start):
        // nothing more will come, and the chains go to the reveal at once.
        if activeIDs.isEmpty { endStep(now: now, into: &outputs) }
    }

    private mutating func markSubmitted(_ player: PlayerID, into outputs: inout [Output]) {
        // A second submission only replaces the text: the room heard of the first.
        guard submitted.insert(player).inserted else { return }
        outputs.append(.broadcast(.playerSubmitted(playerId: player, step: step, submitted: true)))
    }

    private mutating func endStepIfEveryoneSubmitted(now: Int64, into outputs: inout [Output]) {
        guard stage == .step, activeIDs.allSatisfy(submitted.contains) else { return }
        endStep(now: now, into: &outputs)
    }

    /// What every seat has counts: a submitted text (else `""`), or the drawing as it is. Then
    /// the next step, or the reveal.
    mutating func endStep(now: Int64, into outputs: inout [Output]) {
        let kind = kind(ofStep: step)
        var nextDrawings: [Int: [CanvasItem]] = [:]
        for (seat, player) in players.enumerated() {
            let chain = chain(ofSeat: seat, step: step)
            switch kind {
            case .write, .describe:
                let text = player.gone ? "" : texts[player.id] ?? ""
                chains[chain].append(ChainEntry(kind: kind, playerId: player.id, text: text))
            case .draw:
                let prompt = promptOfChain(chain)
                var entry = ChainEntry(kind: .draw, playerId: player.id)
                if !player.gone, let board = boards[player.id], !board.isEmpty {
                    let id = random.makeID(prefix: "d_")
                    entry.drawingId = id
                    nextDrawings[chain] = board.visible
                    outputs.append(
                        .saveDrawing(
                            FinishedDrawing(
                                id: id, gameId: gameId, roomCode: roomCode, word: prompt, drawerId: player.id, drawerName: player.name,
                                guessers: [], drawerGained: 0, startedAt: stepStartedAt, endedAt: now, actions: board.record,
                                kind: .telephone)))
                }
                chains[chain].append(entry)
            }
        }
        // A describe step reads the drawings of the draw step before it, and nothing older.
        previousDrawings = kind == .draw ? nextDrawings : [:]
        submitted = []
        texts = [:]
        boards = [:]
        step += 1
        if step < steps {
            beginStep(now: now, into: &outputs)
        } else {
            beginReveal(now: now, into: &outputs)
        }
    }

    /// The prompt chain `chain`'s drawer of this step was given.
    private func promptOfChain(_ chain: Int) -> String {
        if step == 0 { return words.indices.contains(chain) ? words[chain] : "" }
        return chains[chain].last?.text ?? ""
    }
}
