/// The reveal: every chain, entry by entry, at the owner's pace or (without an owner) every
/// `revealSeconds`; the step after the last entry ends the game.
extension TelephoneStateMachine {
    mutating func beginReveal(now: Int64, into outputs: inout [Output]) {
        stage = .reveal
        revealed = 0
        previousDrawings = [:]
        deadline = autoRevealMillis.map { now + $0 }
        outputs.append(.broadcast(.phaseReveal))
    }

    /// `revealNext` (the room checks it comes from the owner), or an owner-less reveal's timer:
    /// the next entry, or after the last one the game's end.
    public mutating func revealNext(now: Int64) -> [Output] {
        guard stage == .reveal else { return [] }
        let entries = entriesInRevealOrder
        guard revealed < entries.count else {
            stage = .over
            deadline = nil
            return [.ended]
        }
        let entry = entries[revealed]
        revealed += 1
        deadline = autoRevealMillis.map { now + $0 }
        return [.broadcast(.chainEntry(entry))]
    }

    /// The drawing of the latest entry shown, if it is one: what a reaction in the reveal is to.
    public var drawingOnScreen: (id: String, drawerId: PlayerID)? {
        guard stage == .reveal, revealed > 0 else { return nil }
        let entry = entriesInRevealOrder[revealed - 1].entry
        guard let id = entry.drawingId else { return nil }
        return (id, entry.playerId)
    }
}
