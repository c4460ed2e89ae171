/// Rooms that quick play opens have no owner to start their games: once enough players are
/// connected in the lobby, a countdown (`phase lobby` with `startsAt`) runs to the game's start,
/// and stops again (`startsAt` null) if players drop below the minimum first. The countdown's
/// end is the lobby's `phaseDeadline`. After a game, such a room shows the result for
/// `revealSeconds`, then returns to its lobby (scores reset) and counts down again.
extension RoomStateMachine {
    /// Starts or stops the lobby's countdown after the connected players changed.
    mutating func reconsiderAutoStart(now: Int64, into effects: inout [RoomEffect]) {
        guard startsOnItsOwn, phase == .lobby else { return }
        switch (hasPlayersToStartOnItsOwn, phaseDeadline) {
        case (true, nil):
            let startsAt = countdownEnd(from: now)
            phaseDeadline = startsAt
            broadcast(.phaseLobby(startsAt: startsAt), into: &effects)
        case (false, .some):
            phaseDeadline = nil
            broadcast(.phaseLobby(startsAt: nil), into: &effects)
        case (true, .some), (false, nil):
            break
        }
    }

    /// The countdown ran out: the game starts if players are still enough (a drop below the
    /// minimum stopped the countdown already, so this is the usual case).
    mutating func autoStartIsDue(now: Int64, into effects: inout [RoomEffect]) {
        guard startsOnItsOwn else { return }
        guard hasPlayersToStartOnItsOwn else {
            broadcast(.phaseLobby(startsAt: nil), into: &effects)
            return
        }
        beginGame(now: now, into: &effects)
    }

    /// The result has been shown: back to the lobby, scores reset, and the countdown again if
    /// players are enough.
    mutating func rematchIsDue(now: Int64, into effects: inout [RoomEffect]) {
        guard startsOnItsOwn else { return }
        resetScores()
        backToLobby(startsAt: hasPlayersToStartOnItsOwn ? countdownEnd(from: now) : nil, into: &effects)
    }

    /// Enough players are connected for the countdown to run.
    private var hasPlayersToStartOnItsOwn: Bool {
        connectedCount >= (mode == .telephone ? max(rules.publicRoom.autoStartPlayers, telephoneMinPlayers) : rules.publicRoom.autoStartPlayers)
    }

    /// When a countdown begun at `now` ends.
    private func countdownEnd(from now: Int64) -> Int64 { now + Int64(rules.publicRoom.autoStartSeconds) * 1000 }
}
