import DoodleClient
import DoodleCore
import NIOCore
import NIOPosix

/// One connection of the lean generator (``LeanRoom``): a plain NIO channel that upgrades by
/// hand, writes masked text frames and reads on its event loop (``LeanSocketHandler``).
struct LeanSocket: Sendable {
    let channel: any Channel
    private let handler: NIOLoopBound<LeanSocketHandler>
    private let inbox: LeanSetupInbox

    static func connect(url: String, group: any EventLoopGroup, timeout: Duration = .seconds(10)) async throws -> LeanSocket {
        guard let port = RawWebSocket.port(of: url) else { throw LoadError.setupFailed("no port in \(url)") }
        let inbox = LeanSetupInbox()
        let channel = try await ClientBootstrap(group: group)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            // NIO's default read size adapts down to small reads, to as little as 64 bytes; the
            // server's frames vary from tens of bytes to kilobytes, so a frame larger than the
            // last few reads would then take two reads and a copy. Reads start at a kilobyte.
            .channelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 1_024, initial: 4_096, maximum: 65_536))
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(LeanSocketHandler(inbox: inbox))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let handler = try await channel.pipeline.handler(type: LeanSocketHandler.self).map { NIOLoopBound($0, eventLoop: channel.eventLoop) }.get()
        let socket = LeanSocket(channel: channel, handler: handler, inbox: inbox)
        var request = channel.allocator.buffer(capacity: 256)
        request.writeString(UpgradeHandshake.request(host: "127.0.0.1", port: port, path: "/v1/ws", key: "ZG9vZGxlLWxvYWQtbGVhbg=="))
        do {
            try await channel.writeAndFlush(request).get()
            let deadline = ContinuousClock.now + timeout
            while !inbox.upgraded {
                if let failure = inbox.upgradeFailure { throw LoadError.setupFailed("upgrade refused: \(failure)") }
                if let ended = inbox.ended { throw LoadError.setupFailed("upgrade: \(ended)") }
                if ContinuousClock.now > deadline { throw LoadError.setupFailed("no upgrade answer in \(timeout)") }
                try await Task.sleep(for: .milliseconds(2))
            }
        } catch {
            channel.close(promise: nil)
            throw error
        }
        return socket
    }

    /// Writes one masked text frame; does not wait for the write.
    func send(text: String) {
        channel.writeAndFlush(Self.frame(text: text, allocator: channel.allocator), promise: nil)
    }

    /// `text` as one masked text frame, ready to write.
    static func frame(text: String, allocator: ByteBufferAllocator) -> ByteBuffer {
        let bytes = ClientFrame.text(text).bytes()
        var buffer = allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return buffer
    }

    func send(_ message: ClientMessage) throws {
        send(text: try DoodleConnection.encode(message))
    }

    /// Waits for a kept frame that `matches` (setup only); an `error` message is thrown.
    func next(timeout: Duration = .seconds(10), where matches: @escaping (ServerFrame) -> Bool) async throws -> ServerFrame {
        let deadline = ContinuousClock.now + timeout
        while true {
            var refusal: ProtocolError?
            let found = inbox.take { frame in
                if case .error(let error) = frame.message {
                    refusal = error
                    return true
                }
                return matches(frame)
            }
            if let refusal { throw refusal }
            if let found { return found }
            if let ended = inbox.ended { throw LoadError.setupFailed(ended) }
            if ContinuousClock.now > deadline { throw LoadError.setupFailed("no answer in \(timeout)") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Hands the connection's frames to a receiver on its event loop from now on; with `turns`,
    /// the connection takes its turns in the room's game too.
    func startStreaming(
        relaySeq: Int? = nil, turns: LeanTurns? = nil, _ makeReceiver: @escaping @Sendable (_ lastSeq: Int) -> StrokeReceiver
    ) async throws {
        try await channel.eventLoop.submit { [handler] in
            handler.value.startStreaming(makeReceiver, relaySeq: relaySeq, turns: turns)
        }.get()
    }

    /// Drawing messages the receiver has had so far.
    func received() async -> Int {
        (try? await channel.eventLoop.submit { [handler] in handler.value.received }.get()) ?? 0
    }

    /// Closes the connection; the close is not counted as a failure.
    func close() async {
        try? await channel.eventLoop.submit { [handler] in handler.value.closeQuietly() }.get()
        try? await channel.close()
    }
}
