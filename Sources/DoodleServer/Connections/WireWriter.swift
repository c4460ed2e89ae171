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
    /// The channel's synchronous options, kept while the handler is in the pipeline: asking
    /// the channel for them on every drain builds them anew (generic metadata and a box).
    private var options: (any NIOSynchronousChannelOptions)?
    private let heldElsewhere: () -> Int

    /// `heldElsewhere` counts output held beyond what NIO buffers: tests whose stand-in for a
    /// full socket is a handler in the pipeline say here what it holds.
    init(heldElsewhere: @escaping () -> Int = { 0 }) {
        self.heldElsewhere = heldElsewhere
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        self.options = context.channel.syncOptions
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        self.options = nil
    }

    /// Writes one frame's bytes (or a slice of them) without flushing. Once the handler has
    /// left the pipeline nothing is written and the promise fails.
    func write(_ bytes: ByteBuffer, promise: EventLoopPromise<Void>?) {
        guard let context else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.write(wrapOutboundOut(bytes), promise: promise)
    }

    /// Flushes what was written.
    func flush() {
        context?.flush()
    }

    /// True when NIO holds none of the channel's output: the socket took everything, so every
    /// write so far is done and needs no promise to say so. Once the handler has left the
    /// pipeline the answer is true (there is nothing left to wait for: every write since
    /// failed its promise). A channel that cannot say gets false, and its writes are then
    /// followed by a promise.
    func holdsNothing() -> Bool {
        guard context != nil else { return true }
        guard let buffered = try? options?.getOption(.bufferedWritableBytes) else { return false }
        return buffered + heldElsewhere() == 0
    }

    /// Completes `promise` once everything written before it is done (or has failed): an empty
    /// write behind them, since a channel completes its writes in order.
    func whenWritten(_ promise: EventLoopPromise<Void>) {
        guard let context else {
            promise.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: promise)
    }
}

/// Where a connection's frames go: the `WireWriter` below its WebSocket frame encoder.
struct FrameSink: Sendable {
    private let writer: NIOLoopBound<WireWriter>

    /// Puts a `WireWriter` below the channel's WebSocket frame encoder. Call on the channel's
    /// event loop. `heldElsewhere` is for tests whose stand-in for a full socket is a handler.
    static func installNow(on channel: any Channel, heldElsewhere: @escaping () -> Int = { 0 }) throws -> FrameSink {
        let pipeline = channel.pipeline.syncOperations
        let encoder = try pipeline.handler(type: WebSocketFrameEncoder.self)
        let writer = WireWriter(heldElsewhere: heldElsewhere)
        try pipeline.addHandler(writer, position: .before(encoder))
        return FrameSink(writer: NIOLoopBound(writer, eventLoop: channel.eventLoop))
    }

    /// On the channel's event loop: the writer, for a drain's writes and its one flush.
    /// (Taken once per drain: every look at a loop-bound value checks the thread.)
    var writerNow: WireWriter { writer.value }

    /// On the channel's event loop: completes `promise` once everything written so far is done.
    func whenWritten(_ promise: EventLoopPromise<Void>) {
        writer.value.whenWritten(promise)
    }
}
