import DoodleCore
import NIOCore
import NIOWebSocket

/// One game connection after the WebSocket upgrade, on its event loop, behind NIO's frame
/// decoder: the WebSocket rules that need no async work happen here, the rest goes in order to
/// the connection's `MessageInbox`.
///
/// The rules themselves are `WebSocketLifecycle`'s; this handler feeds it the frames and the end
/// of the outbound queue, and does the writes, timers and closes it asks for:
/// - Text messages (fragmented ones reassembled, at most `maxMessageBytes`, else 1009) must be
///   UTF-8 (else 1007) and go to the inbox; binary messages go there too.
/// - Pings are answered here; every frame, pongs included, counts as the client's activity.
/// - Closing: when the server closes (the outbound queue has written what came before), the
///   close frame goes out and the client gets `closeTimeout` to answer before the socket is
///   dropped; when the client closes first, its close is answered — after what was queued
///   before it — and the socket closed. A close this handler decides on (a fault, or the
///   answer to the client's) drops the socket within `closeTimeout` even if the queue never
///   drains. An abort (a client too slow, stalled or silent) does not wait for an answer at all:
///   the socket closes once the close frame is written, or `abortTimeout` after it was sent.
final class GameConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let inbox: any MessageInbox
    private let queue: OutboundQueue
    private let activity: ConnectionActivity
    private let clock: any GameClock
    private let closeTimeout: TimeAmount
    /// How long an aborted connection's close frame may wait behind what the socket holds: the
    /// client is not reading, and what the socket holds for it is released when it closes.
    static let abortTimeout = TimeAmount.seconds(1)
    private let onClosed: @Sendable () -> Void

    private var lifecycle: WebSocketLifecycle<Scheduled<Void>>
    private var context: ChannelHandlerContext?

    init(
        inbox: any MessageInbox, queue: OutboundQueue, activity: ConnectionActivity, clock: any GameClock, maxMessageBytes: Int,
        closeTimeout: TimeAmount = .seconds(10), onClosed: @escaping @Sendable () -> Void
    ) {
        self.inbox = inbox
        self.queue = queue
        self.activity = activity
        self.clock = clock
        self.closeTimeout = closeTimeout
        self.onClosed = onClosed
        self.lifecycle = WebSocketLifecycle(maxMessageBytes: maxMessageBytes)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        activity.touch(now: clock.nowMillis())
        switch lifecycle.received(frame) {
        case .none:
            break
        case .deliver(let message):
            // The queue also closes for the game's own reasons (kick, flood, idle): what the
            // client sends after that is moot.
            guard !queue.isClosing else { return }
            inbox.receive(message)
        case .pong(let payload):
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: payload)), promise: nil)
        case .closeAfterQueued(let code, let reason):
            queue.close(code, reason: reason)
            startCloseTimer(context)
        case .answerAfterQueued:
            queue.answerClientClose()
            startCloseTimer(context)
        case .closeSocket(let timer):
            timer?.cancel()
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        lifecycle.socketClosed()?.cancel()
        queue.finish()
        inbox.connectionEnded()
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
        if error is NIOWebSocketError {
            // A malformed frame: NIO's protocol error handler in front of us has already sent
            // the close frame (1002, or 1009 for an oversized frame) and closes the socket.
            lifecycle.decoderFailed()?.cancel()
        } else {
            context.close(promise: nil)
        }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Puts the handler in `channel`'s pipeline and has its outbound queue's end reach it on the
    /// channel's event loop. Call on that loop.
    func install(on channel: any Channel) throws {
        try channel.pipeline.syncOperations.addHandler(self)
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        queue.whenEnded { ending in
            channel.eventLoop.execute { bound.value.outboundEnded(ending) }
        }
    }

    /// Called on the event loop once the outbound queue has ended.
    func outboundEnded(_ ending: OutboundEnding) {
        guard let context else { return }
        switch lifecycle.outboundEnded(ending) {
        case .none:
            break
        case .closeSocket(let timer):
            timer?.cancel()
            context.close(promise: nil)
        case .sendClose(let reply, let then):
            guard context.channel.isActive else { return }
            let written = context.writeAndFlush(wrapOutboundOut(closeFrame(reply, allocator: context.channel.allocator)))
            switch then {
            case .closeSocket(let timer):
                let channel = context.channel
                written.whenComplete { _ in
                    timer?.cancel()
                    channel.close(promise: nil)
                }
            case .closeSocketSoon(let timer):
                let channel = context.channel
                written.whenComplete { _ in
                    timer?.cancel()
                    channel.close(promise: nil)
                }
                context.eventLoop.scheduleTask(in: Self.abortTimeout) { channel.close(promise: nil) }
            case .awaitClientClose:
                startCloseTimer(context)
            }
        }
    }

    // MARK: - Private

    /// Bounds how long the socket stays open now that it is closing (see `WebSocketLifecycle`).
    private func startCloseTimer(_ context: ChannelHandlerContext) {
        let channel = context.channel
        let timer = context.eventLoop.scheduleTask(in: closeTimeout) { channel.close(promise: nil) }
        lifecycle.closeTimerStarted(timer)?.cancel()
    }

    private func closeFrame(_ reply: WebSocketLifecycle<Scheduled<Void>>.CloseReply, allocator: ByteBufferAllocator) -> WebSocketFrame {
        guard let code = reply.code else { return WebSocketFrame(fin: true, opcode: .connectionClose, data: allocator.buffer(capacity: 0)) }
        // A close frame's payload is at most 125 bytes: the code and up to 123 of reason.
        var reason = reply.reason
        while reason.utf8.count > 123 { reason.removeLast() }
        var payload = allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.writeInteger(code)
        payload.writeString(reason)
        return WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)
    }
}
