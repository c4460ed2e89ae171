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
    /// The context's channel, kept while the handler is in the pipeline: asking the context
    /// for it on every flush goes through the pipeline and a retain.
    private var channel: (any Channel)?
    private let heldOutput: (any Channel) -> Int?

    /// `heldOutput` says how many bytes of output the channel still holds, nil if it cannot
    /// say; by default NIO's count of what waits for the socket.
    init(heldOutput: @escaping (any Channel) -> Int? = WireWriter.bufferedBytes) {
        self.heldOutput = heldOutput
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        self.channel = context.channel
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        self.channel = nil
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
    /// failed its promise).
    func holdsNothing() -> Bool {
        guard let channel else { return true }
        return heldOutput(channel) == 0
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

    /// What the channel holds for the socket. A channel that cannot say gets nil, and its
    /// writes are then followed by a promise as before.
    static func bufferedBytes(_ channel: any Channel) -> Int? {
        try? channel.syncOptions?.getOption(.bufferedWritableBytes)
    }
}

/// Where a connection's frames go: the `WireWriter` below its WebSocket frame encoder.
struct FrameSink: Sendable {
    private let writer: NIOLoopBound<WireWriter>

    /// Puts a `WireWriter` below the channel's WebSocket frame encoder. Call on the channel's
    /// event loop. `heldOutput` is for tests whose stand-in for a full socket is a handler.
    static func installNow(
        on channel: any Channel, heldOutput: @escaping (any Channel) -> Int? = WireWriter.bufferedBytes
    ) throws -> FrameSink {
        let pipeline = channel.pipeline.syncOperations
        let encoder = try pipeline.handler(type: WebSocketFrameEncoder.self)
        let writer = WireWriter(heldOutput: heldOutput)
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
