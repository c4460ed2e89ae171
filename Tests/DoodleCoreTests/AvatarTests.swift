import Foundation
import Testing

@testable import DoodleCore

/// Avatars on the wire and in the room (PROTOCOL.md rev 5, "Avatars").
@Suite struct AvatarTests {
    private func decode(_ json: String) throws -> ClientMessage {
        try JSONDecoder().decode(ClientMessage.self, from: Data(json.utf8))
    }

    @Test func helloAndRenameTakeAnAvatarAndRefuseOneOutOfRange() throws {
        let chosen = try #require(Avatar(color: RGBColor(red: 0x12, green: 0xab, blue: 0xef), eyes: 7, mouth: 0))
        #expect(
            try decode(##"{"type":"hello","protocol":1,"name":"Ada","avatar":{"color":"#12ABef","eyes":7,"mouth":0}}"##)
                == .hello(protocol: 1, name: "Ada", token: nil, lastSeq: nil, avatar: chosen))
        #expect(try decode(#"{"type":"rename","name":"Ada"}"#) == .rename(name: "Ada", avatar: nil))
        for bad in [
            ##"{"color":"#12abef","eyes":8,"mouth":0}"##, ##"{"color":"#12abef","eyes":0,"mouth":-1}"##, ##"{"color":"12abef","eyes":0,"mouth":0}"##,
            ##"{"color":"#12abef","eyes":0}"##, ##"{"color":"#12abef","eyes":1e30,"mouth":0}"##, ##""red""##,
        ] {
            #expect(throws: DecodingError.self, "\(bad)") { try decode(#"{"type":"rename","name":"Ada","avatar":"# + bad + "}") }
        }
        let encoded = String(decoding: try JSONEncoder().encode(ClientMessage.rename(name: "Ada", avatar: chosen)), as: UTF8.self)
        #expect(try decode(encoded) == .rename(name: "Ada", avatar: chosen))
        #expect(encoded.contains(##""color":"#12abef""##))
    }

    @Test func theDerivedAvatarIsStableAndInRange() {
        let ids = (0..<500).map { "p_\($0)x" }
        for id in ids {
            let avatar = Avatar(derivedFrom: id)
            #expect(avatar == Avatar(derivedFrom: id))
            #expect(Avatar.features.contains(avatar.eyes) && Avatar.features.contains(avatar.mouth))
        }
        // Spread over the 12 × 8 × 8 faces: 500 ids drawn at random would show about 367 of them.
        #expect(Set(ids.map(Avatar.init(derivedFrom:))).count > 330)
        // The clients compute the same one (Web/avatar.js): this is the value they are tested against.
        let known = Avatar(derivedFrom: "p_abc")
        #expect("\(known.color.hex) \(known.eyes) \(known.mouth)" == Self.derivedForAbc)
    }

    /// Avatar(derivedFrom: "p_abc"), pinned so a change of the derivation is seen (the page's
    /// copy of it must change with it).
    static let derivedForAbc = "#3ec1a0 5 1"

    @Test func playersCarryTheirAvatarsIntoTheRoomAndARenameChangesIt() throws {
        var h = try Fixtures.makeMachine(players: 1)
        let owner = h.members[0]
        let bob = Fixtures.id("Bob")
        let chosen = try #require(Avatar(color: .black, eyes: 2, mouth: 5))
        let joined = try h.apply(h.machine.join(bob, name: "Bob", avatar: chosen, now: h.now).get())
        let snapshot = try #require(joined.messages(to: bob).first?.snapshot)
        #expect(snapshot.players.map(\.avatar) == [Avatar(derivedFrom: owner), chosen])
        #expect(joined.broadcastEvents.contains(.playerJoined(PlayerInfo(id: bob, name: "Bob", score: 0, connected: true, guessed: false, avatar: chosen))))
        let newer = try #require(Avatar(color: .white, eyes: 0, mouth: 1))
        #expect(h.apply(h.machine.rename(bob, to: "Bob", avatar: newer)).broadcastEvents == [.playerRenamed(playerId: bob, name: "Bob", avatar: newer)])
        #expect(h.apply(h.machine.rename(bob, to: "Bob")).isEmpty, "no change, no event")
        #expect(h.apply(h.machine.rename(bob, to: "Bobby")).broadcastEvents == [.playerRenamed(playerId: bob, name: "Bobby", avatar: newer)])
        // A checkpoint keeps it.
        let restored = try RoomStateMachine(
            restoring: h.machine.checkpoint(at: h.now), strokes: [], rules: Fixtures.rules(), packs: ["en": Fixtures.pack()],
            blocklist: Fixtures.blocklist, seed: 9, now: h.now)
        #expect(restored.snapshot(for: owner).players.map(\.avatar) == [Avatar(derivedFrom: owner), newer])
    }
}
