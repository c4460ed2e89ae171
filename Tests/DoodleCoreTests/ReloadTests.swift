import Testing

@testable import DoodleCore

/// PROTOCOL.md rev 4, "A reload is not a departure": a dropped connection costs the drawer its
/// turn only after `drawerGraceSeconds` (15 s shipped), and a game ends for lack of players
/// only when fewer than 2 hold seats.
@Suite struct ReloadTests {
    private static let drawerGrace: Int64 = 15_000
    private static let reconnectGrace: Int64 = 60_000

    private func phaseDrawingCount(_ effects: [RoomEffect]) -> Int {
        effects.broadcastEvents.filter { if case .phaseDrawing = $0 { true } else { false } }.count
    }

    // MARK: - The drawer

    @Test func aDrawerBackWithinItsGraceGoesOnDrawingTheSameTurn() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        let word = try h.chooseFirst()
        h.draw(.begin(1), from: a)
        h.draw(.strokeEnd(strokeId: 1), from: a)
        h.advance(by: 5_000)

        let dropped = h.disconnect(a)
        #expect(dropped.broadcastEvents == [.playerConnection(playerId: a, connected: false)])
        #expect(h.machine.nextDeadline == h.now + Self.drawerGrace)
        #expect(h.advance(by: Self.drawerGrace - 1).turnEnds.isEmpty)

        let back = h.reconnect(a)
        #expect(back.broadcastEvents == [.playerConnection(playerId: a, connected: true)])
        let snapshot = h.machine.snapshot(for: a)
        #expect(snapshot.phase == .drawing)
        #expect(snapshot.drawerId == a)
        #expect(snapshot.word == word)
        #expect(snapshot.strokes.count == 1, "the canvas so far")

        let stroke = h.draw(.begin(2, points: [30, 30, 40, 40]), from: a)
        #expect(stroke.errors(to: a).isEmpty)
        #expect(stroke.broadcastEvents.count == 1)
        #expect(h.machine.snapshot(for: b).strokes.count == 2)
        // The grace that would have run out is forgotten: the turn lasts to its own end.
        #expect(h.advance(by: 10_000).turnEnds.isEmpty)
        h.guess(word, from: b)
        let summary = try #require(h.guess(word, from: c).turnEnds.first)
        #expect(summary.reason == .allGuessed)
        #expect(summary.gained(a) == 250)
        #expect(summary.drawingId != nil)
        h.checkSequencing(continuous: [b, c])
    }

    @Test func aDrawerBackFromAReloadLearnsTheLastStrokeIdUndoneStrokesIncluded() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let a = h.members[0]
        h.startGame()
        _ = try h.chooseFirst()
        #expect(h.machine.snapshot(for: a).lastStrokeId == nil, "nothing drawn yet")
        h.draw(.begin(1), from: a)
        h.draw(.strokeEnd(strokeId: 1), from: a)
        h.draw(.begin(2), from: a)
        h.draw(.strokeEnd(strokeId: 2), from: a)
        h.draw(.undo, from: a)
        h.disconnect(a)
        h.reconnect(a)
        let snapshot = h.machine.snapshot(for: a)
        #expect(snapshot.strokes.count == 1, "the undone stroke is not on the canvas")
        #expect(snapshot.lastStrokeId == 2, "but its id is used")
        #expect(h.draw(.begin(2), from: a).errors(to: a) == [.invalidStroke])
        #expect(h.draw(.begin(3), from: a).errors(to: a).isEmpty)
    }

    @Test func aDrawerAwayPastItsGraceLosesTheTurnWithDrawerLeft() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        let word = try h.chooseFirst()
        h.draw(.begin(1), from: a)
        h.advance(by: 1_000)
        h.disconnect(a)
        let droppedAt = h.now
        #expect(h.advance(by: Self.drawerGrace - 1).turnEnds.isEmpty)
        #expect(h.machine.phase == .drawing)

        let expired = h.advance(by: 1)
        let summary = try #require(expired.turnEnds.first)
        #expect(summary.reason == .drawerLeft)
        #expect(summary.word == word)
        #expect(summary.drawingId != nil)
        #expect(h.log.last { if case .send(_, .event(.turnEnded, _)) = $0.effect { true } else { false } }?.at == droppedAt + Self.drawerGrace)
        #expect(h.machine.isMember(a), "the seat outlives the turn: the reconnect grace is longer")
        // The reveal pause, then the next drawer.
        h.advance(by: 5_000)
        #expect(h.machine.phase == .choosing)
        #expect(h.snapshotDrawer == b)
    }

    @Test func aDrawerBackAfterItsGraceButBeforeTheTimerFiredHasLostTheTurn() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let a = h.members[0]
        h.startGame()
        try h.chooseFirst()
        h.disconnect(a)
        h.now += Self.drawerGrace + 250  // no tick: the room's timer is late
        let back = h.reconnect(a)
        #expect(back.turnEnds.map(\.reason) == [.drawerLeft])
        #expect(back.broadcastEvents.last == .playerConnection(playerId: a, connected: true))
        #expect(h.machine.phase == .turnEnd)
    }

    @Test func aDrawerWhoSendsLeaveRoomEndsTheTurnAtOnce() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let a = h.members[0]
        h.startGame()
        let word = try h.chooseFirst()
        let left = h.leave(a)
        #expect(left.broadcastEvents.first == .playerLeft(playerId: a, reason: .left))
        #expect(left.turnEnds.map(\.reason) == [.drawerLeft])
        #expect(left.turnEnds.first?.word == word)
        #expect(h.machine.nextDeadline == h.now + 5_000, "only the reveal pause is left")
    }

    @Test func theTurnDeadlineStillEndsTheTurnWhileTheDrawerIsAway() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let a = h.members[0]
        h.startGame()
        let word = try h.chooseFirst()
        let deadline = h.now + 80_000
        h.advance(by: 70_000)
        h.disconnect(a)
        let ended = h.advance(to: deadline)
        let summary = try #require(ended.turnEnds.first)
        #expect(summary.reason == .timeout)
        #expect(summary.word == word)
        #expect(h.advance(by: Self.drawerGrace).turnEnds.allSatisfy { $0.reason != .drawerLeft })
    }

    @Test func aGraceRunningOutExactlyAtTheDeadlineIsATimeout() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let a = h.members[0]
        h.startGame()
        try h.chooseFirst()
        h.advance(by: 80_000 - Self.drawerGrace)
        h.disconnect(a)
        #expect(h.advance(by: Self.drawerGrace).turnEnds.map(\.reason) == [.timeout])
    }

    @Test func guessesWorkWhileTheDrawerIsAway() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        let word = try h.chooseFirst()
        h.draw(.begin(1), from: a)
        h.disconnect(a)
        h.advance(by: 2_000)
        let first = h.guess(word, from: b)
        #expect(first.guessResults.first?.result == .correct(word: word, gained: 50 + 450 * 78 / 80))
        #expect(first.broadcastEvents.contains(.playerGuessed(playerId: b, gained: 50 + 450 * 78 / 80)))
        #expect(h.guess("nothing like it", from: c).broadcastEvents == [.chat(playerId: c, text: "nothing like it", guessedOnly: false)])
        let summary = try #require(h.guess(word, from: c).turnEnds.first)
        #expect(summary.reason == .allGuessed)
        #expect(summary.gained(a) == 250, "the absent drawer still holds its seat and is paid")
    }

    @Test func hintsStillComeWhileTheDrawerIsAway() throws {
        var h = try Fixtures.makeMachine(players: 3, rules: try Self.rules(drawerGraceSeconds: 60))
        h.startGame()
        try h.chooseFirst()
        h.disconnect(h.members[0])
        #expect(h.advance(by: 26_666).hints.count == 1)
        #expect(h.advance(by: 26_667).hints.count == 1)
        #expect(h.machine.phase == .drawing)
    }

    @Test func noGraceEndsTheDrawingAtTheDrop() throws {
        var h = try Fixtures.makeMachine(players: 3, rules: try Self.rules(drawerGraceSeconds: 0))
        h.startGame()
        try h.chooseFirst()
        #expect(h.disconnect(h.members[0]).turnEnds.map(\.reason) == [.drawerLeft])
    }

    // MARK: - The drawer while choosing

    @Test func aDrawerBackWhileChoosingStillChooses() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        let choices = try #require(h.machine.pendingChoices(for: a))
        #expect(h.machine.pendingChoices(for: b) == nil)
        #expect(h.disconnect(a).turnEnds.isEmpty)
        #expect(h.machine.phase == .choosing)
        h.advance(by: 5_000)
        h.reconnect(a)
        #expect(h.machine.pendingChoices(for: a) == choices, "what a resuming drawer is offered again")
        #expect(h.machine.snapshot(for: a).choices == choices)
        h.send(.chooseWord(index: 1), from: a)
        #expect(h.machine.phase == .drawing)
        #expect(h.currentWord == choices[1])
        #expect(h.machine.pendingChoices(for: a) == nil)
    }

    @Test func aDrawerAwayThroughTheWholeChoosingLosesTheTurnAtItsDeadlineWithoutAWord() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let a = h.members[0]
        h.startGame()
        let chooseDeadline = h.now + 15_000
        h.disconnect(a)
        #expect(h.machine.nextDeadline == chooseDeadline)
        let ended = h.advance(to: chooseDeadline)
        #expect(phaseDrawingCount(ended) == 0, "no drawing opens for a drawer who is gone")
        let summary = try #require(ended.turnEnds.first)
        #expect(summary.reason == .drawerLeft)
        #expect(summary.word == nil)
        #expect(summary.drawingId == nil)
    }

    @Test func aDrawerWhoDropsLateInChoosingKeepsTheRestOfItsGraceIntoTheDrawing() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let a = h.members[0]
        h.startGame()
        h.advance(by: 10_000)
        h.disconnect(a)
        // The server picks at the choosing deadline, as when the drawer is there.
        let picked = h.advance(by: 5_000)
        #expect(phaseDrawingCount(picked) == 1)
        #expect(h.machine.phase == .drawing)
        let word = try #require(h.currentWord)
        #expect(h.machine.nextDeadline == h.now + 10_000, "15 s from the drop, not from the drawing")
        let summary = try #require(h.advance(by: 10_000).turnEnds.first)
        #expect(summary.reason == .drawerLeft)
        #expect(summary.word == word)
    }

    @Test func aDrawerBackDuringTheDrawingAfterDroppingWhileChoosingDrawsOn() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let a = h.members[0]
        h.startGame()
        h.advance(by: 10_000)
        h.disconnect(a)
        h.advance(by: 8_000)
        #expect(h.machine.phase == .drawing)
        h.reconnect(a)
        #expect(h.machine.snapshot(for: a).word != nil)
        #expect(h.draw(.begin(1), from: a).errors(to: a).isEmpty)
        #expect(h.advance(by: 20_000).turnEnds.isEmpty)
    }

    // MARK: - Seats, not connections, keep a game going

    @Test func aGuesserDroppingInATwoPlayerGameDoesNotEndIt() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        let word = try h.chooseFirst()
        let dropped = h.disconnect(b)
        #expect(dropped.gameEnds.isEmpty)
        #expect(dropped.turnEnds.isEmpty)
        #expect(h.machine.phase == .drawing)
        h.advance(by: 10_000)
        h.reconnect(b)
        let summary = try #require(h.guess(word, from: b).turnEnds.first)
        #expect(summary.reason == .allGuessed)
        h.checkSequencing(continuous: [a])
    }

    @Test func aTwoPlayerGameEndsWhenTheDroppedGuessersSeatExpires() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        try h.chooseFirst()
        h.advance(by: 1_000)
        h.disconnect(b)
        #expect(h.advance(by: Self.reconnectGrace - 1).gameEnds.isEmpty)
        let expired = h.advance(by: 1)
        #expect(expired.broadcastEvents.first == .playerLeft(playerId: b, reason: .timedOut))
        let ended = try #require(expired.gameEnds.first)
        #expect(ended.reason == .notEnoughPlayers)
        #expect(ended.ranking.map(\.playerId) == [a])
        #expect(expired.turnEnds.isEmpty, "cut short mid-drawing")
        #expect(h.machine.phase == .gameOver)
    }

    @Test func aTwoPlayerGameWhoseDrawerDropsGoesOnAfterTheTurnAndEndsWhenItsSeatExpires() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        try h.chooseFirst()
        let dropped = h.disconnect(a)
        #expect(dropped.broadcastEvents.map(\.typeName) == ["playerConnection"])
        #expect(h.advance(by: Self.drawerGrace).turnEnds.map(\.reason) == [.drawerLeft])
        h.advance(by: 5_000)
        #expect(h.snapshotDrawer == b, "the game goes on with Bob's turn")
        try h.chooseFirst()
        let expired = h.advance(to: h.now + Self.reconnectGrace)
        #expect(expired.broadcastEvents.contains(.playerLeft(playerId: a, reason: .timedOut)))
        #expect(expired.gameEnds.map(\.reason) == [.notEnoughPlayers])
    }

    @Test func aTurnWhoseGuessersAllDroppedWaitsForThemRatherThanEndingAsAllGuessed() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (b, c) = (h.members[1], h.members[2])
        h.startGame()
        let word = try h.chooseFirst()
        #expect(h.disconnect(b).turnEnds.isEmpty)
        #expect(h.disconnect(c).turnEnds.isEmpty)
        #expect(h.machine.phase == .drawing)
        h.advance(by: 20_000)
        h.reconnect(b)
        // Bob is the only connected guesser: his guess completes the turn.
        #expect(h.guess(word, from: b).turnEnds.map(\.reason) == [.allGuessed])
    }

    @Test func guessersWhoNeverComeBackEndTheGameWhenTheirSeatsExpire() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (b, c) = (h.members[1], h.members[2])
        h.startGame()
        try h.chooseFirst()
        h.disconnect(b)
        h.advance(by: 1_000)
        h.disconnect(c)
        let first = h.advance(by: Self.reconnectGrace - 1_000)
        #expect(first.broadcastEvents.contains(.playerLeft(playerId: b, reason: .timedOut)))
        #expect(first.gameEnds.isEmpty, "Ada and Cy still hold seats")
        #expect(h.advance(by: 1_000).gameEnds.map(\.reason) == [.notEnoughPlayers])
    }

    @Test func startingAGameStillNeedsTwoConnectedPlayers() throws {
        var h = try Fixtures.makeMachine(players: 3)
        h.disconnect(h.members[1])
        h.disconnect(h.members[2])
        #expect(h.startGame().errors(to: h.members[0]) == [.notEnoughPlayers])
        h.reconnect(h.members[2])
        #expect(h.startGame().errors(to: h.members[0]).isEmpty)
    }

    // MARK: - Helpers

    private static func rules(drawerGraceSeconds: Int) throws -> GameRules {
        var rules = try Fixtures.rules()
        rules.timing.drawerGraceSeconds = drawerGraceSeconds
        return rules
    }
}
