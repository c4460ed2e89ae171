import NIOCore
import Synchronization

/// The relay's rooms. A room is a member list and a `seq` counter under one lock: numbering a
/// frame and queueing it to every member happen together, so every member gets the room's
/// frames in one order — the ordering guarantee the game gives, and no more.
final class RelayRooms: Sendable {
    private struct Room {
        var seq = 0
        var members: [UInt64: AsyncStream<ByteBuffer>.Continuation] = [:]
    }

    private let rooms = Mutex<[String: Room]>([:])

    /// Adds a member and returns the room's current `seq`.
    func join(_ room: String, member: UInt64, outbound: AsyncStream<ByteBuffer>.Continuation) -> Int {
        rooms.withLock { rooms in
            rooms[room, default: Room()].members[member] = outbound
            return rooms[room]?.seq ?? 0
        }
    }

    func leave(_ room: String, member: UInt64) {
        rooms.withLock { rooms in
            rooms[room]?.members[member] = nil
            if rooms[room]?.members.isEmpty == true { rooms[room] = nil }
        }
    }

    /// Numbers `text` with the room's next `seq`, tags it with the sender as the game tags a
    /// drawing with `playerId`, and queues the one resulting buffer to every member, the sender
    /// included (the game echoes drawing messages to the drawer too).
    func relay(_ text: String, in room: String, from sender: String) {
        rooms.withLock { rooms in
            guard var state = rooms[room] else { return }
            state.seq += 1
            let frame = Self.frame(text, seq: state.seq, sender: sender)
            for member in state.members.values { member.yield(frame) }
            rooms[room] = state
        }
    }

    /// `{"seq":N,"playerId":"…",` + the client's object after its opening brace.
    static func frame(_ text: String, seq: Int, sender: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(text.utf8.count + 40)
        buffer.writeString("{\"seq\":\(seq),\"playerId\":\"\(sender)\"")
        let body = text.utf8.drop { $0 == UInt8(ascii: " ") }.dropFirst()
        if body.first != UInt8(ascii: "}") { buffer.writeString(",") }
        buffer.writeBytes(body)
        return buffer
    }
}
