import NIOCore

/// A complete message from a client: its fragments reassembled, text already checked as UTF-8.
package enum InboundMessage: Sendable, Equatable {
    case text(String)
    case binary(ByteBuffer)
}

/// Where a connection's handler hands what the client sends: called on the connection's event
/// loop, in order, and must not block it. The game's is `SessionInbox`; the WebSocket echo
/// server used for conformance tests has its own.
package protocol MessageInbox: Sendable {
    /// A complete message.
    func receive(_ message: InboundMessage)
    /// The socket has closed. Always the last call.
    func connectionEnded()
}
