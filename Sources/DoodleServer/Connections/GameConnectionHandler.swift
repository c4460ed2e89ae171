import DoodleCore
import NIOCore
import NIOWebSocket

/// One game connection after the WebSocket upgrade, on its event loop, behind NIO's frame
/// decoder: the WebSocket rules that need no async work happen here, the rest goes in order to
/// the connection's `SessionInbox`.
///
/// - Text messages (fragmented ones reassembled, at most `maxMessageBytes`, else 1009) must be
///   UTF-8 (else 1007) and go to the inbox; binary messages go there too, to be refused.
/// - Pings are answered here; every frame, pongs included, counts as the client's activity.
/// - Closing: when the server closes (the outbound queue has written what came before), the
///   close frame goes out and the client gets `closeTimeout` to answer before the socket is
///   dropped; when the client closes first, its close is answered and the socket closed.
final class GameConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let inbox: SessionInbox
    private let queue: OutboundQueue
    private let activity: ConnectionActivity
    private let clock: any GameClock
    private let maxMessageBytes: Int
    private let closeTimeout: TimeAmount
    /// How long an aborted connection's close frame may wait behind what the socket holds.
    static let abortTimeout = TimeAmount.seconds(1)
    private let onClosed: @Sendable () -> Void

    /// A text or binary message whose later fragments have not all arrived.
    private var partial: (isText: Bool, bytes: ByteBuffer)?
    private var closeSent = false
    private var closeTimer: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(
        inbox: SessionInbox, queue: OutboundQueue, activity: ConnectionActivity, clock: any GameClock, maxMessageBytes: Int,
        closeTimeout: TimeAmount = .seconds(10), onClosed: @escaping @Sendable () -> Void
    ) {
        self.inbox = inbox
        self.queue = queue
        self.activity = activity
        self.clock = clock
        self.maxMessageBytes = maxMessageBytes
        self.closeTimeout = closeTimeout
        self.onClosed = onClosed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        activity.touch(now: clock.nowMillis())
        switch frame.opcode {
        case .text, .binary:
            guard partial == nil else {
                return fail(.protocolError, reason: "a new message began before the previous one was complete")
            }
            if frame.fin {
                deliver(isText: frame.opcode == .text, bytes: frame.unmaskedData)
            } else {
                partial = (frame.opcode == .text, frame.unmaskedData)
            }
        case .continuation:
            guard var message = partial else {
                return fail(.protocolError, reason: "a continuation frame without a message to continue")
            }
            guard message.bytes.readableBytes + frame.length <= maxMessageBytes else {
                return fail(.frameTooLarge, reason: "messages are limited to \(maxMessageBytes) bytes")
            }
            var fragment = frame.unmaskedData
            message.bytes.writeBuffer(&fragment)
            if frame.fin {
                partial = nil
                deliver(isText: message.isText, bytes: message.bytes)
            } else {
                partial = message
            }
        case .ping:
            guard !closeSent else { return }
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .pong:
            break
        case .connectionClose:
            receivedClose(context, frame)
        default:
            fail(.protocolError, reason: "unknown opcode")
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        closeTimer?.cancel()
        closeTimer = nil
        partial = nil
        queue.finish()
        inbox.post(.ended)
        onClosed()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Hummingbird allows half-closed sockets (for HTTP), so a client's FIN arrives as an
        // event instead of closing the channel. A WebSocket that can no longer hear its client
        // is over: close it now, or the seat would wait for the next failed ping to be released.
        if case .inputClosed = event as? ChannelEvent {
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Frame-level errors (oversized, malformed) were already answered with a close frame
        // by NIO's protocol error handler in front of us; anything else ends the connection.
        if !(error is NIOWebSocketError) { context.close(promise: nil) }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Called on the event loop once the outbound queue has ended.
    func outboundEnded(_ ending: OutboundEnding) {
        guard let context else { return }
        switch ending {
        case .close(let code, let reason):
            sendClose(context, code: code.rawValue, reason: reason)
        case .abort(let code, let reason):
            sendClose(context, code: code.rawValue, reason: reason, abort: true)
        case .finish:
            context.close(promise: nil)
        }
    }

    // MARK: - Private

    private func deliver(isText: Bool, bytes: ByteBuffer) {
        // After our close frame the client may still send; the contract has nothing more to say.
        guard !closeSent, !queue.isClosing else { return }
        guard isText else { return inbox.post(.binary) }
        guard let text = String(validating: bytes.readableBytesView, as: UTF8.self) else {
            return fail(.invalidPayload, reason: "text frames must be UTF-8")
        }
        inbox.post(text: text)
    }

    private func receivedClose(_ context: ChannelHandlerContext, _ frame: WebSocketFrame) {
        if closeSent {
            // The answer to our close: the handshake is complete.
            context.close(promise: nil)
            return
        }
        closeSent = true
        var payload = frame.unmaskedData
        // Echo the client's code, as RFC 6455 asks, then drop the connection.
        var answer = context.channel.allocator.buffer(capacity: 2)
        if let code = payload.readInteger(as: UInt16.self) { answer.writeInteger(code) }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: answer)))
            .whenComplete { _ in channel.close(promise: nil) }
    }

    /// Ends the connection from our side for a WebSocket-level fault in the client's frames.
    private func fail(_ code: CloseCode, reason: String) {
        partial = nil
        queue.close(code, reason: reason)
    }

    /// Sends our close frame. The client gets `closeTimeout` to answer; on an abort it is not
    /// waited for: a client that does not read would never see the frame or answer, and what
    /// the socket still holds for it is released when the socket closes, which is done as soon
    /// as the frame is written, or `abortTimeout` after the frame was sent.
    private func sendClose(_ context: ChannelHandlerContext, code: Int, reason: String, abort: Bool = false) {
        guard !closeSent, context.channel.isActive else { return }
        closeSent = true
        var payload = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.writeInteger(UInt16(code))
        // A close frame's payload is at most 125 bytes: the code and up to 123 of reason.
        var reason = reason
        while reason.utf8.count > 123 { reason.removeLast() }
        payload.writeString(reason)
        let written = context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)))
        let channel = context.channel
        if abort { written.whenComplete { _ in channel.close(promise: nil) } }
        closeTimer = context.eventLoop.scheduleTask(in: abort ? Self.abortTimeout : closeTimeout) { channel.close(promise: nil) }
    }
}
