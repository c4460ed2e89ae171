import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A WebSocket client that writes whatever frames it is given, byte for byte, and notes what
/// comes back. `DoodleClient` validates what it sends; the hostile soak and the slow readers
/// need a client that does not.
///
/// It is a plain TCP channel (NIO's `ClientBootstrap`): the upgrade request is written by hand,
/// the `101` is read by hand, and from then on frames are `ClientFrame`s out and parsed by
/// `ServerFrameParser` in.
public final class RawWebSocket: Sendable {
    /// How the client treats what the server sends.
    public enum Reading: Sendable {
        /// Reads everything and parses frames (the hostile soak).
        case everything
        /// Reads the upgrade answer, then nothing more: the slow reader. The kernel's receive
        /// buffer fills and TCP pushes back on the server.
        case upgradeOnly
    }

    let channel: any Channel
    let state: RawWebSocketState

    private init(channel: any Channel, state: RawWebSocketState) {
        self.channel = channel
        self.state = state
    }

    /// Connects to `host:port` and completes the upgrade on `path`.
    ///
    /// - Parameter receiveBufferBytes: SO_RCVBUF, set before connecting so that the TCP window
    ///   the server sees is small from the first byte.
    public static func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/v1/ws", reading: Reading = .everything,
        receiveBufferBytes: Int? = nil, keepTexts: Bool = false, timeout: Duration = .seconds(10)
    ) async throws -> RawWebSocket {
        let state = RawWebSocketState(keepTexts: keepTexts)
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.autoRead, value: reading == .everything)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(RawWebSocketHandler(state: state))
                }
            }
        if let receiveBufferBytes {
            bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBufferBytes))
        }
        let channel = try await bootstrap.connect(host: host, port: port).get()
        let socket = RawWebSocket(channel: channel, state: state)
        var request = channel.allocator.buffer(capacity: 256)
        request.writeString(UpgradeHandshake.request(host: host, port: port, path: path, key: "ZG9vZGxlLXNvYWstdGVzdA=="))
        do {
            try await channel.writeAndFlush(request).get()
            let deadline = ContinuousClock.now + timeout
            while !state.answers.upgraded {
                if let failure = state.upgradeFailure { throw RawWebSocketError.upgradeRefused(failure) }
                if state.answers.endedAt != nil { throw RawWebSocketError.upgradeRefused("the server closed the connection") }
                if ContinuousClock.now > deadline { throw RawWebSocketError.upgradeRefused("no answer in \(timeout)") }
                if reading == .upgradeOnly { channel.read() }
                try await Task.sleep(for: .milliseconds(2))
            }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// Writes the frames, in order, with one flush.
    public func write(_ frames: [ClientFrame]) async throws {
        try await channel.writeAndFlush(Self.buffer(frames, allocator: channel.allocator)).get()
    }

    private static func buffer(_ frames: [ClientFrame], allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: frames.reduce(0) { $0 + $1.payload.count + 14 })
        for frame in frames { buffer.writeBytes(frame.bytes()) }
        return buffer
    }

    /// The port of a `ws://HOST:PORT/…` address.
    public static func port(of url: String) -> Int? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return Int(authority[authority.index(after: colon)...])
    }

    /// Writes the frames without waiting for the write to complete: for a client whose writes
    /// may stall once the server stops reading, but whose clock must keep running.
    public func send(_ frames: [ClientFrame]) {
        channel.writeAndFlush(Self.buffer(frames, allocator: channel.allocator), promise: nil)
    }

    /// Writes bytes that need not be a frame at all (a torn header, say).
    public func writeRaw(_ bytes: [UInt8]) async throws {
        var buffer = channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        try await channel.writeAndFlush(buffer).get()
    }

    /// Closes the socket without a close frame.
    public func close() {
        channel.close(promise: nil)
    }

    /// What the server has said so far.
    public var answers: RawAnswers { state.answers }

    public var isOpen: Bool { channel.isActive }

    /// Waits for a text frame that `matches`, taking it and every text before it out of the kept
    /// texts (connect with `keepTexts`). Nil when the connection ended or the time ran out first.
    public func waitForText(timeout: Duration = .seconds(5), where matches: (String) -> Bool) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = state.takeText(where: matches) { return text }
            if state.answers.endedAt != nil { return state.takeText(where: matches) }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }

    /// Stops keeping texts (setup is over; the counts are enough from here on).
    public func stopKeepingTexts() { state.stopKeepingTexts() }

    /// Waits until the server has sent its close frame or the socket has ended; false if
    /// neither happened within `timeout`.
    public func waitForClose(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let answers = state.answers
            if answers.closeFrame != nil || answers.endedAt != nil { return true }
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// Why a raw connection could not start.
public enum RawWebSocketError: Error, CustomStringConvertible {
    case upgradeRefused(String)

    public var description: String {
        switch self {
        case .upgradeRefused(let why): "WebSocket upgrade refused: \(why)"
        }
    }
}
