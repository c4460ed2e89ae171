/// A reload is not a departure (PROTOCOL.md rev 4): a drawer whose connection drops keeps its
/// turn for `drawerGraceSeconds`, counted from the drop. While choosing, the grace ends nothing:
/// the choosing deadline stands, and only a grace that has run out by then ends the turn there.
extension RoomStateMachine {
    /// When the absent drawer's turn is lost, or nil while the drawer is connected or no turn
    /// is open for drawing.
    var drawerGraceEnd: Int64? {
        guard phase == .choosing || phase == .drawing, let turn, !turn.settled,
            let index = seatIndex(turn.drawerId), let droppedAt = seats[index].disconnectedAt
        else { return nil }
        return droppedAt + Int64(rules.timing.drawerGraceSeconds) * 1000
    }

    /// Ends the drawing with `drawerLeft` if the absent drawer's grace ran out by `now` and
    /// before the turn's own deadline (which, when they coincide, ends it as a `timeout`).
    /// True when it did.
    mutating func endDrawingIfDrawerGraceRanOut(now: Int64, into effects: inout [RoomEffect]) -> Bool {
        guard phase == .drawing, let graceEnd = drawerGraceEnd, graceEnd <= now, graceEnd < (phaseDeadline ?? .max) else { return false }
        endTurn(.drawerLeft, now: graceEnd, into: &effects)
        return true
    }

    /// At the choosing deadline: a drawer still away past its grace has nobody to draw for, so
    /// the turn ends without a word rather than opening a drawing that would end at once.
    mutating func endChoosingIfDrawerGraceRanOut(at deadline: Int64, into effects: inout [RoomEffect]) -> Bool {
        guard phase == .choosing, let graceEnd = drawerGraceEnd, graceEnd <= deadline else { return false }
        endTurn(.drawerLeft, now: deadline, into: &effects)
        return true
    }

    /// The offer a drawer resuming while choosing needs again: `chooseWord` carries no seq, so
    /// a replay from `lastSeq` does not bring it back.
    public func pendingChoices(for player: PlayerID) -> [String]? {
        guard phase == .choosing, let turn, turn.drawerId == player else { return nil }
        return turn.choices
    }

    /// Fewer than 2 players hold seats (connected or within their reconnect grace): a game cannot
    /// go on. A disconnected player still counts, so a reload does not end the game.
    var tooFewSeatsToPlay: Bool { seats.count < 2 }
}
