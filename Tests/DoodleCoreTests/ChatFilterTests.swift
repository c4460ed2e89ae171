import Foundation
import Testing

@testable import DoodleCore

/// `settings.filter` and the blocklist elsewhere: chat masked in filtered rooms (quick play's),
/// names and custom words refused everywhere.
@Suite struct ChatFilterTests {
    /// A room as quick play opens it, with Ada, Bob and Cy in it.
    private func quickPlayRoom() throws -> Harness {
        let rules = try Fixtures.rules()
        var h = Harness(
            machine: RoomStateMachine(
                code: "K7PQ2M", mode: .party, settings: rules.publicRoomSettings(wordPack: "en"), creator: Fixtures.id("Ada"),
                creatorName: "Ada", rules: rules, packs: ["en": Fixtures.pack()], blocklist: Fixtures.blocklist, seed: 1,
                startsOnItsOwn: true),
            now: Fixtures.start)
        h.apply(h.machine.creationEffects())
        for name in ["Bob", "Cy"] { _ = try h.join(Fixtures.id(name), name: name).get() }
        return h
    }

    private func masked(_ effects: [RoomEffect]) -> [RoomEffect] {
        effects.filter { if case .chatMasked = $0 { true } else { false } }
    }

    @Test func quickPlayRoomsFilterAndOtherRoomsDoNotByDefault() throws {
        let rules = try Fixtures.rules()
        #expect(rules.publicRoomSettings(wordPack: "de").filter)
        #expect(!rules.defaultSettings.filter)
    }

    @Test func aQuickPlayRoomMasksEachBlockedWordOfChatAndCountsTheMessage() throws {
        var h = try quickPlayRoom()
        let b = h.members[1]
        let effects = h.guess("Frak off, you SMEG-head!", from: b)
        #expect(
            effects == [
                .send(to: h.members, .event(.chat(playerId: b, text: "**** off, you ****-****!", guessedOnly: false), seq: h.machine.seq)),
                .chatMasked(by: b, words: 3),
            ])
        let clean = h.guess("a smegma joke about fraktals", from: b)
        #expect(clean.broadcastEvents == [.chat(playerId: b, text: "a smegma joke about fraktals", guessedOnly: false)])
        #expect(masked(clean).isEmpty)
    }

    @Test func aPrivateRoomShowsChatAsTypedByDefault() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let b = h.members[1]
        #expect(!h.machine.settings.filter)
        let effects = h.guess("frak this", from: b)
        #expect(effects.broadcastEvents == [.chat(playerId: b, text: "frak this", guessedOnly: false)])
        #expect(masked(effects).isEmpty)
    }

    @Test func scopedChatAndWatchersChatAreMaskedToo() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(wordChoices: 1, filter: true), words: ["ice cream"])
        let (a, b) = (h.members[0], h.members[1])
        let watcher = Fixtures.id("Zed")
        _ = try h.watch(watcher, name: "Zed").get()
        h.startGame()
        try h.chooseFirst()
        h.guess("ice cream", from: b)
        let scoped = h.guess("gorram easy", from: b)
        #expect(scoped == [.send(to: [a, b], .event(.chat(playerId: b, text: "****** easy", guessedOnly: true), seq: nil)), .chatMasked(by: b, words: 1)])
        let watched = h.guess("what the frak is that", from: watcher)
        #expect(watched.broadcastEvents == [.chat(playerId: watcher, text: "what the **** is that", guessedOnly: false)])
        #expect(masked(watched) == [.chatMasked(by: watcher, words: 1)])
    }

    @Test func theOwnerMayTurnTheFilterOnAndEveryoneSeesIt() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let (a, b) = (h.members[0], h.members[1])
        let effects = h.send(.updateSettings(SettingsPatch(filter: true)), from: a)
        guard case .settingsChanged(let view, _)? = effects.events(to: b).first else {
            Issue.record("no settingsChanged")
            return
        }
        #expect(view.settings.filter)
        #expect(try JSON.object(view)["filter"] as? Bool == true)
        #expect(h.machine.snapshot(for: b).settings.settings.filter)
        #expect(h.guess("frak", from: b).broadcastEvents == [.chat(playerId: b, text: "****", guessedOnly: false)])
    }

    @Test func customWordsWithABlockedWordAreRefusedAndChangeNothing() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let owner = h.members[0]
        let before = h.machine.settings
        for words in [["tiger", "Frak"], ["smeg  head"], ["lion", "gorram lion"]] {
            let effects = h.send(.updateSettings(SettingsPatch(customWords: words, customWordsOnly: false)), from: owner)
            #expect(effects.errors(to: owner) == [.invalidSettings], "\(words)")
            #expect(effects.sends.count == 1)
        }
        #expect(h.machine.settings == before)
        // Whole words only: a custom word merely containing the letters is fine.
        #expect(h.send(.updateSettings(SettingsPatch(customWords: ["fraktal", "smegmatic"])), from: owner).errors(to: owner).isEmpty)
        #expect(h.machine.settings.customWords == ["fraktal", "smegmatic"])
    }

    @Test func aRoomsFirstSettingsAreCheckedTheSameWay() throws {
        let rules = try Fixtures.rules()
        let validator = SettingsValidator(rules: rules, packNames: ["en"], blocklist: Fixtures.blocklist)
        let refused = validator.apply(SettingsPatch(customWords: ["kite", "FRAK"]), to: rules.defaultSettings, playerCount: 1)
        guard case .failure(let error) = refused else {
            Issue.record("accepted")
            return
        }
        #expect(error.code == .invalidSettings)
        #expect(error.message.contains("FRAK"), "the owner is told which word")
    }

    @Test func theShippedListsRefuseNamesAndMaskChatInEveryLanguage() throws {
        let blocklist = try RulesLoader.load(folder: Fixtures.rulesFolder).blocklist
        for name in ["Motherfucker", "Hurensohn", "Connard", "Gilipollas", "Vaffanculo", "Caralho", "Klootzak", "Kurwa"] {
            guard case .failure(let refusal) = NameValidator.validate(name, maxLength: 24, blocklist: blocklist) else {
                Issue.record("\(name) was accepted")
                continue
            }
            #expect(refusal.reason == .blockedWord)
        }
        for name in ["Scunthorpe", "Ada", "Peniston", "Cockburn", "Dick", "Essex"] {
            #expect((try? NameValidator.validate(name, maxLength: 24, blocklist: blocklist).get()) == name)
        }
        #expect(blocklist.masked("ja, du Wichser!") == ("ja, du *******!", 1))
    }

    @Test func storedSettingsFromBeforeTheFilterStillDecode() throws {
        let stored = #"""
            {"maxPlayers":8,"rounds":3,"drawSeconds":80,"chooseSeconds":15,"revealSeconds":5,"wordChoices":3,"hints":2,
             "wordPack":"en","customWords":[],"customWordsOnly":false,"lateJoin":true}
            """#
        let settings = try JSON.decode(RoomSettings.self, stored)
        #expect(!settings.filter && !settings.isPublic)
        let current = try Fixtures.rules().publicRoomSettings(wordPack: "en")
        #expect(try JSON.decode(RoomSettings.self, try JSON.text(current)) == current)
    }
}
