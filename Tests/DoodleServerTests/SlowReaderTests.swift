import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client that asks for the room's full state again and again and never reads is the
/// cheapest way to make a server hold memory for it: it must be cut off, and the room must
/// not notice.
@Suite("Slow readers, live")
struct SlowReaderTests {
    @Test("a client that spams sync and never reads is closed, and the room plays on")
    func nonReaderIsClosed() async throws {
        try await TestServer.with(rules: { rules in
            var timing = rules["timing"] as? [String: Any] ?? [:]
            timing["outboundStallSeconds"] = 1
            rules["timing"] = timing
        }) { server in
            try await server.withRoom(players: 2, settings: LiveGameTests.quickGame) { players, ids, room in
                let (drawer, drawerId) = try await LiveGameTests.startFirstTurn(players, ids)
                let guesser = players[try #require(ids.firstIndex { $0 != drawerId })]
                // About 20,000 points: every roomState of this room is some 200 KB.
                try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#000000", width: 3, points: [0, 0]))))
                for batch in 0..<80 {
                    var points = PointList()
                    for index in 0..<128 {
                        points.append((batch * 7 + index) % 1600)
                        points.append((batch * 13 + index) % 1200)
                    }
                    try await drawer.send(.draw(.strokePoints(strokeId: 1, points: points)))
                    if batch % 40 == 39 { try await Task.sleep(for: .milliseconds(400)) }
                }

                let closedAfter: Duration? = try await RawWebSocket.with(port: server.port, receiveBuffer: 4096) { socket, reader -> Duration? in
                    try await socket.sendText(#"{"type":"hello","protocol":1,"name":"Sloth"}"#)
                    _ = try await reader.nextData()
                    try await socket.sendText(#"{"type":"joinRoom","code":"\#(room.code)"}"#)
                    // From here on nothing is read: the server's answers pile up. The server's
                    // own count of its 1013 closes says when it gave up on this client.
                    let start = ContinuousClock.now
                    for round in 0..<400 {
                        do {
                            try await socket.sendText(#"{"type":"sync"}"#)
                        } catch {
                            // Writing fails once the server has closed the socket.
                            return ContinuousClock.now - start
                        }
                        if round % 10 == 9, try await httpGet(server.httpBase + "/metrics").contains(Self.closedSlowReader) {
                            return ContinuousClock.now - start
                        }
                        try await Task.sleep(for: .milliseconds(40))
                    }
                    return nil
                }
                let closed = try #require(closedAfter, "the non-reading client was never closed")
                #expect(closed < .seconds(10))

                // The room goes on: a stroke still reaches the guesser.
                try await drawer.send(.draw(.strokeEnd(strokeId: 1)))
                _ = try await guesser.receiveFirst { message -> Bool? in
                    if case .event(.drawing(.strokeEnd, _), _) = message { true } else { nil }
                }
                let metrics = try await httpGet(server.httpBase + "/metrics")
                #expect(metrics.contains(Self.closedSlowReader), "\(metrics)")
            }
        }
    }

    static let closedSlowReader = #"doodle_connections_closed_total{code="1013"} 1"#

    private func httpGet(_ url: String) async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return String(decoding: data, as: UTF8.self)
    }
}
