import Foundation
import Testing

@testable import DoodleCore

extension Harness {
    @discardableResult
    mutating func react(_ reaction: Reaction, from player: PlayerID) -> [RoomEffect] {
        send(.react(reaction), from: player)
    }

    /// A game of `players` in its first drawing (Ada draws), with one stroke on the canvas
    /// unless `blank`.
    static func drawing(players: Int = 3, blank: Bool = false) throws -> Harness {
        var h = try Fixtures.makeMachine(players: players)
        h.startGame()
        try h.chooseFirst()
        if !blank { h.draw(.begin(1), from: h.members[0]) }
        return h
    }
}

extension Array where Element == RoomEffect {
    var savedDrawings: [FinishedDrawing] {
        compactMap { if case .saveDrawing(let drawing) = $0 { drawing } else { nil } }
    }

    var savedReactions: [DrawingReaction] {
        compactMap { if case .saveReaction(let reaction) = $0 { reaction } else { nil } }
    }
}

/// `react`: likes and dislikes of the drawing on screen, broadcast, counted, and stored.
@Suite struct ReactionTests {
    @Test func aChangeGoesToEveryMemberWithTheNextSeq() throws {
        var h = try Harness.drawing()
        let b = h.members[1]
        let seq = h.machine.seq
        let effects = h.react(.like, from: b)
        let totals = ReactionCounts(like: 1, dislike: 0)
        #expect(effects == [.send(to: h.members, .event(.reaction(playerId: b, reaction: .like, totals: totals), seq: seq + 1))])
        let object = try JSON.object(try #require(effects.sends.first?.message))
        #expect(
            NSDictionary(dictionary: object)
                == ["type": "reaction", "seq": seq + 1, "playerId": b, "reaction": "like", "reactions": ["like": 1, "dislike": 0]])
        h.checkSequencing(continuous: h.members)
    }

    @Test func theDrawerCannotReactToItsOwnDrawing() throws {
        var h = try Harness.drawing()
        let drawer = h.members[0]
        let seq = h.machine.seq
        let effects = h.react(.like, from: drawer)
        #expect(effects.errors(to: drawer) == [.invalidTarget])
        #expect(effects.sends.count == 1)
        #expect(h.machine.seq == seq)
    }

    @Test func onlyTheLatestReactionOfEachMemberCounts() throws {
        var h = try Harness.drawing(players: 4)
        let (b, c, d) = (h.members[1], h.members[2], h.members[3])
        h.react(.like, from: b)
        h.react(.like, from: c)
        h.react(.dislike, from: d)
        #expect(h.machine.snapshot(for: b).reactions == ReactionCounts(like: 2, dislike: 1))
        h.react(.dislike, from: b)
        #expect(h.machine.snapshot(for: b).reactions == ReactionCounts(like: 1, dislike: 2))
        h.react(.none, from: c)
        #expect(h.machine.snapshot(for: b).reactions == ReactionCounts(like: 0, dislike: 2))
    }

    @Test func anUnchangedReactionChangesNothingAndIsNotSent() throws {
        var h = try Harness.drawing()
        let b = h.members[1]
        #expect(h.react(.none, from: b).isEmpty, "no reaction yet: none is no change")
        h.react(.like, from: b)
        let seq = h.machine.seq
        #expect(h.react(.like, from: b).isEmpty)
        #expect(h.machine.seq == seq)
    }

    @Test func reactionsAreForDrawingAndTheTurnsEndOnly() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(rounds: 1))
        let b = h.members[1]
        #expect(h.react(.like, from: b).errors(to: b) == [.invalidPhase], "lobby")
        h.startGame()
        #expect(h.react(.like, from: b).errors(to: b) == [.invalidPhase], "choosing")
        try h.chooseFirst()
        #expect(h.react(.like, from: b).errors(to: b).isEmpty, "drawing")
        h.advance(by: 80_000)
        #expect(h.machine.phase == .turnEnd)
        #expect(h.react(.dislike, from: b).errors(to: b).isEmpty, "turnEnd")
        try h.runOut(.turnEnd)
        #expect(h.machine.phase == .choosing)
        #expect(h.react(.like, from: b).errors(to: b) == [.invalidPhase], "a new turn's choosing")
        while h.machine.phase != .gameOver { h.advance(to: try #require(h.machine.nextDeadline)) }
        #expect(h.react(.like, from: b).errors(to: b) == [.invalidPhase], "game over")
    }

    @Test func aTurnWithoutAWordHasNothingToReactTo() throws {
        var h = try Fixtures.makeMachine(players: 3)
        h.startGame()
        let (drawer, b) = (h.members[0], h.members[1])
        h.leave(drawer)
        #expect(h.machine.phase == .turnEnd)
        #expect(h.react(.like, from: b).errors(to: b) == [.invalidPhase])
        #expect(h.machine.snapshot(for: b).reactions == nil)
    }

    @Test func reactionsGivenWhileDrawingTravelWithTheDrawing() throws {
        var h = try Harness.drawing(players: 4)
        let (b, c, d) = (h.members[1], h.members[2], h.members[3])
        let likedAt = h.now
        h.react(.like, from: b)
        h.advance(by: 1_000)
        h.react(.dislike, from: c)
        h.react(.like, from: d)
        h.react(.none, from: d)
        let effects = h.advance(by: 80_000)
        let drawing = try #require(effects.savedDrawings.first)
        #expect(effects.turnEnds.first?.drawingId == drawing.id)
        #expect(
            drawing.reactions == [
                DrawingReaction(drawingId: drawing.id, playerId: b, reaction: .like, at: likedAt),
                DrawingReaction(drawingId: drawing.id, playerId: c, reaction: .dislike, at: likedAt + 1_000),
            ])
        #expect(effects.savedReactions.isEmpty)
    }

    @Test func reactionsAfterTheDrawingWasHandedOverAreSavedOnTheirOwn() throws {
        var h = try Harness.drawing()
        let (b, c) = (h.members[1], h.members[2])
        h.react(.like, from: b)
        let drawingId = try #require(h.advance(by: 80_000).savedDrawings.first?.id)
        #expect(h.machine.phase == .turnEnd)
        let effects = h.react(.dislike, from: c)
        #expect(effects.broadcastEvents == [.reaction(playerId: c, reaction: .dislike, totals: ReactionCounts(like: 1, dislike: 1))])
        #expect(effects.savedReactions == [DrawingReaction(drawingId: drawingId, playerId: c, reaction: .dislike, at: h.now)])
        // Taking one back after the hand-over is stored too: storage forgets it.
        #expect(h.react(.none, from: b).savedReactions == [DrawingReaction(drawingId: drawingId, playerId: b, reaction: .none, at: h.now)])
        #expect(h.machine.snapshot(for: b).reactions == ReactionCounts(like: 0, dislike: 1))
    }

    @Test func anEmptyCanvasSavesNoDrawingSoItsReactionsAreShownButNotStored() throws {
        var h = try Harness.drawing(blank: true)
        let (b, c) = (h.members[1], h.members[2])
        #expect(h.react(.like, from: b).broadcastEvents == [.reaction(playerId: b, reaction: .like, totals: ReactionCounts(like: 1))])
        let ended = h.advance(by: 80_000)
        #expect(ended.savedDrawings.isEmpty)
        #expect(ended.turnEnds.first?.drawingId == nil)
        let effects = h.react(.dislike, from: c)
        #expect(effects.broadcastEvents == [.reaction(playerId: c, reaction: .dislike, totals: ReactionCounts(like: 1, dislike: 1))])
        #expect(effects.savedReactions.isEmpty)
    }

    @Test func aMembersRoomStateCarriesItsOwnReactionAndNoOneElses() throws {
        var h = try Harness.drawing()
        let (b, c) = (h.members[1], h.members[2])
        h.react(.dislike, from: b)
        #expect(h.machine.snapshot(for: b).ownReaction == .dislike)
        #expect(h.machine.snapshot(for: c).ownReaction == nil)
        let object = try JSON.object(ServerMessage.roomState(h.machine.snapshot(for: b)))
        #expect(object["myReaction"] as? String == "dislike")
        h.react(.none, from: b)
        #expect(h.machine.snapshot(for: b).ownReaction == nil)
    }

    @Test func watchersMayReact() throws {
        var h = try Harness.drawing()
        let watcher = Fixtures.id("Zed")
        _ = try h.watch(watcher, name: "Zed").get()
        let effects = h.react(.dislike, from: watcher)
        #expect(effects.broadcastEvents == [.reaction(playerId: watcher, reaction: .dislike, totals: ReactionCounts(dislike: 1))])
        #expect(effects.sends.first?.to == h.members)
        #expect(h.machine.snapshot(for: watcher).reactions == ReactionCounts(like: 0, dislike: 1))
    }

    @Test func roomStateCarriesTheCountsOnlyWhileADrawingIsOnScreen() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let b = h.members[1]
        #expect(h.machine.snapshot(for: b).reactions == nil)
        #expect(try JSON.object(ServerMessage.roomState(h.machine.snapshot(for: b)))["reactions"] == nil)
        h.startGame()
        #expect(h.machine.snapshot(for: b).reactions == nil, "choosing")
        try h.chooseFirst()
        #expect(h.machine.snapshot(for: b).reactions == ReactionCounts(), "drawing, nobody reacted yet")
        h.react(.like, from: b)
        let state = try JSON.object(ServerMessage.roomState(h.machine.snapshot(for: h.members[2])))
        #expect(NSDictionary(dictionary: try #require(state["reactions"] as? [String: Any])) == ["like": 1, "dislike": 0])
        // The next turn starts from nothing.
        h.advance(by: 80_000)
        try h.runOut(.turnEnd)
        try h.chooseFirst()
        #expect(h.machine.snapshot(for: b).reactions == ReactionCounts())
    }
}
