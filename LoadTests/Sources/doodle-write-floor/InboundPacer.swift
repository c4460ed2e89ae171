import Glibc

/// One loopback connection on which another thread sends the writer a small frame per group, as
/// a room's drawer sends the server a stroke: the writer sleeps in `poll` until it comes (NIO
/// sleeps in `epoll_wait`; Glibc's module has no epoll), reads it, then writes the group's
/// frames. So the floor pays what the server pays to be woken by a socket and to read what woke
/// it, not a timer's wake-up on its own thread.
final class InboundPacer: Sendable {
    private let pair: LoopbackPairs

    init() throws {
        pair = try LoopbackPairs(count: 1)
    }

    /// The pacing side: sends `frame` once per `gap` µs until `shouldStop` says so, then closes,
    /// which ends the writer's waiting.
    func send(frame: [UInt8], everyMicroseconds gap: UInt32, until shouldStop: () -> Bool) {
        LoopbackSockets.send(frame, on: pair.peers[0], everyMicroseconds: gap, until: shouldStop)
        shutdown(pair.peers[0], Int32(SHUT_WR))
    }

    /// The writer's side: sleeps until a frame has come and reads what has. False once the
    /// pacer has finished.
    func awaitFrame(into buffer: inout [UInt8]) -> Bool {
        var socket = pollfd(fd: pair.writers[0], events: Int16(POLLIN), revents: 0)
        while poll(&socket, 1, -1) < 0 {
            guard errno == EINTR else { return false }
        }
        let count = buffer.withUnsafeMutableBytes { read(pair.writers[0], $0.baseAddress, $0.count) }
        return count > 0
    }

    func close() {
        pair.close()
        Glibc.close(pair.peers[0])
    }
}
