import DoodleCore

extension SequenceTracker {
    /// Checks one pair-mode message: a `roomState` sets the baseline (the waiting room and the
    /// pair room are different rooms, and a formed pair's room starts at 0); messages without a
    /// `seq` (a repeated `drawingSent`, `guessResult`, `wordSuggestions`) are ignored.
    @discardableResult
    public mutating func observe(_ message: PairServerMessage) -> Violation? {
        if case .roomState(let snapshot) = message {
            rebase(on: snapshot.seq)
            return nil
        }
        guard let seq = message.seq else { return nil }
        return observe(seq: seq, messageType: message.typeName)
    }
}
