import Foundation
import Testing

@testable import DoodleCore

/// `updateSettings`: all or nothing, owner only, custom words visible to the owner only.
@Suite struct SettingsTests {
    /// Sends a patch from the owner and checks it is refused with invalid_settings and that the
    /// room did not change at all.
    private func expectRefused(
        _ patch: SettingsPatch, in h: inout Harness, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = h.machine.settings
        let seq = h.machine.seq
        let owner = h.owner
        let effects = h.send(.updateSettings(patch), from: owner)
        #expect(effects.errors(to: owner) == [.invalidSettings], sourceLocation: sourceLocation)
        #expect(effects.count == 1, sourceLocation: sourceLocation)
        if case .send(_, .error(let error))? = effects.first {
            #expect(error.ref == "updateSettings", sourceLocation: sourceLocation)
        }
        #expect(h.machine.settings == before, sourceLocation: sourceLocation)
        #expect(h.machine.seq == seq, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        SettingsPatch(maxPlayers: 1), SettingsPatch(maxPlayers: 17), SettingsPatch(rounds: 0), SettingsPatch(rounds: 11),
        SettingsPatch(drawSeconds: 14), SettingsPatch(drawSeconds: 241), SettingsPatch(chooseSeconds: 4),
        SettingsPatch(chooseSeconds: 31), SettingsPatch(revealSeconds: -1), SettingsPatch(revealSeconds: 16),
        SettingsPatch(wordChoices: 0), SettingsPatch(wordChoices: 6), SettingsPatch(hints: -1), SettingsPatch(hints: 6),
    ])
    func outOfRangeValuesAreRefused(patch: SettingsPatch) throws {
        var h = try Fixtures.makeMachine(players: 2)
        expectRefused(patch, in: &h)
    }

    @Test(arguments: [
        SettingsPatch(maxPlayers: 2), SettingsPatch(maxPlayers: 16), SettingsPatch(rounds: 1), SettingsPatch(rounds: 10),
        SettingsPatch(drawSeconds: 15), SettingsPatch(drawSeconds: 240), SettingsPatch(revealSeconds: 0),
        SettingsPatch(wordChoices: 5), SettingsPatch(hints: 0), SettingsPatch(lateJoin: false),
    ])
    func boundaryValuesAreAccepted(patch: SettingsPatch) throws {
        var h = try Fixtures.makeMachine(players: 2)
        let effects = h.send(.updateSettings(patch), from: h.members[0])
        #expect(effects.errors(to: h.members[0]).isEmpty)
        #expect(h.machine.settings == h.machine.settings.merged(with: patch))
        #expect(h.machine.settings != (try Fixtures.rules()).defaultSettings)
    }

    @Test func explicitNullIsRefused() throws {
        var h = try Fixtures.makeMachine(players: 2)
        var patch = SettingsPatch(rounds: 5)
        patch.nullFields = ["hints"]
        expectRefused(patch, in: &h)
        // The same, decoded from the wire.
        let decoded = try JSON.decode(SettingsPatch.self, #"{"rounds":5,"drawSeconds":null}"#)
        #expect(decoded.nullFields == ["drawSeconds"])
        #expect(decoded.rounds == 5)
        expectRefused(decoded, in: &h)
    }

    @Test func oneBadFieldRefusesTheWholePatch() throws {
        var h = try Fixtures.makeMachine(players: 2)
        expectRefused(SettingsPatch(rounds: 5, drawSeconds: 60, hints: 9), in: &h)
        #expect(h.machine.settings.rounds == 3)
    }

    @Test func maxPlayersCannotGoBelowThePlayerCount() throws {
        var h = try Fixtures.makeMachine(players: 3)
        expectRefused(SettingsPatch(maxPlayers: 2), in: &h)
        #expect(h.send(.updateSettings(SettingsPatch(maxPlayers: 3)), from: h.members[0]).errors(to: h.members[0]).isEmpty)
        #expect(h.machine.settings.maxPlayers == 3)
    }

    @Test func customWordsOnlyNeedsAtLeastWordChoicesWords() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let owner = h.members[0]
        expectRefused(SettingsPatch(customWords: ["tiger", "lion"], customWordsOnly: true), in: &h)
        // Duplicates (after normalisation) do not count twice.
        expectRefused(SettingsPatch(customWords: ["tiger", "lion", "Ti-ger"], customWordsOnly: true), in: &h)
        #expect(
            h.send(.updateSettings(SettingsPatch(customWords: ["tiger", "lion", "zebra"], customWordsOnly: true)), from: owner)
                .errors(to: owner).isEmpty)
        // Raising wordChoices later, or shrinking the list, is caught too.
        expectRefused(SettingsPatch(wordChoices: 4), in: &h)
        expectRefused(SettingsPatch(customWords: ["tiger"]), in: &h)
        #expect(h.machine.settings.customWords == ["tiger", "lion", "zebra"])
    }

    @Test func badCustomWordsAreRefused() throws {
        var h = try Fixtures.makeMachine(players: 2)
        expectRefused(SettingsPatch(customWords: [String(repeating: "a", count: 31)]), in: &h)
        expectRefused(SettingsPatch(customWords: ["1234"]), in: &h)
        expectRefused(SettingsPatch(customWords: [""]), in: &h)
        expectRefused(SettingsPatch(customWords: ["ok", "bad\u{0007}word"]), in: &h)
        expectRefused(SettingsPatch(customWords: Array(repeating: "w", count: 1_001).enumerated().map { "w\($0.offset)" }), in: &h)
        let owner = h.members[0]
        #expect(
            h.send(.updateSettings(SettingsPatch(customWords: [String(repeating: "a", count: 30)])), from: owner)
                .errors(to: owner).isEmpty)
    }

    @Test func unknownWordPackIsRefused() throws {
        var h = try Fixtures.makeMachine(players: 2)
        expectRefused(SettingsPatch(wordPack: "klingon"), in: &h)
    }

    @Test func onlyTheOwnerChangesSettingsAndOnlyOutsideAGame() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let (a, b) = (h.members[0], h.members[1])
        #expect(h.send(.updateSettings(SettingsPatch(rounds: 5)), from: b).errors(to: b) == [.notOwner])
        h.startGame()
        #expect(h.send(.updateSettings(SettingsPatch(rounds: 5)), from: a).errors(to: a) == [.invalidPhase])
        #expect(h.machine.settings.rounds == 3)
    }

    @Test func settingsChangedShowsCustomWordsToTheOwnerOnly() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        let effects = h.send(.updateSettings(SettingsPatch(rounds: 4, customWords: ["tiger", " lion "])), from: a)
        #expect(effects.count == 2)
        #expect(Set(effects.sends.map(\.message.seq)) == [h.machine.seq], "variants share one seq")
        let ownerCopy = try #require(effects.messages(to: a).first)
        let otherCopy = try #require(effects.messages(to: b).first)
        #expect(effects.messages(to: c) == [otherCopy])
        let ownerSettings = try #require(try JSON.object(ownerCopy)["settings"] as? [String: Any])
        let otherSettings = try #require(try JSON.object(otherCopy)["settings"] as? [String: Any])
        #expect(ownerSettings["customWords"] as? [String] == ["tiger", "lion"], "trimmed")
        #expect(ownerSettings["customWordCount"] as? Int == 2)
        #expect(otherSettings["customWords"] == nil)
        #expect(otherSettings["customWordCount"] as? Int == 2)
        #expect(otherSettings["rounds"] as? Int == 4)
        #expect(!(try JSON.text(otherCopy)).contains("tiger"))
    }

    @Test func roomStateShowsCustomWordsToTheOwnerOnly() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let (a, b) = (h.members[0], h.members[1])
        h.send(.updateSettings(SettingsPatch(customWords: ["tiger", "lion", "zebra"])), from: a)
        let ownerSettings = try #require(try JSON.object(ServerMessage.roomState(h.machine.snapshot(for: a)))["settings"] as? [String: Any])
        let otherSettings = try #require(try JSON.object(ServerMessage.roomState(h.machine.snapshot(for: b)))["settings"] as? [String: Any])
        #expect(ownerSettings["customWords"] as? [String] == ["tiger", "lion", "zebra"])
        #expect(otherSettings["customWords"] == nil)
        #expect(otherSettings["customWordCount"] as? Int == 3)
        // A new owner sees them after a hand-over.
        h.leave(a)
        let heirSettings = try #require(try JSON.object(ServerMessage.roomState(h.machine.snapshot(for: b)))["settings"] as? [String: Any])
        #expect(heirSettings["customWords"] as? [String] == ["tiger", "lion", "zebra"])
    }

    @Test func customWordsOnlyRoomsOfferOnlyCustomWords() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let a = h.members[0]
        let custom = ["tiger", "lion", "zebra", "otter"]
        h.send(.updateSettings(SettingsPatch(customWords: custom, customWordsOnly: true)), from: a)
        let choices = h.startGame().compactMap { effect -> [String]? in
            if case .send(_, .chooseWord(let choices)) = effect { return choices }
            return nil
        }.first ?? []
        #expect(choices.count == 3)
        #expect(Set(choices).isSubset(of: custom))
    }

    @Test func wordsAreNotOfferedAgainWhileFreshOnesRemain() throws {
        // 10 words, 3 per offer: the first three offers of a game are all different.
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(rounds: 1))
        h.startGame()
        let offered = try h.wordsOfferedUntilGameOver()
        #expect(offered.count == 9)
        #expect(Set(offered).count == 9)
    }
}

extension SettingsPatch: CustomTestStringConvertible {
    public var testDescription: String {
        (try? JSON.text(self)) ?? "patch"
    }
}
