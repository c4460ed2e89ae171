import DoodleClient
import DoodleCore
import DoodleServer
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Start-up and the status endpoints")
struct StartupTests {
    @Test("invalid rules stop start-up with a message naming the field")
    func invalidRulesNameTheField() async throws {
        let inverted = try await startupError { rules in
            var settings = rules["settings"] as? [String: Any] ?? [:]
            settings["rounds"] = ["default": 3, "min": 5, "max": 2]
            rules["settings"] = settings
        }
        #expect(inverted.contains("settings.rounds"), "\(inverted)")
        let missing = try await startupError { rules in
            var timing = rules["timing"] as? [String: Any] ?? [:]
            timing.removeValue(forKey: "idleTimeoutSeconds")
            rules["timing"] = timing
        }
        #expect(missing.contains("idleTimeoutSeconds"), "\(missing)")
    }

    /// Starts a server with edited rules and returns the description of the error it fails with.
    private func startupError(_ edit: @escaping @Sendable (inout [String: Any]) -> Void) async throws -> String {
        do {
            try await TestServer.with(rules: edit) { _ in }
        } catch {
            return String(describing: error)
        }
        Issue.record("the server started with invalid rules")
        return ""
    }

    @Test("health, metrics and public room info answer over HTTP")
    func statusEndpoints() async throws {
        try await TestServer.with { server in
            let (health, healthStatus) = try await server.get("/v1/health")
            #expect(healthStatus == 200)
            #expect(health == #"{"status":"ok"}"#)
            try await server.withConnections(1) { connections in
                try await connections[0].hello(name: "Ada")
                let room = try await connections[0].createRoom()
                let (info, infoStatus) = try await server.get("/v1/rooms/\(room.code.lowercased())")
                #expect(infoStatus == 200)
                #expect(info.contains("\"Ada\""))
                #expect(info.contains(room.code))
                let (metrics, metricsStatus) = try await server.get("/metrics")
                #expect(metricsStatus == 200)
                #expect(metrics.contains("doodle_rooms 1"))
                #expect(metrics.contains("doodle_archive_queued"))
            }
            let (missing, missingStatus) = try await server.get("/v1/rooms/ZZZZZZ")
            #expect(missingStatus == 404)
            #expect(missing.contains(#""code":"not_found""#))
            let (_, badStatus) = try await server.get("/v1/rooms/nope")
            #expect(badStatus == 400)
            // Room lookups share joinRoom's limit (10 a minute per address): codes can't be probed.
            var statuses: [Int] = []
            for _ in 0..<10 { statuses.append(try await server.get("/v1/rooms/YYYYYY").1) }
            #expect(statuses.filter { $0 == 404 }.count == 7, "\(statuses)")
            #expect(statuses.suffix(3) == [429, 429, 429], "\(statuses)")
        }
    }
}

extension TestServer {
    /// A GET on the server's HTTP API: the body as text and the status code.
    func get(_ path: String) async throws -> (String, Int) {
        let url = try #require(URL(string: httpBase + path))
        let (data, response) = try await URLSession.shared.data(from: url)
        return (String(decoding: data, as: UTF8.self), (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}
