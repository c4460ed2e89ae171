import DoodleCore
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import DoodleServer

@Suite("Outbound queue on an embedded channel")
struct OutboundQueueTests {
    /// A channel with the frame encoder and the wire writer below it, as on a live connection.
    private func makeQueue(limit: Int) throws -> (OutboundQueue, EmbeddedChannel) {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
        let sink = try FrameSink.installNow(on: channel)
        return (OutboundQueue(limit: limit, eventLoop: channel.eventLoop, sink: sink), channel)
    }

    private func ending(of queue: OutboundQueue) async -> OutboundEnding {
        await withCheckedContinuation { continuation in queue.whenEnded { continuation.resume(returning: $0) } }
    }

    private func written(_ channel: EmbeddedChannel) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        return bytes
    }

    @Test("frames queued before a drain go out together, in order, framed")
    func batchInOrder() async throws {
        let (queue, channel) = try makeQueue(limit: 16)
        #expect(queue.send(WireFrame(text: ByteBuffer(string: "a"))))
        #expect(queue.send(WireFrame(text: ByteBuffer(string: "bc"))))
        queue.ping()
        channel.embeddedEventLoop.run()
        #expect(try written(channel) == [0x81, 1, 0x61, 0x81, 2, 0x62, 0x63, 0x89, 0])
    }

    @Test("a reader that falls `limit` frames behind is closed with 1013 after what was queued")
    func overflowCloses() async throws {
        let (queue, channel) = try makeQueue(limit: 16)
        for index in 0..<16 { #expect(queue.send(WireFrame(text: ByteBuffer(string: "\(index)")))) }
        #expect(!queue.send(WireFrame(text: ByteBuffer(string: "x"))))
        #expect(queue.isClosing)
        #expect(!queue.send(WireFrame(text: ByteBuffer(string: "y"))))
        channel.embeddedEventLoop.run()
        #expect(await ending(of: queue) == .close(.tryAgainLater, reason: "outbound buffer overflow: reading too slowly"))
        #expect(try written(channel).count == (0..<16).reduce(0) { $0 + 2 + "\($1)".utf8.count })
    }

    @Test("finish ends without waiting and without a close")
    func finish() async throws {
        let (queue, _) = try makeQueue(limit: 16)
        queue.send(WireFrame(text: ByteBuffer(string: "a")))
        queue.finish()
        #expect(await ending(of: queue) == .finish)
        #expect(!queue.send(WireFrame(text: ByteBuffer(string: "b"))))
    }
}
