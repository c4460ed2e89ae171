import Testing

@testable import DoodleCore

/// `reportContext(about:)`: what a report filed from a room says of the reported member.
@Suite struct ReportContextTests {
    @Test func itHoldsTheRoomCodeAndTheMembersChatAsTyped() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(filter: true))
        let (a, b) = (h.members[0], h.members[1])
        h.guess("  hello there  ", from: b)
        let shown = h.guess("you frak", from: b)
        h.guess("hi", from: a)
        #expect(shown.messages(to: a) == [.event(.chat(playerId: b, text: "you ****", guessedOnly: false), seq: h.machine.seq - 1)])
        #expect(h.machine.reportContext(about: b) == ReportContext(roomCode: "K7PQ2M", drawingId: nil, chatLines: ["hello there", "you frak"]))
        #expect(h.machine.reportContext(about: a)?.chatLines == ["hi"])
    }

    @Test func aMemberWhoNeverSpokeHasAContextWithoutLinesAndAStrangerNone() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let watcher = Fixtures.id("Zed")
        _ = try h.watch(watcher, name: "Zed").get()
        #expect(h.machine.reportContext(about: h.members[2]) == ReportContext(roomCode: "K7PQ2M", drawingId: nil, chatLines: []))
        #expect(h.machine.reportContext(about: watcher)?.chatLines == [])
        #expect(h.machine.reportContext(about: Fixtures.id("Nobody")) == nil)
    }

    @Test func onlyTheLast20LinesAreKept() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let b = h.members[1]
        for line in 1...25 { h.guess("line \(line)", from: b) }
        #expect(h.machine.reportContext(about: b)?.chatLines == (6...25).map { "line \($0)" })
    }

    @Test func linesOfEveryScopeCountButGuessesThatWereNotShownDoNot() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(wordChoices: 1), words: ["ice cream"])
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        try h.chooseFirst()
        h.guess("a cow?", from: b)  // wrong: room chat
        h.guess("ice crem", from: b)  // close: the guesser alone is told
        h.guess("ice cream", from: b)  // correct: never shown
        h.guess("nice drawing", from: b)  // scoped chat
        h.guess("ice cream is it", from: b)  // refused: word_leak
        h.guess("go on", from: a)  // the drawer's scoped chat
        #expect(h.machine.reportContext(about: b)?.chatLines == ["a cow?", "nice drawing"])
        #expect(h.machine.reportContext(about: a)?.chatLines == ["go on"])
        #expect(h.machine.reportContext(about: c)?.chatLines == [])
    }

    @Test func theLinesStayAfterTheMemberLeaves() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let b = h.members[1]
        h.guess("bye losers", from: b)
        h.leave(b)
        #expect(!h.machine.isMember(b))
        #expect(h.machine.reportContext(about: b)?.chatLines == ["bye losers"])
    }

    @Test func theDrawingIsTheOneOnScreenWithContentElseTheRoomsLastSaved() throws {
        var h = try Harness.drawing()
        let b = h.members[1]
        let onScreen = try #require(h.machine.reportContext(about: b)?.drawingId, "the drawing being drawn has its id already")
        let first = try #require(h.advance(by: 80_000).savedDrawings.first?.id)
        #expect(first == onScreen, "it is stored under the id the report named")
        #expect(h.machine.phase == .turnEnd)
        #expect(h.machine.reportContext(about: b)?.drawingId == first)
        try h.runOut(.turnEnd)
        try h.chooseFirst()
        #expect(h.machine.reportContext(about: b)?.drawingId == first, "a blank canvas names no drawing: the last saved one stands")
        // A turn that saves nothing (an empty canvas) leaves the last saved one.
        h.advance(by: 80_000)
        #expect(h.machine.phase == .turnEnd)
        #expect(h.machine.reportContext(about: b)?.drawingId == first)
    }
}
