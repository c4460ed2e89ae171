import Foundation
import NIOCore
import NIOPosix

/// WebSocket handshakes written by hand, each on its own socket held open while the test runs:
/// what a refused upgrade answers (status, headers, body), and connections that count toward an
/// address's limit, with any `X-Forwarded-For` a proxy would add.
struct RawUpgrade {
    /// The server's answer to the handshake: its head (status line and headers) and, for a
    /// refusal, its body. A 101 has no body; the socket then speaks WebSocket.
    struct Answer: Sendable {
        let head: String
        let body: String

        var status: Int? { head.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } }

        /// The value of header `name` (any case), if present.
        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() { return parts[1].trimmingCharacters(in: .whitespaces) }
            }
            return nil
        }
    }

    /// Sends `count` handshakes to `/v1/ws`, one socket each (each with `forwardedFor`, if given,
    /// as `X-Forwarded-For`), and runs `body` with their answers while every socket stays open.
    static func holding<T: Sendable>(
        _ count: Int, port: Int, forwardedFor: String? = nil, _ body: ([Answer]) async throws -> T
    ) async throws -> T {
        try await hold(count, port: port, forwardedFor: forwardedFor, [], body)
    }

    private static func hold<T: Sendable>(
        _ count: Int, port: Int, forwardedFor: String?, _ answers: [Answer], _ body: ([Answer]) async throws -> T
    ) async throws -> T {
        if answers.count == count { return try await body(answers) }
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        return try await channel.executeThenClose { inbound, outbound in
            let forwarded = forwardedFor.map { "X-Forwarded-For: \($0)\r\n" } ?? ""
            try await outbound.write(
                ByteBuffer(
                    string: "GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\(forwarded)\r\n"))
            var iterator = inbound.makeAsyncIterator()
            let answer = try await read(&iterator)
            return try await hold(count, port: port, forwardedFor: forwardedFor, answers + [answer], body)
        }
    }

    /// The head, and as many body bytes as `Content-Length` says (none for a 101).
    private static func read(_ iterator: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) async throws -> Answer {
        var bytes: [UInt8] = []
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) {
                let head = String(decoding: bytes[..<end], as: UTF8.self)
                var rest = Array(bytes[(end + separator.count)...])
                let partial = Answer(head: head, body: "")
                let length = partial.status == 101 ? 0 : Int(partial.header("Content-Length") ?? "0") ?? 0
                while rest.count < length {
                    guard let buffer = try await iterator.next() else { break }
                    rest += buffer.readableBytesView
                }
                return Answer(head: head, body: String(decoding: rest.prefix(length), as: UTF8.self))
            }
            guard let buffer = try await iterator.next() else { throw RawWebSocketError.closedEarly }
            bytes += buffer.readableBytesView
        }
    }
}
