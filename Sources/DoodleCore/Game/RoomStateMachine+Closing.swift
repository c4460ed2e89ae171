/// An operator closes a room (`POST /v1/admin/rooms/{code}/close`): everyone in it, players and
/// watchers, connected or within their grace, is told why and let go at once, and the room asks
/// to be removed. A game under way ends unrecorded, as when its last player leaves: its unfinished
/// turn is not stored, and no `gameEnded` is sent.
extension RoomStateMachine {
    /// Every member gets `roomClosed` (no `seq`: nobody is left to keep counting), then its
    /// connection closes with 4005 and its seat is released; `roomExpired` comes last. The
    /// machine is left empty with nothing scheduled; the room actor takes no one in after this.
    public mutating func close(reason: String, now: Int64) -> [RoomEffect] {
        let members = memberIDs
        var effects: [RoomEffect] = []
        if !members.isEmpty { effects.append(.send(to: members, .roomClosed(reason: reason))) }
        effects += members.map { .close($0, .roomClosed) }
        effects += members.map { .seatReleased($0) }
        seats = []
        spectators = []
        rebuildMemberIDs()
        pendingSwitches = []
        kickVotes = [:]
        if !startsOnItsOwn { ownerId = nil }
        phase = .lobby
        phaseDeadline = nil
        round = nil
        turn = nil
        game = nil
        telephone = nil
        drawerQueue = []
        emptySince = nil
        effects.append(.roomExpired)
        return effects
    }
}
