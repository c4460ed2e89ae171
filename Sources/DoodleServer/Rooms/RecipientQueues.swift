import DoodleCore

/// The connections of the recipient list a room sent to last, in its order. Nearly every frame
/// a room sends goes to all its members, and the state machine hands out the same member list
/// each time until someone comes or goes; so a stroke finds its eight connections here instead
/// of hashing eight player ids, twenty times a second a room.
///
/// A list is known by its storage: the cache keeps the list it was built for, so that storage
/// cannot be freed and reused for another list, nor changed in place, while it is cached. An
/// empty cache matches only an empty list, which has no connections to find.
struct RecipientQueues {
    private var recipients: [PlayerID] = []
    private var queues: [OutboundQueue?] = []

    /// The room's connections changed: the next lookup builds the list again.
    mutating func invalidate() {
        recipients = []
        queues = []
    }

    /// Calls `body` with each recipient's connection, in the recipients' order (skipping those
    /// without one). A single recipient is looked up directly and leaves the cache as it is.
    mutating func forEach(of recipients: [PlayerID], in connections: [PlayerID: OutboundQueue], _ body: (OutboundQueue) -> Void) {
        if recipients.count == 1 {
            if let queue = connections[recipients[0]] { body(queue) }
            return
        }
        if recipients.count != self.recipients.count || Self.storage(of: recipients) != Self.storage(of: self.recipients) {
            self.recipients = recipients
            queues = recipients.map { connections[$0] }
        }
        for case let queue? in queues { body(queue) }
    }

    private static func storage(of list: [PlayerID]) -> UnsafeRawPointer? {
        list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}
