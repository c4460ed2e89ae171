import DoodleCore
import NIOCore
import NIOWebSocket

/// The WebSocket life of one connection as a value: messages reassembled from their fragments,
/// then the closing handshake, whoever begins it (RFC 6455 §5.4, §5.5, §7).
///
/// `GameConnectionHandler` owns one, feeds it every frame and every end of the outbound queue,
/// and does what the returned action says; nothing in here touches a socket or a clock, so the
/// rules are tested as a value. `CloseTimer` is whatever the owner cancels to stop waiting for
/// the close to finish (NIO's `Scheduled<Void>` in the handler): once this side has decided to
/// close — for a fault, to answer the client's close, or after sending its own close frame — a
/// timer bounds how long the socket may stay open, so a client that stops reading cannot hold it.
struct WebSocketLifecycle<CloseTimer> {
    enum State {
        /// Messages flow; `partial` is a fragmented message whose last fragment has not arrived.
        case open(partial: PartialMessage?)
        /// The client broke a WebSocket rule: we close, and our close frame waits for the frames
        /// queued before it. `clientClosed`: the client's close came meanwhile, so once ours is
        /// out there is nothing left to wait for.
        case failing(clientClosed: Bool, timer: CloseTimer?)
        /// The client closed first; `reply` goes out once the frames queued before it are written.
        case answering(reply: CloseReply, timer: CloseTimer?)
        /// Our close frame is out and we wait for the client's, until `timer` fires.
        case closeSent(timer: CloseTimer?)
        /// Nothing more to say: the socket is closing or closed.
        case closed
    }

    /// A text or binary message whose later fragments have not all arrived.
    struct PartialMessage {
        var isText: Bool
        var bytes: ByteBuffer
    }

    /// What goes in a close frame: a code (none when the client's close had none) and a reason.
    struct CloseReply: Equatable, Sendable {
        var code: UInt16?
        var reason: String
    }

    enum ReceivedAction {
        case none
        /// Hand the message on.
        case deliver(InboundMessage)
        /// Answer a ping.
        case pong(ByteBuffer)
        /// Ask the outbound queue to close after what it holds; its end then comes back through
        /// `outboundEnded`. Start the close timer too (`closeTimerStarted`).
        case closeAfterQueued(CloseCode, reason: String)
        /// The client closed: ask the outbound queue to end after what it holds
        /// (`answerClientClose`); the reply, decided here, goes out then. Start the close timer too.
        case answerAfterQueued
        /// The closing handshake is complete: stop the timer and close the socket.
        case closeSocket(cancelling: CloseTimer?)
    }

    enum OutboundEndedAction {
        case none
        /// Send this close frame, then do `then`.
        case sendClose(CloseReply, then: AfterClose)
        /// No close frame to send (the client has gone): stop the timer and close the socket.
        case closeSocket(cancelling: CloseTimer?)
    }

    enum AfterClose {
        /// The client is not reading (an abort): close the socket once the frame is written, and
        /// at the latest after a short grace, without waiting for an answer.
        case closeSocketSoon(cancelling: CloseTimer?)
        /// Wait for the client's close; start the timer that drops the socket if it never comes
        /// (`closeTimerStarted` hands it back if one already runs).
        case awaitClientClose
        /// The client has closed already: once the frame is written, stop the timer and close.
        case closeSocket(cancelling: CloseTimer?)
    }

    /// Largest message, its fragments together.
    let maxMessageBytes: Int
    private(set) var state: State = .open(partial: nil)

    init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    /// A frame from the client, already checked by NIO's decoder for its header, its mask, its
    /// length and, for control frames, `fin` and at most 125 bytes.
    mutating func received(_ frame: WebSocketFrame) -> ReceivedAction {
        switch state {
        case .open(let partial):
            return receivedWhileOpen(frame, partial: partial)
        case .failing(_, let timer):
            // What the client sends after its fault is moot, except a close: ours will then end it.
            if frame.opcode == .connectionClose { state = .failing(clientClosed: true, timer: timer) }
            return .none
        case .answering:
            // Nothing may follow a close frame (RFC 6455 §5.5.1).
            return .none
        case .closeSent(let timer):
            // After our close, only the client's close matters: it completes the handshake.
            guard frame.opcode == .connectionClose else { return .none }
            state = .closed
            return .closeSocket(cancelling: timer)
        case .closed:
            return .none
        }
    }

    /// The outbound queue has ended and written every frame queued before that.
    mutating func outboundEnded(_ ending: OutboundEnding) -> OutboundEndedAction {
        switch state {
        case .open:
            switch ending {
            case .close(let code, let reason):
                state = .closeSent(timer: nil)
                return .sendClose(CloseReply(code: UInt16(code.rawValue), reason: reason), then: .awaitClientClose)
            case .abort(let code, let reason):
                state = .closed
                return .sendClose(CloseReply(code: UInt16(code.rawValue), reason: reason), then: .closeSocketSoon(cancelling: nil))
            case .answerClient, .finish:
                state = .closed
                return .closeSocket(cancelling: nil)
            }
        case .failing(let clientClosed, let timer):
            switch ending {
            case .close(let code, let reason):
                let reply = CloseReply(code: UInt16(code.rawValue), reason: reason)
                if clientClosed {
                    state = .closed
                    return .sendClose(reply, then: .closeSocket(cancelling: timer))
                }
                // The timer started at the fault keeps running: it now bounds the wait for the client.
                state = .closeSent(timer: timer)
                return .sendClose(reply, then: .awaitClientClose)
            case .abort(let code, let reason):
                state = .closed
                return .sendClose(CloseReply(code: UInt16(code.rawValue), reason: reason), then: .closeSocketSoon(cancelling: timer))
            case .answerClient, .finish:
                state = .closed
                return .closeSocket(cancelling: timer)
            }
        case .answering(let reply, let timer):
            state = .closed
            switch ending {
            case .close, .answerClient:
                return .sendClose(reply, then: .closeSocket(cancelling: timer))
            case .abort:
                return .sendClose(reply, then: .closeSocketSoon(cancelling: timer))
            case .finish:
                return .closeSocket(cancelling: timer)
            }
        case .closeSent, .closed:
            return .none
        }
    }

    /// The timer started for `.closeAfterQueued` or `.awaitClientClose`; hands it back when it
    /// is not wanted (one already runs, or the socket is closing), for the owner to cancel.
    mutating func closeTimerStarted(_ timer: CloseTimer) -> CloseTimer? {
        switch state {
        case .failing(let clientClosed, nil):
            state = .failing(clientClosed: clientClosed, timer: timer)
            return nil
        case .answering(let reply, nil):
            state = .answering(reply: reply, timer: timer)
            return nil
        case .closeSent(nil):
            state = .closeSent(timer: timer)
            return nil
        case .open, .failing, .answering, .closeSent, .closed:
            return timer
        }
    }

    /// NIO's decoder found a malformed frame and its error handler has answered it with a close
    /// frame and closes the socket. Returns the timer to cancel, if one runs.
    mutating func decoderFailed() -> CloseTimer? {
        endState()
    }

    /// The socket has closed. Returns the timer to cancel, if one runs.
    mutating func socketClosed() -> CloseTimer? {
        endState()
    }

    // MARK: - Private

    private mutating func endState() -> CloseTimer? {
        let timer: CloseTimer?
        switch state {
        case .failing(_, let running), .answering(_, let running), .closeSent(let running):
            timer = running
        case .open, .closed:
            timer = nil
        }
        state = .closed
        return timer
    }

    private mutating func receivedWhileOpen(_ frame: WebSocketFrame, partial: PartialMessage?) -> ReceivedAction {
        // A client must mask every frame it sends (RFC 6455 §5.1).
        guard frame.maskKey != nil else {
            return fail(.protocolError, reason: "client frames must be masked")
        }
        // No extension is ever negotiated, so a reserved bit has no meaning (RFC 6455 §5.2).
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            return fail(.protocolError, reason: "reserved bits set, but no extension was negotiated")
        }
        switch frame.opcode {
        case .text, .binary:
            guard partial == nil else {
                return fail(.protocolError, reason: "a new message began before the previous one was complete")
            }
            let message = PartialMessage(isText: frame.opcode == .text, bytes: frame.unmaskedData)
            guard frame.fin else {
                state = .open(partial: message)
                return .none
            }
            return complete(message)
        case .continuation:
            guard var message = partial else {
                return fail(.protocolError, reason: "a continuation frame without a message to continue")
            }
            guard message.bytes.readableBytes + frame.length <= maxMessageBytes else {
                return fail(.frameTooLarge, reason: "messages are limited to \(maxMessageBytes) bytes")
            }
            // Drop the lifecycle's own copy before appending, so the buffer is not copied.
            state = .open(partial: nil)
            var fragment = frame.unmaskedData
            message.bytes.writeBuffer(&fragment)
            guard frame.fin else {
                state = .open(partial: message)
                return .none
            }
            return complete(message)
        case .ping:
            return .pong(frame.unmaskedData)
        case .pong:
            return .none
        case .connectionClose:
            let reply = Self.reply(toClose: frame.unmaskedData)
            state = .answering(reply: reply, timer: nil)
            return .answerAfterQueued
        default:
            return fail(.protocolError, reason: "unknown opcode")
        }
    }

    private mutating func complete(_ message: PartialMessage) -> ReceivedAction {
        state = .open(partial: nil)
        guard message.isText else { return .deliver(.binary(message.bytes)) }
        guard let text = String(validating: message.bytes.readableBytesView, as: UTF8.self) else {
            return fail(.invalidPayload, reason: "text frames must be UTF-8")
        }
        return .deliver(.text(text))
    }

    private mutating func fail(_ code: CloseCode, reason: String) -> ReceivedAction {
        state = .failing(clientClosed: false, timer: nil)
        return .closeAfterQueued(code, reason: reason)
    }
}

extension WebSocketLifecycle {
    /// The answer to a client's close frame (RFC 6455 §5.5.1, §7.4): its code echoed when the
    /// frame is well formed, 1002 when its payload is one byte or its code may not be sent, 1007
    /// when its reason is not UTF-8.
    static func reply(toClose payload: ByteBuffer) -> CloseReply {
        var payload = payload
        guard payload.readableBytes != 0 else { return CloseReply(code: nil, reason: "") }
        guard let code = payload.readInteger(as: UInt16.self) else {
            return CloseReply(code: 1002, reason: "a close payload is a two-byte code and a reason, never one byte")
        }
        guard isSendable(closeCode: code) else {
            return CloseReply(code: 1002, reason: "close code \(code) may not be sent")
        }
        guard String(validating: payload.readableBytesView, as: UTF8.self) != nil else {
            return CloseReply(code: 1007, reason: "a close reason must be UTF-8")
        }
        return CloseReply(code: code, reason: "")
    }

    /// Whether an endpoint may put `code` in a close frame: the codes RFC 6455 §7.4.1 defines
    /// for the wire, those IANA's registry has added since (1012–1014), and the ranges for
    /// libraries (3000–3999) and applications (4000–4999). 1004–1006 and 1015 are reserved or
    /// only for reports, and the rest below 3000 is unassigned.
    static func isSendable(closeCode code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}

extension WebSocketLifecycle.ReceivedAction: Equatable where CloseTimer: Equatable {}
extension WebSocketLifecycle.State: Equatable where CloseTimer: Equatable {}
extension WebSocketLifecycle.PartialMessage: Equatable {}
extension WebSocketLifecycle.OutboundEndedAction: Equatable where CloseTimer: Equatable {}
extension WebSocketLifecycle.AfterClose: Equatable where CloseTimer: Equatable {}
