/// An operator deleted a stored pair drawing (`DELETE /v1/admin/drawings/{id}`): storage no
/// longer has it, so a room that has it pending must forget it too, or a guess at it would be
/// judged and stored against nothing.
extension PairStateMachine {
    /// Forgets the pending drawing `drawingId`. True when the room had it: the partners' inbox or
    /// sent list changed, and their `roomState` with it. No event is sent and no `seq` is used:
    /// the pair protocol has no event for a drawing taken back, a fresh `roomState` tells it.
    public mutating func forget(drawingId: String) -> Bool {
        let before = pending.count
        pending.removeAll { $0.submission.drawingId == drawingId }
        return pending.count != before
    }
}
