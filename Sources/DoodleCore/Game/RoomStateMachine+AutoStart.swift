/// Rooms that quick play opens have no owner to start their games: once enough players are
/// connected in the lobby, a countdown (`phase lobby` with `startsAt`) runs to the game's start,
/// and stops again (`startsAt` null) if players drop below the minimum first. The countdown's
/// end is the lobby's `phaseDeadline`. After a game, such a room shows the result for
/// `revealSeconds`, then returns to its lobby (scores reset) and counts down again.
extension RoomStateMachine {
    /// Starts or stops the lobby's countdown after the connected players changed.
    mutating func reconsiderAutoStart(now: Int64, into effects: inout [RoomEffect]) {
        guard startsOnItsOwn, phase == .lobby else { return }
        let enough = connectedCount >= rules.publicRoom.autoStartPlayers
        switch (enough, phaseDeadline) {
        case (true, nil):
            let startsAt = now + Int64(rules.publicRoom.autoStartSeconds) * 1000
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
        guard connectedCount >= rules.publicRoom.autoStartPlayers else {
            broadcast(.phaseLobby(startsAt: nil), into: &effects)
            return
        }
        beginGame(now: now, into: &effects)
    }

    /// The result has been shown: back to the lobby, scores reset, and the countdown again if
    /// players are enough.
    mutating func rematchIsDue(now: Int64, into effects: inout [RoomEffect]) {
        guard startsOnItsOwn else { return }
        for index in seats.indices {
            seats[index].score = 0
            seats[index].guessed = false
        }
        phase = .lobby
        turn = nil
        round = nil
        let enough = connectedCount >= rules.publicRoom.autoStartPlayers
        let startsAt: Int64? = enough ? now + Int64(rules.publicRoom.autoStartSeconds) * 1000 : nil
        phaseDeadline = startsAt
        broadcast(.phaseLobby(startsAt: startsAt), into: &effects)
    }
}
