import DoodleCore
import NIOCore
import Synchronization

/// What the writer of one connection sends next.
enum OutboundItem: Sendable {
    case frame(ByteBuffer)
    case ping
    case close(CloseCode, reason: String)
}

/// The bounded outbound buffer of one connection. Rooms and the session push already-encoded
/// frames without waiting; one writer task drains them to the socket. A client that falls
/// `limit` frames behind is closed (1013) rather than letting its backlog grow without bound
/// or stall the room.
final class OutboundQueue: Sendable {
    let id: UInt64
    let stream: AsyncStream<OutboundItem>
    private let continuation: AsyncStream<OutboundItem>.Continuation
    private let pending = Atomic<Int>(0)
    private let closing = Atomic<Bool>(false)
    private let limit: Int

    init(limit: Int) {
        self.id = UInt64.random(in: 1...UInt64.max)
        self.limit = limit
        (stream, continuation) = AsyncStream.makeStream(of: OutboundItem.self, bufferingPolicy: .unbounded)
    }

    /// Queues a frame; false when the connection is closing or has just overflowed.
    @discardableResult
    func send(_ frame: ByteBuffer) -> Bool {
        if closing.load(ordering: .relaxed) { return false }
        let queued = pending.add(1, ordering: .relaxed).newValue
        if queued > limit {
            close(.tryAgainLater, reason: "outbound buffer overflow: reading too slowly")
            return false
        }
        continuation.yield(.frame(frame))
        return true
    }

    func ping() {
        if !closing.load(ordering: .relaxed) { continuation.yield(.ping) }
    }

    /// Asks the writer to close the socket with `code` after the frames already queued.
    func close(_ code: CloseCode, reason: String) {
        if closing.exchange(true, ordering: .relaxed) == false {
            continuation.yield(.close(code, reason: reason))
            continuation.finish()
        }
    }

    /// Ends the writer without a close frame (the client has gone).
    func finish() {
        closing.store(true, ordering: .relaxed)
        continuation.finish()
    }

    func didWrite() {
        pending.subtract(1, ordering: .relaxed)
    }

    var isClosing: Bool { closing.load(ordering: .relaxed) }
}
