import NIOCore
import NIOPosix
import NIOSSL

/// A WebSocket client that writes frames byte by byte, for what the real client library never
/// sends: fragments, pings with payloads, invalid UTF-8, stray continuations.
struct RawWebSocket {
    struct Frame: Equatable {
        var fin = true
        var opcode: UInt8
        var payload: [UInt8]

        /// A close frame's code, if it carries one.
        var closeCode: Int? {
            opcode == 0x8 && payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
        }
    }

    private let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    /// Connects to `/v1/ws` on `port` (over TLS with `tls`), does the handshake, runs `body`,
    /// then closes the socket. With `receiveBuffer`, the socket's kernel receive buffer is that
    /// small and at most a couple of reads are taken from it unless the body reads: a client
    /// that does not read soon stops the server's writes.
    static func with<T>(
        port: Int, tls: NIOSSLContext? = nil, receiveBuffer: Int? = nil, _ body: (inout RawWebSocket, inout Reader) async throws -> T
    ) async throws -> T {
        let channel = try await connect(port: port, tls: tls, receiveBuffer: receiveBuffer)
        return try await channel.executeThenClose { inbound, outbound in
            var socket = RawWebSocket(channel: channel)
            var reader = Reader(iterator: inbound.makeAsyncIterator())
            try await outbound.write(
                ByteBuffer(
                    string: "GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"))
            let head = try await reader.readHTTPHead()
            guard head.hasPrefix("HTTP/1.1 101") else { throw RawWebSocketError.handshakeRefused(head) }
            return try await body(&socket, &reader)
        }
    }

    /// Sends one plain HTTP/1.1 GET and returns the whole answer, head and body.
    /// - Parameter host: the Host header's value; nil sends none.
    static func get(_ path: String, port: Int, tls: NIOSSLContext? = nil, host: String? = "127.0.0.1") async throws -> String {
        let hostLine = host.map { "Host: \($0)\r\n" } ?? ""
        return try await send(Array("GET \(path) HTTP/1.1\r\n\(hostLine)Connection: close\r\n\r\n".utf8), port: port, tls: tls)
    }

    /// Writes `request` as it is (bytes no URL type would let through: invalid UTF-8, raw
    /// control characters) and returns the whole answer, head and body.
    static func send(_ request: [UInt8], port: Int, tls: NIOSSLContext? = nil) async throws -> String {
        let channel = try await connect(port: port, tls: tls)
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(bytes: request))
            var answer = ""
            do {
                for try await buffer in inbound { answer += String(buffer: buffer) }
            } catch {
                // A TLS peer may close without close_notify once it has answered; what arrived stands.
            }
            return answer
        }
    }

    private static func connect(
        port: Int, tls: NIOSSLContext?, receiveBuffer: Int? = nil
    ) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        var configuration = NIOAsyncChannel<ByteBuffer, ByteBuffer>.Configuration()
        if let receiveBuffer {
            bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer))
            configuration.backPressureStrategy = .init(lowWatermark: 1, highWatermark: 2)
        }
        return try await bootstrap
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: nil)) }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel, configuration: configuration)
                }
            }
    }

    /// Sends one frame, masked as a client must.
    func send(_ frame: Frame) async throws {
        var bytes: [UInt8] = [(frame.fin ? 0x80 : 0) | frame.opcode]
        let length = frame.payload.count
        if length < 126 {
            bytes.append(0x80 | UInt8(length))
        } else {
            bytes.append(0x80 | 126)
            bytes += [UInt8(length >> 8), UInt8(length & 0xFF)]
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        bytes += mask
        bytes += frame.payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try await channel.channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    func sendText(_ text: String, fin: Bool = true) async throws {
        try await send(Frame(fin: fin, opcode: 0x1, payload: Array(text.utf8)))
    }

    /// Reads bytes from the socket and cuts them into the server's (unmasked) frames.
    struct Reader {
        var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        var pending: [UInt8] = []

        mutating func readHTTPHead() async throws -> String {
            while true {
                if let end = pending.indices.first(where: { pending[$0...].starts(with: Array("\r\n\r\n".utf8)) }) {
                    let head = String(decoding: pending[..<end], as: UTF8.self)
                    pending.removeFirst(end + 4)
                    return head
                }
                guard try await fill() else { throw RawWebSocketError.closedEarly }
            }
        }

        /// The next frame, or nil once the server has closed the socket.
        mutating func next() async throws -> Frame? {
            while true {
                if let frame = cutFrame() { return frame }
                guard try await fill() else { return nil }
            }
        }

        /// The next frame that is not a ping (the server's heartbeat may come at any time).
        mutating func nextData() async throws -> Frame? {
            while let frame = try await next() {
                if frame.opcode != 0x9 { return frame }
            }
            return nil
        }

        private mutating func fill() async throws -> Bool {
            guard let buffer = try await iterator.next() else { return false }
            pending += buffer.readableBytesView
            return true
        }

        private mutating func cutFrame() -> Frame? {
            guard pending.count >= 2 else { return nil }
            var length = Int(pending[1] & 0x7F)
            var offset = 2
            if length == 126 {
                guard pending.count >= 4 else { return nil }
                length = Int(pending[2]) << 8 | Int(pending[3])
                offset = 4
            }
            guard pending.count >= offset + length else { return nil }
            let frame = Frame(fin: pending[0] & 0x80 != 0, opcode: pending[0] & 0x0F, payload: Array(pending[offset..<offset + length]))
            pending.removeFirst(offset + length)
            return frame
        }
    }
}

enum RawWebSocketError: Error {
    case handshakeRefused(String)
    case closedEarly
}
