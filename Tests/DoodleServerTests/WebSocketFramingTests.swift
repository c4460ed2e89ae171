import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

/// The WebSocket rules the game connection handler applies itself, checked byte by byte over a
/// real socket.
@Suite("WebSocket framing, live")
struct WebSocketFramingTests {
    private let hello = #"{"type":"hello","protocol":1,"name":"Ada"}"#

    @Test("a message sent in fragments is handled as one message")
    func fragmentsAreReassembled() async throws {
        try await TestServer.with { server in
            try await RawWebSocket.with(port: server.port) { socket, reader in
                let cut = hello.index(hello.startIndex, offsetBy: 20)
                try await socket.sendText(String(hello[..<cut]), fin: false)
                try await socket.send(.init(fin: true, opcode: 0x0, payload: Array(hello[cut...].utf8)))
                let reply = try #require(try await reader.nextData())
                #expect(reply.opcode == 0x1)
                #expect(String(decoding: reply.payload, as: UTF8.self).contains(#""type":"welcome""#))
            }
        }
    }

    @Test("a ping is answered with a pong carrying the same payload")
    func pingsAreAnswered() async throws {
        try await TestServer.with { server in
            try await RawWebSocket.with(port: server.port) { socket, reader in
                try await socket.send(.init(opcode: 0x9, payload: [7, 8, 9]))
                #expect(try await reader.nextData() == .init(opcode: 0xA, payload: [7, 8, 9]))
            }
        }
    }

    @Test("the client's close is answered with its code, then the socket closes")
    func clientCloseIsEchoed() async throws {
        try await TestServer.with { server in
            try await RawWebSocket.with(port: server.port) { socket, reader in
                try await socket.sendText(hello)
                #expect(try await reader.nextData()?.opcode == 0x1)
                try await socket.send(.init(opcode: 0x8, payload: [0x03, 0xE8]))
                #expect(try await reader.nextData()?.closeCode == 1000)
                #expect(try await reader.next() == nil)
            }
        }
    }

    @Test(
        "WebSocket faults close the connection with the right code",
        arguments: [
            (name: "text that is not UTF-8", frames: [RawWebSocket.Frame(opcode: 0x1, payload: [0x7B, 0xC3, 0x28, 0x7D])], code: 1007),
            (name: "a continuation with nothing to continue", frames: [.init(opcode: 0x0, payload: [0x20])], code: 1002),
            (
                name: "fragments adding up to more than 16 KiB",
                frames: [
                    .init(fin: false, opcode: 0x1, payload: Array(repeating: 0x20, count: 9_000)),
                    .init(opcode: 0x0, payload: Array(repeating: 0x20, count: 9_000)),
                ], code: 1009
            ),
            (
                name: "a new message inside a fragmented one",
                frames: [.init(fin: false, opcode: 0x1, payload: [0x20]), .init(opcode: 0x1, payload: [0x20])], code: 1002
            ),
        ])
    func faultsClose(fault: (name: String, frames: [RawWebSocket.Frame], code: Int)) async throws {
        try await TestServer.with { server in
            try await RawWebSocket.with(port: server.port) { socket, reader in
                for frame in fault.frames { try await socket.send(frame) }
                let close = try #require(try await reader.nextData(), "\(fault.name)")
                #expect(close.closeCode == fault.code, "\(fault.name)")
                // Answer the close: the server then drops the socket.
                try await socket.send(.init(opcode: 0x8, payload: Array(close.payload.prefix(2))))
                #expect(try await reader.next() == nil, "\(fault.name)")
            }
        }
    }

    /// Found by hand before the lifecycle checked close frames: each was answered with a plain
    /// close (or 1000) instead of the code RFC 6455 names.
    @Test(
        "a malformed close frame is answered with the code naming its fault, then the socket closes",
        arguments: [
            (name: "a one-byte payload", payload: [0x03] as [UInt8], code: 1002),
            (name: "reserved code 1005", payload: [0x03, 0xED], code: 1002),
            (name: "unassigned code 2000", payload: [0x07, 0xD0], code: 1002),
            (name: "a reason that is not UTF-8", payload: [0x03, 0xE8, 0xC3, 0x28], code: 1007),
        ])
    func malformedCloseIsRefused(close: (name: String, payload: [UInt8], code: Int)) async throws {
        try await TestServer.with { server in
            try await RawWebSocket.with(port: server.port) { socket, reader in
                try await socket.send(.init(opcode: 0x8, payload: close.payload))
                let answer = try #require(try await reader.nextData(), "\(close.name)")
                #expect(answer.opcode == 0x8, "\(close.name)")
                #expect(answer.closeCode == close.code, "\(close.name)")
                #expect(try await reader.next() == nil, "\(close.name)")
            }
        }
    }

    /// 400 messages in one burst, more than the inbox holds before it stops reading (64): only
    /// by handling them in order past that can the flood limit (300 a second) close the connection.
    @Test("a burst of 400 messages is handled in order and ends in 1008, the server unharmed")
    func burstIsReadInSteps() async throws {
        // A window of a minute, so that the 300 messages over the limit fall in one window
        // however slowly a loaded machine handles them.
        try await TestServer.with(rules: { rules in
            var limits = rules["rateLimits"] as? [String: Any] ?? [:]
            limits["other"] = ["count": 30, "windowMilliseconds": 60_000]
            rules["rateLimits"] = limits
        }) { server in
            try await RawWebSocket.with(port: server.port) { socket, reader in
                try await socket.sendText(hello)
                #expect(try await reader.nextData()?.opcode == 0x1)
                for _ in 0..<400 { try await socket.sendText(#"{"type":"noSuchMessage"}"#) }
                var errors = 0
                while let frame = try await reader.nextData() {
                    if frame.opcode == 0x8 {
                        #expect(frame.closeCode == 1008)
                        #expect(errors >= 30, "the first messages were answered before the close")
                        return
                    }
                    errors += 1
                }
                Issue.record("the connection ended without a close frame")
            }
            try await RawWebSocket.with(port: server.port) { socket, reader in
                try await socket.sendText(hello)
                let welcome = try #require(try await reader.nextData())
                #expect(String(decoding: welcome.payload, as: UTF8.self).contains(#""type":"welcome""#))
            }
        }
    }

    /// Hummingbird lets sockets half-close, so a client's FIN is an event, not a closed channel.
    @Test("a client that drops its socket without a close frame is seen as disconnected at once")
    func droppedSocketFreesTheSeat() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                let owner = connections[0]
                _ = try await owner.hello(name: "Owner")
                let room = try await owner.createRoom()
                let guestId = try await RawWebSocket.with(port: server.port) { socket, reader in
                    try await socket.sendText(#"{"type":"hello","protocol":1,"name":"Guest"}"#)
                    let welcome = try #require(try await reader.nextData())
                    try await socket.sendText(#"{"type":"joinRoom","code":"\#(room.code)"}"#)
                    _ = try #require(try await reader.nextData())
                    let text = String(decoding: welcome.payload, as: UTF8.self)
                    return try #require(text.split(separator: "\"").drop { $0 != "playerId" }.dropFirst(2).first).description
                }
                // The raw socket is closed now, without a close frame.
                let disconnected = try await owner.receiveFirst(timeout: .seconds(3)) { message -> PlayerID? in
                    if case .event(.playerConnection(let player, false), _) = message { player } else { nil }
                }
                #expect(disconnected == guestId)
            }
        }
    }

    @Test("the WebSocket path without an upgrade answers 426")
    func plainRequestToTheWebSocketPath() async throws {
        try await TestServer.with { server in
            let (body, status) = try await server.get("/v1/ws")
            #expect(status == 426)
            #expect(body.contains("upgrade_required"))
        }
    }
}
