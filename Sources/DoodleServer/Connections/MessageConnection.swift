import NIOCore

/// A WebSocket connection with no game behind it: the game's handler, outbound queue and wire
/// writer, with complete messages going to any `MessageInbox`.
///
/// It exists for the conformance echo server (`doodle-ws-echo` in Tests/WebSocketEchoServer),
/// so that Autobahn's fuzzing client tests the very handler the game runs; the game server
/// itself mounts only `GameConnectionFactory`.
package enum MessageConnection {
    /// Turns a freshly upgraded channel into a connection whose messages go to the inbox
    /// `makeInbox` builds. Call on the channel's event loop.
    package static func start(
        on channel: any Channel, maxMessageBytes: Int, outboundLimit: Int, makeInbox: (ConnectionReplies) -> any MessageInbox
    ) throws {
        let clock = SystemGameClock()
        // Echoes may be as large as the largest message: the byte bound follows the message bound.
        let limits = OutboundBacklog.Limits(
            frames: outboundLimit, bytes: 4 * maxMessageBytes, stallMillis: 60_000, sizeableBytes: maxMessageBytes)
        let queue = OutboundQueue(
            limits: limits, budget: OutboundBudget(ceiling: .max), clock: clock, eventLoop: channel.eventLoop,
            sink: try FrameSink.installNow(on: channel))
        let handler = GameConnectionHandler(
            inbox: makeInbox(ConnectionReplies(queue: queue)), queue: queue, activity: ConnectionActivity(now: clock.nowMillis()),
            clock: clock, maxMessageBytes: maxMessageBytes, onClosed: {})
        try handler.install(on: channel)
    }
}

/// The way back to a `MessageConnection`'s client: messages go out in order, after everything
/// sent before them, as a game connection's do.
package struct ConnectionReplies: Sendable {
    fileprivate let queue: OutboundQueue

    /// Queues a text message; false when the connection is closing or its queue is full.
    @discardableResult
    package func send(text: String) -> Bool {
        queue.send(WireFrame(text: ByteBuffer(string: text)))
    }

    /// Queues a binary message; false when the connection is closing or its queue is full.
    @discardableResult
    package func send(binary: ByteBuffer) -> Bool {
        queue.send(WireFrame(binary: binary))
    }
}
