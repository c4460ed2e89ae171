import Testing

@testable import DoodleCore

/// Who sees what is typed: scoped chat for those who know the word, word_leak, close guesses.
@Suite struct ChatScopeTests {
    /// 4 players, the word is "ice cream", Ada draws and Bob has guessed it.
    private func roomWithOneGuessed() throws -> Harness {
        var h = try Fixtures.makeMachine(players: 4, settings: SettingsPatch(wordChoices: 1), words: ["ice cream"])
        h.startGame()
        try h.chooseFirst()
        h.guess("ice cream", from: h.members[1])
        return h
    }

    @Test func drawersChatReachesOnlyTheDrawerAndThoseWhoGuessedWithoutSeq() throws {
        var h = try roomWithOneGuessed()
        let (a, b, c, d) = (h.members[0], h.members[1], h.members[2], h.members[3])
        let seq = h.machine.seq
        let effects = h.guess("nice one", from: a)
        #expect(effects.sends.count == 1)
        #expect(Set(effects.sends.first?.to ?? []) == [a, b])
        #expect(effects.sends.first?.message == .event(.chat(playerId: a, text: "nice one", guessedOnly: true), seq: nil))
        #expect(effects.messages(to: c).isEmpty)
        #expect(effects.messages(to: d).isEmpty)
        #expect(h.machine.seq == seq)
        let object = try JSON.object(try #require(effects.sends.first?.message))
        #expect(object["scope"] as? String == "guessed")
        #expect(object["seq"] == nil)
    }

    @Test func guessedPlayersChatIsScopedTooAndGrowsWithEachGuesser() throws {
        var h = try roomWithOneGuessed()
        let (a, b, c, d) = (h.members[0], h.members[1], h.members[2], h.members[3])
        #expect(Set(h.guess("easy", from: b).sends.first?.to ?? []) == [a, b])
        h.guess("ice cream", from: c)
        let effects = h.guess("told you", from: b)
        #expect(Set(effects.sends.first?.to ?? []) == [a, b, c])
        #expect(effects.messages(to: d).isEmpty)
        #expect(effects.sends.first?.message.seq == nil)
    }

    @Test(arguments: ["ice cream", "it's ICE-CREAM!", "i c e c r e a m", "icecreams"])
    func drawerMessageContainingTheWordIsRefused(text: String) throws {
        var h = try roomWithOneGuessed()
        let a = h.members[0]
        let seq = h.machine.seq
        let effects = h.guess(text, from: a)
        #expect(effects.count == 1)
        #expect(effects.errors(to: a) == [.wordLeak])
        #expect(h.machine.seq == seq)
    }

    @Test func guessedPlayerMessageContainingTheWordIsRefused() throws {
        var h = try roomWithOneGuessed()
        let b = h.members[1]
        let effects = h.guess("Ice Cream yes", from: b)
        #expect(effects.sends.map(\.to) == [[b]])
        #expect(effects.errors(to: b) == [.wordLeak])
        // And a guessed player repeating the word does not score again.
        #expect(effects.guessResults.isEmpty)
    }

    @Test func closeGuessIsToldOnlyToTheGuesser() throws {
        var h = try roomWithOneGuessed()
        let c = h.members[2]
        let seq = h.machine.seq
        for text in ["ice creams", "ice crem", "ice craem", "the ice cream van"] {
            let effects = h.guess(text, from: c)
            #expect(effects.sends.map(\.to) == [[c]], "\(text)")
            #expect(effects.guessResults.first?.result == .close, "\(text)")
            let object = try JSON.object(try #require(effects.sends.first?.message))
            #expect(object["close"] as? Bool == true)
            #expect(object["word"] == nil)
        }
        #expect(h.machine.seq == seq)
    }

    @Test func wrongGuessIsChatForTheWholeRoom() throws {
        var h = try roomWithOneGuessed()
        let c = h.members[2]
        let effects = h.guess("  a snowman  ", from: c)
        #expect(effects.sends.count == 1)
        #expect(effects.sends.first?.to == h.members)
        #expect(effects.sends.first?.message == .event(.chat(playerId: c, text: "a snowman", guessedOnly: false), seq: h.machine.seq))
    }

    @Test func outsideDrawingEverythingIsRoomChat() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(wordChoices: 1), words: ["ice cream"])
        let (a, b) = (h.members[0], h.members[1])
        // Lobby.
        #expect(h.guess("hello", from: a).sends.map(\.to) == [h.members])
        // Choosing: even the word itself is just chat (it is not chosen yet).
        h.startGame()
        let choosing = h.guess("ice cream", from: b)
        #expect(choosing.broadcastEvents == [.chat(playerId: b, text: "ice cream", guessedOnly: false)])
        #expect(choosing.guessResults.isEmpty)
        // Reveal pause: the drawer may name the word.
        try h.chooseFirst()
        h.advance(by: 80_000)
        #expect(h.machine.phase == .turnEnd)
        let reveal = h.guess("it was ice cream", from: a)
        #expect(reveal.broadcastEvents == [.chat(playerId: a, text: "it was ice cream", guessedOnly: false)])
        #expect(reveal.sends.first?.to == h.members)
    }

    @Test func guessTextMustBe1To200CharactersAfterTrimming() throws {
        var h = try roomWithOneGuessed()
        let c = h.members[2]
        #expect(h.guess("", from: c).errors(to: c) == [.badMessage])
        #expect(h.guess(" \n\t ", from: c).errors(to: c) == [.badMessage])
        #expect(h.guess(String(repeating: "x", count: 201), from: c).errors(to: c) == [.badMessage])
        let longest = h.guess("  " + String(repeating: "x", count: 200) + "  ", from: c)
        #expect(longest.errors(to: c).isEmpty)
        #expect(longest.broadcastEvents.count == 1)
    }

    @Test func messagesFromNonMembersAreRefused() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let stranger = Fixtures.id("Zed")
        let effects = h.guess("hi", from: stranger)
        #expect(effects.sends.map(\.to) == [[stranger]])
        #expect(effects.errors(to: stranger) == [.notInRoom])
    }
}
