import DoodleCore

/// A pair drawing being deleted, as both back ends need it: which queued pushes told of it, and
/// what the deletion answers.
struct PairDrawingDeletion {
    let drawingId: String
    let pairId: String
    /// nil once that player deleted itself (and its pushes with it).
    let senderId: PlayerID?
    let recipientId: PlayerID?

    /// The `Idempotency-Key`s of every push that can name the drawing: its delivery to the
    /// recipient and its guessing, told to the sender. A push still queued would wake a phone
    /// about a drawing that is gone.
    var notificationKeys: [String] {
        var keys: [String] = []
        if let recipientId {
            keys.append(PushNotification.key(event: .drawingReceived, pairId: pairId, drawingId: drawingId, recipientId: recipientId))
        }
        if let senderId {
            keys.append(PushNotification.key(event: .drawingGuessed, pairId: pairId, drawingId: drawingId, recipientId: senderId))
        }
        return keys
    }

    /// Only the recipient's widget head can have been the drawing: a head is the latest drawing received.
    var deleted: DeletedDrawing {
        .pair(pairId: pairId, players: recipientId.map { [$0] } ?? [])
    }
}
