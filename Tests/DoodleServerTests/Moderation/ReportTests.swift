import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// `POST /v1/reports`, then the operators' side: `GET /v1/admin/reports`, resolving them, the
/// audit log of every admin action, and the moderation gauges in `/metrics`.
@Suite("Reports, resolutions and the audit log, live")
struct ReportTests {
    static func json(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

    static func ids(_ answer: APIAnswer, _ list: String, _ field: String = "id") -> [String] {
        guard case .array(let items)? = answer.json?[list] else { return [] }
        return items.compactMap { $0[field]?.stringValue }
    }

    /// Limits reports to `count` an hour.
    static func reportsPerHour(_ count: Int) -> @Sendable (inout [String: Any]) -> Void {
        { rules in
            var limits = rules["limits"] as? [String: Any] ?? [:]
            limits["reportsPerHour"] = count
            rules["limits"] = limits
        }
    }

    @Test("a live room is reported with its members' last chat lines; operators see the reporter's and the reported player's names beside their ids")
    func roomReports() async throws {
        try await TestServer.with { server in
            try await server.withConnections(2) { connections in
                let owner = try await connections[0].hello(name: "Ada")
                let guest = try await connections[1].hello(name: "Bob")
                let room = try await connections[0].createRoom()
                _ = try await connections[1].joinRoom(code: room.code)
                try await connections[1].send(.guess(text: "buy cheap coins"))
                _ = try await connections[0].receive { message in
                    if case .event(.chat, _) = message { true } else { false }
                }
                let auth = "Bearer \(owner.token)"
                let filed = try await server.call(
                    "POST", "/v1/reports", authorization: auth, body: try Self.json(["roomCode": room.code.lowercased(), "reason": "spam"]))
                #expect(filed.status == 201, "\(filed.text)")
                let player = try await server.call("POST", "/v1/reports", authorization: auth, body: try Self.json(["playerId": guest.playerId, "reason": "spam"]))
                #expect(player.status == 201, "\(player.text)")
                for (body, status) in [
                    (["roomCode": "O0O0O0", "reason": "spam"], 400), (["roomCode": "K7PQ2M", "reason": "spam"], 404),
                    (["roomCode": room.code, "playerId": guest.playerId, "reason": "spam"], 400),
                ] {
                    #expect(try await server.call("POST", "/v1/reports", authorization: auth, body: try Self.json(body)).status == status, "\(body)")
                }

                let open = try await server.call("GET", "/v1/admin/reports", authorization: TestServer.adminAuthorization)
                #expect(open.status == 200, "\(open.text)")
                let reports = open.json?["reports"]
                // Newest first: the player's report, then the room's.
                #expect(reports?[0]?["playerName"]?.stringValue == "Bob")
                #expect(reports?[0]?["reporterName"]?.stringValue == "Ada")
                #expect(reports?[1]?["playerId"] == .null && reports?[1]?["playerName"] == .null)
                #expect(reports?[1]?["context"]?["roomCode"]?.stringValue == room.code)
                #expect(reports?[1]?["context"]?["chatLines"]?[0]?.stringValue == "Bob: buy cheap coins")
            }
        }
    }

    @Test("a player reports a drawing and a player; bad reports are refused with clear errors; the hourly limit answers 429")
    func filing() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, drawer, guesser in
            let auth = "Bearer \(guesser.token)"
            let drawing = try await server.call(
                "POST", "/v1/reports", authorization: auth, body: try Self.json(["drawingId": seed.drawingIds[0], "reason": "offensive", "text": " look "]))
            #expect(drawing.status == 201, "\(drawing.text)")
            #expect(drawing.json?["reportId"]?.stringValue?.hasPrefix("r_") == true)
            let player = try await server.call("POST", "/v1/reports", authorization: auth, body: try Self.json(["playerId": drawer.playerId, "reason": "cheating"]))
            #expect(player.status == 201, "\(player.text)")

            let refusals: [(body: [String: Any], status: Int, code: String)] = [
                (["reason": "spam"], 400, "bad_message"),
                (["drawingId": seed.drawingIds[0], "playerId": drawer.playerId, "reason": "spam"], 400, "bad_message"),
                (["playerId": drawer.playerId, "reason": "ugly"], 400, "bad_message"),
                (["playerId": drawer.playerId, "reason": "spam", "text": String(repeating: "x", count: 501)], 400, "bad_message"),
                (["playerId": drawer.playerId], 400, "bad_message"),
                (["playerId": guesser.playerId, "reason": "spam"], 409, "invalid_target"),
                (["playerId": "p_nobody", "reason": "spam"], 404, "not_found"),
                (["drawingId": "d_nothing", "reason": "spam"], 404, "not_found"),
            ]
            for refusal in refusals {
                let answer = try await server.call("POST", "/v1/reports", authorization: auth, body: try Self.json(refusal.body))
                #expect(answer.status == refusal.status, "\(refusal.body): \(answer.text)")
                #expect(answer.errorCode == refusal.code, "\(refusal.body): \(answer.text)")
            }
            #expect(try await server.call("POST", "/v1/reports", body: try Self.json(["playerId": drawer.playerId, "reason": "spam"])).status == 401)
        }
        try await TestServer.with(rules: Self.reportsPerHour(2)) { server in
            try await server.withConnections(2) { connections in
                let reporter = try await connections[0].hello(name: "Zealous")
                let target = try await connections[1].hello(name: "Target")
                let body = try Self.json(["playerId": target.playerId, "reason": "spam"])
                var statuses: [Int] = []
                for _ in 0..<3 {
                    statuses.append(try await server.call("POST", "/v1/reports", authorization: "Bearer \(reporter.token)", body: body).status)
                }
                #expect(statuses == [201, 201, 429])
                let limited = try await server.call("POST", "/v1/reports", authorization: "Bearer \(reporter.token)", body: body)
                #expect(limited.errorCode == "rate_limited")
                #expect(limited.retryAfter.flatMap(Int.init).map { (1...3_600).contains($0) } == true)
            }
        }
    }

    /// A seeded server on a clock that moves only when told: reports filed a millisecond apart
    /// have one order, newest first.
    static func withSeededServer(
        clock: ManualGameClock, _ body: @Sendable (TestServer, ArchiveSeed, _ drawer: Welcome, _ guesser: Welcome) async throws -> Void
    ) async throws {
        try await TestServer.with(clock: clock) { server in
            try await server.withConnections(2) { connections in
                let drawer = try await connections[0].hello(name: "Drawer")
                let guesser = try await connections[1].hello(name: "Guesser")
                let seed = ArchiveSeed(drawer: drawer.playerId, drawerName: "Drawer", guesser: guesser.playerId)
                try await seed.write(into: server)
                try await body(server, seed, drawer, guesser)
            }
        }
    }

    @Test("operators page through open reports, resolve them (dismiss, delete the drawing, ban the player), and the audit log lists every action")
    func resolving() async throws {
        let clock = ManualGameClock()
        try await Self.withSeededServer(clock: clock) { server, seed, drawer, guesser in
            let auth = "Bearer \(guesser.token)"
            var filed: [String] = []
            for body: [String: Any] in [
                ["drawingId": seed.drawingIds[0], "reason": "offensive"], ["playerId": drawer.playerId, "reason": "cheating"],
                ["drawingId": seed.drawingIds[1], "reason": "spam"],
            ] {
                clock.advance(byMillis: 1)
                let answer = try await server.call("POST", "/v1/reports", authorization: auth, body: try Self.json(body))
                filed.append(try #require(answer.json?["reportId"]?.stringValue))
            }
            #expect(try await server.call("GET", "/metrics").text.contains("doodle_reports_open 3"))

            // Newest first, two pages.
            let first = try await server.call("GET", "/v1/admin/reports?limit=2", authorization: TestServer.adminAuthorization)
            #expect(Self.ids(first, "reports") == [filed[2], filed[1]], "\(first.text)")
            let next = try #require(first.json?["nextBefore"]?.stringValue)
            let second = try await server.call("GET", "/v1/admin/reports?limit=2&before=\(next)", authorization: TestServer.adminAuthorization)
            #expect(Self.ids(second, "reports") == [filed[0]])
            #expect(second.json?["nextBefore"] == .null)
            for query in ["status=closed", "limit=0", "limit=101", "before=yesterday"] {
                #expect(try await server.call("GET", "/v1/admin/reports?\(query)", authorization: TestServer.adminAuthorization).status == 400, "\(query)")
            }

            func resolve(_ id: String, _ action: String, note: String? = nil) async throws -> APIAnswer {
                var body: [String: Any] = ["action": action]
                if let note { body["note"] = note }
                return try await server.call("POST", "/v1/admin/reports/\(id)/resolve", authorization: TestServer.adminAuthorization, body: try Self.json(body))
            }
            // A player report has no drawing to delete; a drawing report no player to ban: 409, and they stay open.
            let noDrawing = try await resolve(filed[1], "deleteDrawing")
            #expect(noDrawing.status == 409 && noDrawing.errorCode == "invalid_target", "\(noDrawing.text)")
            let noPlayer = try await resolve(filed[0], "banPlayer")
            #expect(noPlayer.status == 409 && noPlayer.errorCode == "invalid_target", "\(noPlayer.text)")
            #expect(try await resolve(filed[0], "shrug").status == 400)
            #expect(try await resolve("r_nothing", "dismiss").status == 404)

            let deleted = try await resolve(filed[0], "deleteDrawing", note: "graffiti")
            #expect(deleted.status == 200, "\(deleted.text)")
            #expect(deleted.json?["status"]?.stringValue == "resolved")
            #expect(deleted.json?["resolution"]?["action"]?.stringValue == "deleteDrawing")
            #expect(deleted.json?["resolution"]?["note"]?.stringValue == "graffiti")
            #expect(try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0])").status == 404)

            let banned = try await resolve(filed[1], "banPlayer")
            #expect(banned.status == 200, "\(banned.text)")
            let me = try await server.call("GET", "/v1/me", authorization: "Bearer \(drawer.token)")
            #expect(me.status == 403 && me.errorCode == "banned")

            #expect(try await resolve(filed[2], "dismiss").status == 200)
            let twice = try await resolve(filed[2], "dismiss")
            #expect(twice.status == 409 && twice.errorCode == "invalid_target", "resolved already")

            #expect(Self.ids(try await server.call("GET", "/v1/admin/reports", authorization: TestServer.adminAuthorization), "reports").isEmpty)
            let resolved = try await server.call("GET", "/v1/admin/reports?status=resolved", authorization: TestServer.adminAuthorization)
            #expect(Set(Self.ids(resolved, "reports")) == Set(filed))
            let metrics = try await server.call("GET", "/metrics").text
            #expect(metrics.contains("doodle_reports_open 0") && metrics.contains("doodle_bans_active 1"), "\(metrics)")

            // The other admin actions, each once.
            let room = try await server.withConnections(1) { connections in
                try await connections[0].hello(name: "Host")
                let room = try await connections[0].createRoom()
                _ = try await server.call("POST", "/v1/admin/rooms/\(room.code)/close", authorization: TestServer.adminAuthorization, body: try Self.json(["reason": "test"]))
                return room.code
            }
            #expect(try await server.call("POST", "/v1/admin/players/\(guesser.playerId)/ban", authorization: TestServer.adminAuthorization, body: try Self.json(["reason": "brigading"])).status == 200)
            #expect(try await server.call("DELETE", "/v1/admin/players/\(guesser.playerId)/ban", authorization: TestServer.adminAuthorization).status == 204)
            #expect(try await server.call("DELETE", "/v1/admin/drawings/\(seed.drawingIds[1])", authorization: TestServer.adminAuthorization).status == 204)

            let audit = try await server.call("GET", "/v1/admin/audit?limit=4", authorization: TestServer.adminAuthorization)
            #expect(Self.ids(audit, "entries", "action") == ["deleteDrawing", "unban", "ban", "closeRoom"], "\(audit.text)")
            guard case .array(let entries)? = audit.json?["entries"], entries.count == 4 else {
                Issue.record("not four entries: \(audit.text)")
                return
            }
            #expect(entries[0]["arguments"]?["drawingId"]?.stringValue == seed.drawingIds[1])
            #expect(entries[2]["arguments"]?["reason"]?.stringValue == "brigading")
            #expect(entries[3]["arguments"]?["code"]?.stringValue == room)
            #expect(entries.allSatisfy { $0["address"]?.stringValue == "127.0.0.1" }, "\(audit.text)")
            let older = try await server.call("GET", "/v1/admin/audit?before=\(try #require(audit.json?["nextBefore"]?.description))", authorization: TestServer.adminAuthorization)
            #expect(Self.ids(older, "entries", "action") == ["resolveReport", "resolveReport", "resolveReport"], "\(older.text)")
            #expect(older.json?["nextBefore"] == .null)
            for query in ["before=0", "before=x", "limit=1000"] {
                #expect(try await server.call("GET", "/v1/admin/audit?\(query)", authorization: TestServer.adminAuthorization).status == 400, "\(query)")
            }
        }
    }
}
