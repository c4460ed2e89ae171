import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// Address bans (PROTOCOL.md rev 5), live: a player banned with its addresses cannot come back
/// as a new player from the same address, a banned block's connections and API calls are
/// refused with the ban's reason and end, the operators' routes stay open, and lifting restores.
/// Every client here is at 127.0.0.1.
@Suite("Banning addresses, live")
struct AddressBanTests {
    static let hour: Int64 = 3_600_000

    /// A fresh player's `hello`: the refusal and how the connection ended, or nil if welcomed.
    static func freshHello(at url: String) async throws -> (ProtocolError, ConnectionClosure)? {
        try await DoodleClient.withConnection(to: url, logger: TestServer.logger) { connection in
            do {
                _ = try await connection.hello(name: "Newcomer")
                return nil
            } catch let refusal as ProtocolError {
                return (refusal, try await connection.waitForClose())
            }
        }
    }

    @Test("a ban with addresses:true refuses a fresh player from the same address with the reason and end, and its API calls; lifting the player's ban lifts both")
    func banEvasionIsRefused() async throws {
        try await TestServer.with { server in
            let player = try await server.withConnections(1) { connections in try await connections[0].hello(name: "Troll").playerId }
            let until = Int64(Date().timeIntervalSince1970 * 1000) + Self.hour
            let answer = try await server.call(
                "POST", "/v1/admin/players/\(player)/ban", authorization: TestServer.adminAuthorization,
                body: try BanTests.json(["reason": "ban evasion", "untilMillis": until, "addresses": true]))
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.json?["addresses"]?[0]?["prefix"]?.stringValue == "127.0.0.1/32")
            #expect(answer.json?["addresses"]?[0]?["playerId"]?.stringValue == player)

            let refused = try #require(try await Self.freshHello(at: server.webSocketURL), "a fresh player at a banned address was welcomed")
            #expect(refused.0.code == .banned)
            #expect(refused.0.reason == "ban evasion")
            #expect(refused.0.untilMillis == until)
            #expect(refused.1.closeCode == .banned)
            let api = try await server.send("GET", "/v1/leaderboard")
            #expect(api.status == 403)
            #expect(api.errorCode == "banned")
            #expect(api.json?["error"]?["reason"]?.stringValue == "ban evasion")
            #expect(api.json?["error"]?["untilMillis"]?.description == "\(until)")
            #expect(try await server.send("GET", "/").status == 200, "the page still loads, to say why")
            let listed = try await server.call("GET", "/v1/admin/address-bans", authorization: TestServer.adminAuthorization)
            #expect(listed.status == 200, "the operators' routes stay open at a banned address")
            #expect(listed.json?["bans"]?[0]?["prefix"]?.stringValue == "127.0.0.1/32")

            let lifted = try await server.call("DELETE", "/v1/admin/players/\(player)/ban", authorization: TestServer.adminAuthorization)
            #expect(lifted.status == 204)
            #expect(try await Self.freshHello(at: server.webSocketURL) == nil)
            #expect(try await server.send("GET", "/v1/leaderboard").status == 200)
            let after = try await server.call("GET", "/v1/admin/address-bans", authorization: TestServer.adminAuthorization)
            #expect(after.json?["bans"]?[0] == nil)
        }
    }

    @Test("a prefix ban closes the block's open connections with 4004 and refuses its hellos until lifted; malformed or too wide prefixes are 400")
    func prefixBan() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                _ = try await connections[0].hello(name: "Ada")
                let answer = try await server.call(
                    "POST", "/v1/admin/address-bans", authorization: TestServer.adminAuthorization,
                    body: try BanTests.json(["prefix": "127.0.0.77/8", "reason": "spam wave"]))
                #expect(answer.status == 201, "\(answer.text)")
                #expect(answer.json?["prefix"]?.stringValue == "127.0.0.0/8")
                #expect(answer.json?["untilMillis"] == .null)
                #expect(try await connections[0].waitForClose().closeCode == .banned)
                let refused = try #require(try await Self.freshHello(at: server.webSocketURL))
                #expect(refused.0.reason == "spam wave" && refused.0.untilMillis == nil)
                let id = try #require(answer.json?["id"]?.stringValue)
                #expect(id.hasPrefix("ab_"))
                #expect(try await server.call("DELETE", "/v1/admin/address-bans/\(id)", authorization: TestServer.adminAuthorization).status == 204)
                #expect(try await Self.freshHello(at: server.webSocketURL) == nil)
                #expect(try await server.call("DELETE", "/v1/admin/address-bans/\(id)", authorization: TestServer.adminAuthorization).status == 404)
            }
            for prefix in ["127.0.0.1/33", "10.0.0.0/7", "2001:db8::/15", "example.org", "127.0.0.1/99999999999999999999"] {
                let refused = try await server.call(
                    "POST", "/v1/admin/address-bans", authorization: TestServer.adminAuthorization, body: try BanTests.json(["prefix": prefix]))
                #expect(refused.status == 400, "\(prefix): \(refused.text)")
            }
        }
    }
}
