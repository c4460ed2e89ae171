import DoodleCore
import Synchronization

/// Where a connection's player is: the one place its session routes room messages to.
///
/// A party room's seat and a watcher's place are one place: the room itself moves a member
/// between them (a switch asked for mid-turn takes effect when the turn ends), so the session
/// only needs to know the room.
enum SessionPlace: Sendable {
    /// After `hello`, in no room.
    case lobby
    /// In a party room, seated or watching.
    case party(Room)
    /// In pair mode: the waiting room or the pair room, as the pair registry keeps it.
    case pair(PairTicket)
}

/// A session's hold on its place in pair mode. The pair registry ends it when it takes the
/// player out of pair mode on its own (the pair ended, or the room could not be opened): the
/// session reads that before routing, so it never asks the registry over an actor hop where
/// its player is.
final class PairTicket: Sendable {
    private let isEnded = Atomic<Bool>(false)

    /// The registry took the player out of pair mode.
    func end() {
        isEnded.store(true, ordering: .releasing)
    }

    var isCurrent: Bool {
        !isEnded.load(ordering: .acquiring)
    }
}

/// What entering pair mode came to.
enum PairEntry: Sendable {
    /// The player is in its waiting room or pair room, held by the ticket.
    case entered(PairTicket)
    /// The room is on another node; the client was sent `redirect` and takes no place here.
    case redirected
    case refused(ProtocolError)
}
