import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

@Suite("Avatars, live")
struct AvatarLiveTests {
    @Test("an avatar chosen at hello is in the room's player objects, changes with rename, is kept for the next hello and shown by GET /v1/me")
    func avatarsTravel() async throws {
        let chosen = try #require(Avatar(color: RGBColor(red: 0x22, green: 0x88, blue: 0xcc), eyes: 6, mouth: 3))
        let newer = try #require(Avatar(color: RGBColor(red: 0xff, green: 0x00, blue: 0x66), eyes: 1, mouth: 7))
        try await TestServer.with { server in
            let token = try await server.withConnections(2) { players in
                let ada = try await players[0].hello(name: "Ada", avatar: chosen)
                let bob = try await players[1].hello(name: "Bob")
                let room = try await players[0].createRoom()
                #expect(room.players.first?.avatar == chosen)
                let joined = try await players[1].joinRoom(code: room.code)
                #expect(joined.players.map(\.avatar) == [chosen, Avatar(derivedFrom: bob.playerId)], "without one, the derived one")
                let seen = try await players[0].receiveFirst { if case .event(.playerJoined(let player), _) = $0 { player } else { nil } }
                #expect(seen.avatar == Avatar(derivedFrom: bob.playerId))
                #expect(!seen.bot)
                try await players[0].send(.rename(name: "Ada", avatar: newer))
                let renamed = try await players[1].receiveFirst { message in
                    if case .event(.playerRenamed(let id, _, let avatar), _) = message, id == ada.playerId { avatar } else { nil }
                }
                #expect(renamed == newer)
                // Out of range: bad_message, and nothing changes.
                try await players[0].sendRaw(##"{"type":"rename","name":"Ada","avatar":{"color":"#ffffff","eyes":9,"mouth":0}}"##)
                let refusal = try await players[0].receiveFirst { if case .error(let error) = $0 { error } else { nil } }
                #expect(refusal.code == .badMessage)
                #expect(try await players[1].sync().players.first?.avatar == newer)
                return ada.token
            }
            // The next hello without an avatar keeps the one chosen.
            try await server.withConnections(1) { again in
                _ = try await again[0].hello(name: "Ada", token: token)
                let room = try await again[0].createRoom()
                #expect(room.players.first?.avatar == newer)
            }
            let me = try await server.call("GET", "/v1/me", authorization: "Bearer \(token)")
            #expect(me.json?["avatar"] == .object(["color": .string("#ff0066"), "eyes": .integer(1), "mouth": .integer(7)]))
        }
    }
}
