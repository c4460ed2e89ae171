import DoodleCore

/// One of the HTTP routes' changes to a pair (``PairActions``), as a value: so a node that does
/// not host the pair's room can hand it to the node that does.
enum PairCall: Sendable, Equatable {
    case upload(PairUpload, by: PlayerID)
    case guess(drawingId: String, text: String, by: PlayerID)
    case giveUp(drawingId: String, by: PlayerID)
    case unpair(by: PlayerID)
}

/// What a ``PairCall`` came to, wherever it ran.
enum PairCallAnswer: Sendable, Equatable {
    case uploaded(PairUploadReceipt)
    case guessed(PairGuessAnswer)
    case gaveUp(word: String)
    case unpaired(pairId: String)
    case failed(PairActionError)
}
