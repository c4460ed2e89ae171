import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// Reads the server's `/metrics` over a plain HTTP/1.1 request, for the figures only the server
/// knows (how many connections it closed, and with which code, once it counts them).
enum MetricsScrape {
    /// The lines of `/metrics` that contain one of `words` (the archive's queue aside); nil if the request failed.
    static func lines(port: Int, containing words: [String]) async -> [String]? {
        guard let body = await get(port: port, path: "/metrics") else { return nil }
        return body.split(separator: "\n").map(String.init).filter { line in
            !line.hasPrefix("#") && !line.hasPrefix("doodle_archive") && words.contains { line.contains($0) }
        }
    }

    static func get(port: Int, path: String) async -> String? {
        let collected = Collected()
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(CollectingHandler(collected: collected))
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
            var request = channel.allocator.buffer(capacity: 128)
            request.writeString("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            try await channel.writeAndFlush(request).get()
            // `Connection: close`: the whole answer has arrived when the server closes.
            try await channel.closeFuture.get()
        } catch {
            return nil
        }
        let text = collected.text
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        return String(text[split.upperBound...])
    }

    private final class Collected: Sendable {
        private let bytes = Mutex<[UInt8]>([])
        func append(_ view: ByteBufferView) { bytes.withLock { $0.append(contentsOf: view) } }
        var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    }

    private final class CollectingHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let collected: Collected
        init(collected: Collected) { self.collected = collected }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            collected.append(unwrapInboundIn(data).readableBytesView)
        }
    }
}
