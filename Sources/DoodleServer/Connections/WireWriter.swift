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

    /// Writes `frames` in order with one flush; `promise` completes with the last write.
    /// Once the handler has left the pipeline, `promise` fails and nothing is written.
    func write(_ frames: [WireFrame], promise: EventLoopPromise<Void>) {
        guard let context else { return promise.fail(ChannelError.ioOnClosedChannel) }
        for (index, frame) in frames.enumerated() {
            context.write(wrapOutboundOut(frame.bytes), promise: index == frames.count - 1 ? promise : nil)
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

    /// On the channel's event loop: writes `frames` with one flush.
    func write(_ frames: [WireFrame], promise: EventLoopPromise<Void>) {
        writer.value.write(frames, promise: promise)
    }
}
