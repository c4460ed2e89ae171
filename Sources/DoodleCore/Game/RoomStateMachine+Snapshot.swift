extension RoomStateMachine {
    /// The `roomState` as `player` may see it: the word only for the drawer, players who
    /// guessed, and everyone once the turn or game is over; choices only for the choosing drawer.
    public func snapshot(for player: PlayerID) -> RoomSnapshot {
        let inTurn = phase == .choosing || phase == .drawing || phase == .turnEnd
        let seat = seatIndex(player).map { seats[$0] }
        var word: String?
        if let turnWord = turn?.word {
            let mayKnow = phase == .turnEnd || phase == .gameOver || turn?.drawerId == player || seat?.guessed == true
            if mayKnow { word = turnWord }
        }
        var hint: String?
        if phase == .drawing || phase == .turnEnd, turn?.word != nil { hint = turn?.hint.text }
        let choices = phase == .choosing && turn?.drawerId == player ? turn?.choices : nil
        if mode == .telephone { return telephoneSnapshot(for: player) }
        return RoomSnapshot(
            seq: seq, code: code, mode: mode, ownerId: ownerId, locked: locked,
            settings: SettingsView(settings: settings, showsCustomWords: player == ownerId),
            players: seats.map(playerInfo), phase: phase, round: phase == .lobby ? nil : round, rounds: settings.rounds,
            drawerId: inTurn ? turn?.drawerId : nil, deadline: inTurn ? phaseDeadline : nil, hint: hint,
            word: word, choices: choices, strokes: turn?.board.visible ?? [],
            startsAt: phase == .lobby && startsOnItsOwn ? phaseDeadline : nil,
            lastStrokeId: phase == .drawing ? turn?.board.lastStrokeId : nil,
            spectators: spectators.map { SpectatorInfo(id: $0.id, name: $0.name) }, reactions: reactionCountsOnScreen,
            ownReaction: ownReactionOnScreen(of: player), epoch: epoch)
    }

    /// A telephone room's `roomState`: nothing of any chain but, in a draw step, the
    /// recipient's own drawing so far (a reload keeps it).
    private func telephoneSnapshot(for player: PlayerID) -> RoomSnapshot {
        let ownDrawing = telephone?.ownDrawing(of: player)
        let running = phase == .step || phase == .reveal
        return RoomSnapshot(
            seq: seq, code: code, mode: mode, ownerId: ownerId, locked: locked,
            settings: SettingsView(settings: settings, showsCustomWords: false, mode: mode),
            players: seats.map(playerInfo), phase: phase, round: nil, rounds: 0, drawerId: nil,
            deadline: running ? phaseDeadline : nil, hint: nil, word: nil, choices: nil, strokes: ownDrawing?.visible ?? [],
            startsAt: phase == .lobby && startsOnItsOwn ? phaseDeadline : nil, lastStrokeId: ownDrawing?.lastStrokeId,
            spectators: spectators.map { SpectatorInfo(id: $0.id, name: $0.name) },
            reactions: phase == .reveal && telephone?.drawingOnScreen != nil ? revealReactions.counts : nil,
            ownReaction: phase == .reveal ? revealReactions.reaction(of: player) : nil, epoch: epoch,
            telephone: telephone?.view ?? TelephoneRoomView(step: nil, steps: nil, kind: nil, submitted: [], entries: []))
    }
}
