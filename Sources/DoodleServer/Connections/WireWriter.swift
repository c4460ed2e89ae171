import NIOCore
import NIOWebSocket

/// Sits just below the WebSocket frame encoder (on the socket's side of it) and writes
/// already-framed bytes from there, so frames skip the rest of the pipeline and the per-frame
/// encoding: the biggest per-delivery costs after the `writev` itself.
///
/// Writes from here and from the connection's handler (its close frame, its pongs) all happen
/// on the channel's event loop, so they reach the socket in the order they were made.
final class WireWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Writes in order with one flush. Once the handler has left the pipeline, nothing is
    /// written and every promise fails.
    func write(_ writes: [OutboundWrite]) {
        guard let context else {
            for write in writes { write.promise?.fail(ChannelError.ioOnClosedChannel) }
            return
        }
        for write in writes {
            context.write(wrapOutboundOut(write.bytes), promise: write.promise)
        }
        context.flush()
    }
}

/// Where a connection's frames go: the `WireWriter` below its WebSocket frame encoder.
struct FrameSink: Sendable {
    private let writer: NIOLoopBound<WireWriter>

    /// Puts a `WireWriter` below the channel's WebSocket frame encoder. Call on the channel's
    /// event loop.
    static func installNow(on channel: any Channel) throws -> FrameSink {
        let pipeline = channel.pipeline.syncOperations
        let encoder = try pipeline.handler(type: WebSocketFrameEncoder.self)
        let writer = WireWriter()
        try pipeline.addHandler(writer, position: .before(encoder))
        return FrameSink(writer: NIOLoopBound(writer, eventLoop: channel.eventLoop))
    }

    /// On the channel's event loop: writes in order with one flush.
    func write(_ writes: [OutboundWrite]) {
        writer.value.write(writes)
    }
}

/// Bytes of framed output for the socket, and the promise, if any, told when they are written.
struct OutboundWrite {
    var bytes: ByteBuffer
    var promise: EventLoopPromise<Void>?
}
