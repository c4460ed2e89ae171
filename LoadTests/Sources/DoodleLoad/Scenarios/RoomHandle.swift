/// The shared measurement state of one room: the drawer's send log and every receiver's stats
/// (index 0 is the drawer).
final class RoomHandle: Sendable {
    let index: Int
    let sendLog = SendLog()
    let receivers: [ReceiverStats]

    init(index: Int, players: Int) {
        self.index = index
        receivers = (0..<players).map { ReceiverStats(isDrawer: $0 == 0) }
    }
}

/// How a room's setup went, reported once per room.
enum RoomSetupOutcome: Sendable {
    /// `redirects`: joins sent to another node first and followed there (cluster targets).
    case ready(index: Int, connections: Int, redirects: Int)
    case failed(index: Int, reason: String)
}
