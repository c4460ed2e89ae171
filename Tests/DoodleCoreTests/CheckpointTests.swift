import Foundation
import Testing

@testable import DoodleCore

/// PROTOCOL.md rev 5, "Rooms outlive their server": a room taken to its checkpoint, through
/// JSON as the database keeps it, and restored later is the same room, its clock stopped for the
/// time it had no host, every member away with its grace starting at the restore.
@Suite struct CheckpointTests {
    private static let gap: Int64 = 42_000

    /// The checkpoint as the database hands it back.
    private func stored(_ machine: RoomStateMachine, at now: Int64) throws -> RoomCheckpoint {
        let data = try JSONEncoder().encode(machine.checkpoint(at: now))
        return try JSONDecoder().decode(RoomCheckpoint.self, from: data)
    }

    private func restored(
        _ h: Harness, strokes: [DrawingAction]? = nil, after gap: Int64 = Self.gap, packs: [String: WordPack]? = nil,
        rules: GameRules? = nil
    ) throws -> Harness {
        let checkpoint = try stored(h.machine, at: h.now)
        let machine = try RoomStateMachine(
            restoring: checkpoint, strokes: strokes ?? h.machine.canvasRecord(from: 0), rules: rules ?? Fixtures.rules(),
            packs: packs ?? ["en": Fixtures.pack()], blocklist: Fixtures.blocklist, seed: 7, now: h.now + gap)
        return Harness(machine: machine, now: h.now + gap)
    }

    /// A game mid-drawing: Ada draws, Bob has guessed, Cy has not, one stroke and a fill on the canvas.
    private func midDrawing() throws -> (Harness, word: String) {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        let word = try h.chooseFirst()
        h.draw(.begin(1, points: [10, 10, 20, 20, 30, 30]), from: a)
        h.draw(.strokePoints(strokeId: 1, points: [40, 40]), from: a)
        h.draw(.strokeEnd(strokeId: 1), from: a)
        h.draw(.fill(FillAction(x: 5, y: 5, color: "#AABBCC")), from: a)
        h.advance(by: 10_000)
        h.guess(word, from: b)
        h.advance(by: 3_000)
        return (h, word)
    }

    @Test func aRoomMidDrawingComesBackWithItsDrawerWordCanvasScoresAndTimeLeft() throws {
        let (h, word) = try midDrawing()
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        let r = try restored(h)
        for member in [a, b, c] {
            var before = h.machine.snapshot(for: member)
            let after = r.machine.snapshot(for: member)
            #expect(after.deadline == before.deadline.map { $0 + Self.gap }, "the time left is kept")
            #expect(after.epoch != before.epoch, "a restore is a new epoch")
            #expect(after.players.allSatisfy { !$0.connected }, "everyone was disconnected")
            before.deadline = after.deadline
            before.epoch = after.epoch
            before.players = before.players.map { var p = $0; p.connected = false; return p }
            #expect(after == before, "\(member) sees the same room")
        }
        #expect(r.machine.snapshot(for: a).word == word)
        #expect(r.machine.snapshot(for: c).word == nil, "the word is still the drawer's and the guessers'")
        #expect(r.machine.snapshot(for: a).strokes.count == 2)
        #expect(r.machine.seq == h.machine.seq)
    }

    @Test func theGameGoesOnAfterTheRestoreAsItWouldHaveWithoutIt() throws {
        let (original, word) = try midDrawing()
        let (a, b, c) = (original.members[0], original.members[1], original.members[2])
        var uninterrupted = original
        var r = try restored(original)
        for member in [a, b, c] { r.reconnect(member) }
        let twin = uninterrupted.guess(word, from: c).turnEnds
        let after = r.guess(word, from: c).turnEnds
        #expect(after.count == 1)
        #expect(after.first?.reason == .allGuessed)
        #expect(after.first?.scores == twin.first?.scores, "every score counted once, as without the restart")
        #expect(after.first?.drawingId == twin.first?.drawingId, "the drawing keeps its id")
        let saved = r.log.compactMap { if case .saveDrawing(let drawing) = $0.effect { drawing } else { nil } }
        #expect(saved.count == 1)
        #expect(saved.first?.actions == original.machine.canvasRecord(from: 0), "the whole record, strokes before the restart included")
    }

    @Test func hintsComeAtTheSameTimeLeftAndRevealedLettersStay() throws {
        var h = try Fixtures.makeMachine(players: 2)
        h.startGame()
        _ = try h.chooseFirst()
        // 80 s drawing, 2 hints: the first one is due before the end.
        let firstHint = try #require(h.advance(by: 50_000).hints.first)
        let r0 = try restored(h)
        #expect(r0.machine.snapshot(for: h.members[1]).hint == firstHint)
        var r = r0
        let savedDeadline = try #require(h.machine.nextDeadline)
        #expect(r.machine.nextDeadline == savedDeadline + Self.gap, "the next timer moved by the gap, not the time the room was away")
        r.reconnect(h.members[0])
        r.reconnect(h.members[1])
        let left = try #require(h.machine.snapshot(for: h.members[0]).deadline) - h.now
        #expect(r.advance(by: left - 1).turnEnds.isEmpty)
        #expect(r.advance(by: 1).turnEnds.first?.reason == .timeout)
    }

    @Test func gracesStartAgainAtTheRestore() throws {
        let (h, _) = try midDrawing()
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        let rules = try Fixtures.rules()
        var r = try restored(h)
        r.reconnect(b)
        r.reconnect(c)
        // The drawer does not come back: its turn ends when its grace, counted from the restore, runs out.
        let drawerGrace = Int64(rules.timing.drawerGraceSeconds) * 1000
        #expect(r.advance(by: drawerGrace - 1).turnEnds.isEmpty)
        #expect(r.advance(by: 1).turnEnds.first?.reason == .drawerLeft)
        // Nor does its seat outlast the reconnect grace, counted from the restore.
        let reconnectGrace = Int64(rules.timing.reconnectGraceSeconds) * 1000
        let left = r.advance(to: h.now + Self.gap + reconnectGrace).broadcastEvents
        #expect(left.contains(.playerLeft(playerId: a, reason: .timedOut)))
        #expect(r.machine.seatIndex(b) != nil)
    }

    @Test func aLobbyKeepsItsSettingsCustomWordsLockAndBans() throws {
        var h = try Fixtures.makeMachine(
            players: 3, settings: SettingsPatch(rounds: 2, drawSeconds: 30, customWords: ["zebra", "yak", "walrus"], customWordsOnly: true))
        let (a, c) = (h.members[0], h.members[2])
        h.send(.kick(playerId: c), from: a)
        h.send(.lockRoom(locked: true), from: a)
        let r = try restored(h)
        let snapshot = r.machine.snapshot(for: a)
        #expect(snapshot.settings.settings == h.machine.settings)
        #expect(snapshot.settings.settings.customWords == ["zebra", "yak", "walrus"])
        #expect(snapshot.locked)
        #expect(snapshot.ownerId == a)
        var unlocked = r
        unlocked.send(.lockRoom(locked: false), from: a)
        #expect(throws: ProtocolError.self) { try unlocked.join(c, name: "Cy").get() }
    }

    @Test func strokesStoredInChunksMakeTheSameCanvas() throws {
        let (h, _) = try midDrawing()
        let count = h.machine.canvasRecordCount
        #expect(count == 4)
        let chunked = h.machine.canvasRecord(from: 0).prefix(2) + h.machine.canvasRecord(from: 2)
        #expect(Array(chunked) == h.machine.canvasRecord(from: 0))
        let r = try restored(h, strokes: Array(chunked))
        #expect(r.machine.snapshot(for: h.members[1]).strokes == h.machine.snapshot(for: h.members[1]).strokes)
        // After a crash the strokes may stop short of the state: the canvas is what reached storage.
        let short = try restored(h, strokes: Array(h.machine.canvasRecord(from: 0).prefix(3)))
        #expect(short.machine.snapshot(for: h.members[1]).strokes.count == 1)
    }

    @Test func aTurnWhoseDrawingReachedTheArchiveEndsAtTheRestoreWithTheDrawersShareOnce() throws {
        let (original, word) = try midDrawing()
        var uninterrupted = original
        let twin = try #require(uninterrupted.advance(by: 80_000).turnEnds.first)
        var r = try restored(original)
        let ended = r.apply(r.machine.endTurnArchivedBeforeRestore(now: r.now)).turnEnds
        #expect(ended.count == 1)
        #expect(ended.first?.scores == twin.scores)
        #expect(ended.first?.word == word)
        #expect(r.machine.endTurnArchivedBeforeRestore(now: r.now).isEmpty, "only once")
    }

    @Test func aCheckpointThatNoLongerFitsIsRefusedWithWhy() throws {
        let (h, _) = try midDrawing()
        #expect(throws: RoomRestoreError.wordPackGone("en")) { try restored(h, packs: ["de": WordPack(name: "de", words: Fixtures.words)]) }
        var stricter = try Fixtures.rules()
        stricter.settings.drawSeconds.max = 60
        #expect(throws: RoomRestoreError.invalidSettings("drawSeconds must be 15–60")) { try restored(h, rules: stricter) }
        #expect(throws: RoomRestoreError.strokesRefused) {
            try restored(h, strokes: [.strokePoints(strokeId: 9, points: [1, 1])])
        }
        var farFuture = try stored(h.machine, at: Int64.max - 1)
        farFuture.savedAt = Int64.max - 1
        #expect(throws: RoomRestoreError.corrupt("it was saved at \(Int64.max - 1)")) {
            try RoomStateMachine(
                restoring: farFuture, strokes: [], rules: Fixtures.rules(), packs: ["en": Fixtures.pack()], blocklist: Fixtures.blocklist,
                seed: 1, now: h.now)
        }
        var checkpoint = try stored(h.machine, at: h.now)
        checkpoint.format = 99
        #expect(throws: RoomRestoreError.unknownFormat(99)) {
            try RoomStateMachine(
                restoring: checkpoint, strokes: [], rules: Fixtures.rules(), packs: ["en": Fixtures.pack()], blocklist: Fixtures.blocklist,
                seed: 1, now: h.now)
        }
    }

    @Test func aRestoredRoomDrawsNewIdsAndEpochsFromItsNewSeed() throws {
        var h = try Fixtures.makeMachine(players: 2)
        h.startGame()
        var r = try restored(h)
        var twin = h
        _ = try twin.chooseFirst()
        r.reconnect(h.members[0])
        r.reconnect(h.members[1])
        _ = try r.chooseFirst()
        let twinId = twin.machine.checkpoint(at: twin.now).strokeKey
        let restoredId = r.machine.checkpoint(at: r.now).strokeKey
        #expect(twinId != nil && restoredId != nil)
        #expect(twinId != restoredId, "an id drawn after a crash never repeats one drawn before it")
    }
}
