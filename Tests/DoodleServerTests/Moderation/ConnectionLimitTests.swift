import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `limits.connectionsPerAddress` (GameRules, 20): open WebSocket connections per client address.
@Suite("Connections per client address")
struct ConnectionLimitTests {
    @Test("the 21st upgrade from one address is answered 429 rate_limited with the error body, and a closed connection frees its place")
    func twentyFirstUpgradeIsRefused() async throws {
        try await TestServer.with { server in
            try await RawUpgrade.holding(19, port: server.port) { open in
                #expect(open.map(\.status) == Array(repeating: 101, count: 19))
                try await RawUpgrade.holding(1, port: server.port) { twentieth in
                    #expect(twentieth[0].status == 101)
                    try await RawUpgrade.holding(1, port: server.port) { refused in
                        let answer = refused[0]
                        #expect(answer.status == 429, "\(answer.head)")
                        #expect(answer.header("Retry-After").flatMap(Int.init) ?? 0 >= 1, "\(answer.head)")
                        #expect(answer.header("Content-Type")?.hasPrefix("application/json") == true)
                        let json = try JSONValue.parse(Data(answer.body.utf8))
                        #expect(json["error"]?["code"]?.stringValue == "rate_limited", "\(answer.body)")
                        #expect(json["error"]?["message"]?.stringValue?.contains("20") == true, "\(answer.body)")
                    }
                }
                // The twentieth closed: once the server has seen it go, its place is free again.
                try await server.waitForOpenConnections(19)
                try await RawUpgrade.holding(1, port: server.port) { again in
                    #expect(again[0].status == 101, "\(again[0].head)")
                }
            }
            let metrics = try await server.metricsText()
            #expect(metrics.contains(#"doodle_connections_refused_total{reason="address_limit"} 1"#), "\(metrics)")
        }
    }

    @Test("behind a trusted proxy each forwarded client address has its own 20")
    func proxiedClientsCountApart() async throws {
        try await TestServer.with(trustedProxies: ["127.0.0.1"]) { server in
            try await RawUpgrade.holding(20, port: server.port, forwardedFor: "203.0.113.7") { open in
                #expect(open.allSatisfy { $0.status == 101 })
                try await RawUpgrade.holding(1, port: server.port, forwardedFor: "203.0.113.7") { refused in
                    #expect(refused[0].status == 429)
                }
                try await RawUpgrade.holding(1, port: server.port, forwardedFor: "198.51.100.2, 203.0.113.8") { other in
                    #expect(other[0].status == 101, "the proxy's nearest hop is the client: 203.0.113.8")
                }
            }
        }
    }
}

extension TestServer {
    /// The server's `/metrics` text.
    func metricsText() async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: httpBase + "/metrics")))
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until the server counts `count` open game connections (at most 10 s).
    func waitForOpenConnections(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let line = try await metricsText().split(separator: "\n").first { $0.hasPrefix("doodle_connections ") }
            if let value = line?.split(separator: " ").last.flatMap({ Double($0) }), Int(value) == count { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the server never counted \(count) open connections", sourceLocation: sourceLocation)
    }
}
