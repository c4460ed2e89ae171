import Foundation
import Testing

@testable import DoodleCore

extension Fixtures {
    /// A telephone room created by `players[0]` and joined by the others at `start`.
    static func makeTelephone(
        players: Int = 4, settings patch: SettingsPatch = SettingsPatch(), startsOnItsOwn: Bool = false, seed: UInt64 = 7
    ) throws -> Harness {
        let rules = try Fixtures.rules()
        let settings = rules.defaultTelephoneSettings.merged(with: patch)
        var harness = Harness(
            machine: RoomStateMachine(
                code: "T3LPH2", mode: .telephone, settings: settings, creator: id(names[0]), creatorName: names[0], rules: rules,
                packs: ["en": pack()], blocklist: blocklist, seed: seed, startsOnItsOwn: startsOnItsOwn, createdAt: start),
            now: start)
        harness.apply(harness.machine.creationEffects())
        for name in names[1..<players] {
            _ = try harness.join(id(name), name: name).get()
        }
        return harness
    }
}

extension Array where Element == RoomEffect {
    /// The tasks handed out, by player.
    var tasks: [PlayerID: TelephoneTask] {
        var result: [PlayerID: TelephoneTask] = [:]
        for (to, message) in sends {
            if case .task(let task) = message { for player in to { result[player] = task } }
        }
        return result
    }

    var savedGames: [FinishedGame] {
        compactMap { effect in
            if case .saveGame(let game) = effect { return game }
            return nil
        }
    }

    var chainEntries: [RevealedEntry] {
        broadcastEvents.compactMap { event in
            if case .chainEntry(let entry) = event { return entry }
            return nil
        }
    }
}

@Suite("Telephone mode")
struct TelephoneTests {
    let ids = (0..<4).map { Fixtures.id(Fixtures.names[$0]) }

    /// Everyone submits a text naming itself and the step.
    private func everyoneWrites(_ h: inout Harness, step: Int, players: [PlayerID]? = nil) {
        for player in players ?? ids { h.send(.submitText("\(player) at \(step)"), from: player) }
    }

    /// A room of three whose game is played to its reveal: written, drawn, described.
    private func threePlayedToReveal(startsOnItsOwn: Bool = false) throws -> (Harness, [PlayerID]) {
        var h = try Fixtures.makeTelephone(players: 3, startsOnItsOwn: startsOnItsOwn)
        let players = Array(ids.prefix(3))
        if startsOnItsOwn {
            // The room counts down to its game on its own.
            h.advance(to: try #require(h.machine.nextDeadline))
        } else {
            h.startGame()
        }
        everyoneWrites(&h, step: 0, players: players)
        everyoneDraws(&h, players: players)
        everyoneWrites(&h, step: 2, players: players)
        #expect(h.machine.phase == .reveal)
        return (h, players)
    }

    /// Everyone draws a stroke (its own id in the stroke number) and submits it.
    private func everyoneDraws(_ h: inout Harness, players: [PlayerID]? = nil) {
        for (index, player) in (players ?? ids).enumerated() {
            h.draw(.begin(index + 1), from: player)
            h.draw(.strokeEnd(strokeId: index + 1), from: player)
            h.send(.submitTelephoneDrawing, from: player)
        }
    }

    @Test("seat j works on chain (j − s) mod n, writing, then drawing and describing in turn")
    func rotation() throws {
        var h = try Fixtures.makeTelephone()
        var effects = h.startGame()
        #expect(h.machine.phase == .step)
        var kinds: [TelephoneStepKind] = []
        for step in 0..<4 {
            let tasks = effects.tasks
            #expect(tasks.count == 4)
            for (seat, player) in ids.enumerated() {
                #expect(tasks[player]?.chain == ((seat - step) % 4 + 4) % 4)
                #expect(tasks[player]?.step == step)
            }
            let kind = try #require(tasks[ids[0]]?.kind)
            kinds.append(kind)
            effects = []
            for player in ids {
                switch kind {
                case .write, .describe: effects += h.send(.submitText("\(player) at \(step)"), from: player)
                case .draw:
                    effects += h.draw(.begin(1), from: player)
                    effects += h.send(.submitTelephoneDrawing, from: player)
                }
            }
        }
        #expect(kinds == [.write, .draw, .describe, .draw])
        #expect(h.machine.phase == .reveal)
    }

    @Test("a draw task's prompt is the previous text; a describe task's drawing is the previous drawing")
    func tasksCarryThePreviousEntry() throws {
        var h = try Fixtures.makeTelephone(players: 3)
        let players = Array(ids.prefix(3))
        h.startGame()
        everyoneWrites(&h, step: 0, players: players)
        let drawTasks = h.log.map(\.effect).tasks
        // Seat 1 draws chain 0, which seat 0 began.
        #expect(drawTasks[players[1]]?.prompt == "\(players[0]) at 0")
        var effects: [RoomEffect] = []
        for (index, player) in players.enumerated() {
            effects += h.draw(.begin(10 + index, points: [5, 5, 50, 50]), from: player)
            effects += h.send(.submitTelephoneDrawing, from: player)
        }
        let describe = effects.tasks
        // Seat 2 describes chain 0, which seat 1 drew (stroke 11).
        let drawing = try #require(describe[players[2]]?.drawing)
        guard case .stroke(let stroke)? = drawing.first else {
            Issue.record("no stroke in \(drawing)")
            return
        }
        #expect(stroke.strokeId == 11)
        #expect(describe[players[2]]?.prompt == nil)
        let saved = effects.savedDrawings
        #expect(saved.count == 3)
        #expect(saved.allSatisfy { $0.kind == .telephone && $0.guessers.isEmpty })
        #expect(saved.first { $0.drawerId == players[1] }?.word == "\(players[0]) at 0")
    }

    @Test("start from words: every chain begins with a word of the pack, drawn by its first player")
    func wordsStart() throws {
        var h = try Fixtures.makeTelephone(settings: SettingsPatch(start: .words))
        let tasks = h.startGame().tasks
        #expect(tasks.values.allSatisfy { $0.kind == .draw })
        let prompts = ids.compactMap { tasks[$0]?.prompt }
        #expect(prompts.count == 4 && Set(prompts).count == 4)
        #expect(prompts.allSatisfy(Fixtures.words.contains))
        everyoneDraws(&h)
        #expect(h.machine.telephone?.currentKind == .describe)
    }

    @Test("a step without submissions ends at its deadline; what each seat has counts")
    func deadlineCounts() throws {
        var h = try Fixtures.makeTelephone(players: 3, settings: SettingsPatch(drawSeconds: 15, writeSeconds: 10))
        let players = Array(ids.prefix(3))
        h.startGame()
        // One submits and takes it back: its last submitted text still counts.
        h.send(.submitText("a cat on a bicycle"), from: players[0])
        h.send(.unsubmit, from: players[0])
        h.advance(by: 10_000)
        #expect(h.machine.telephone?.step == 1)
        // Drawings count as they are, submitted or not; an empty one is nothing drawn.
        h.draw(.begin(1), from: players[1])
        let effects = h.advance(by: 15_000)
        #expect(effects.savedDrawings.map(\.drawerId) == [players[1]])
        h.advance(by: 10_000)
        let chains = try #require(h.machine.telephone?.chainEntries)
        #expect(chains[0][0].text == "a cat on a bicycle")
        #expect(chains[1][0].text == "")
        #expect(chains[0][1].drawingId != nil)
        #expect(chains[1][1].drawingId == nil)
        #expect(h.machine.phase == .reveal)
    }

    @Test("unsubmit says so to the room, and the step waits for the player again")
    func unsubmit() throws {
        var h = try Fixtures.makeTelephone(players: 3)
        let players = Array(ids.prefix(3))
        h.startGame()
        let first = h.send(.submitText("one"), from: players[0])
        #expect(first.broadcastEvents == [.playerSubmitted(playerId: players[0], step: 0, submitted: true)])
        let back = h.send(.unsubmit, from: players[0])
        #expect(back.broadcastEvents == [.playerSubmitted(playerId: players[0], step: 0, submitted: false)])
        #expect(h.send(.unsubmit, from: players[0]).errors(to: players[0]) == [.invalidPhase])
        h.send(.submitText("two"), from: players[1])
        h.send(.submitText("three"), from: players[2])
        #expect(h.machine.telephone?.step == 0)
        h.send(.submitText("one again"), from: players[0])
        #expect(h.machine.telephone?.step == 1)
        #expect(h.machine.telephone?.chainEntries[0][0].text == "one again")
    }

    @Test("the wrong submission for the step, a bad text, or a message of the other mode is refused")
    func refusals() throws {
        var h = try Fixtures.makeTelephone(players: 3)
        let a = ids[0]
        #expect(h.send(.submitText("early"), from: a).errors(to: a) == [.invalidPhase])
        #expect(h.send(.revealNext, from: a).errors(to: a) == [.invalidPhase])
        h.startGame()
        #expect(h.send(.submitTelephoneDrawing, from: a).errors(to: a) == [.invalidPhase])
        #expect(h.draw(.begin(1), from: a).errors(to: a) == [.invalidPhase])
        #expect(h.send(.submitText(String(repeating: "x", count: 101)), from: a).errors(to: a) == [.badMessage])
        #expect(h.send(.submitText("  "), from: a).errors(to: a) == [.badMessage])
        #expect(h.send(.submitText("bell\u{7}"), from: a).errors(to: a) == [.badMessage])
        #expect(h.send(.chooseWord(index: 0), from: a).errors(to: a) == [.invalidPhase])
        var party = try Fixtures.makeMachine()
        #expect(party.send(.submitText("hello"), from: Fixtures.id("Ada")).errors(to: Fixtures.id("Ada")) == [.invalidPhase])
    }

    @Test("a game needs three connected players")
    func needsThree() throws {
        var h = try Fixtures.makeTelephone(players: 3)
        h.disconnect(ids[2])
        #expect(h.startGame().errors(to: ids[0]) == [.notEnoughPlayers])
        h.reconnect(ids[2])
        #expect(h.startGame().errors(to: ids[0]).isEmpty)
    }

    @Test("a player gone for good is skipped: its seat counts as submitted, and the chains finish")
    func goneForGood() throws {
        var h = try Fixtures.makeTelephone()
        h.startGame()
        for player in ids.prefix(3) { h.send(.submitText("by \(player)"), from: player) }
        #expect(h.machine.telephone?.step == 0)
        h.leave(ids[3])
        #expect(h.machine.telephone?.step == 1)
        // The next steps need only the three left.
        let remaining = Array(ids.prefix(3))
        everyoneDraws(&h, players: remaining)
        everyoneWrites(&h, step: 2, players: remaining)
        everyoneDraws(&h, players: remaining)
        #expect(h.machine.phase == .reveal)
        let chains = try #require(h.machine.telephone?.chainEntries)
        #expect(chains.allSatisfy { $0.count == 4 })
        #expect(chains[3][0] == ChainEntry(kind: .write, playerId: ids[3], text: ""))
    }

    @Test("a reconnect grace running out skips the seat as leaving does")
    func graceRunsOut() throws {
        var h = try Fixtures.makeTelephone(players: 4, settings: SettingsPatch(writeSeconds: 120))
        h.startGame()
        h.disconnect(ids[3])
        for player in ids.prefix(3) { h.send(.submitText("by \(player)"), from: player) }
        #expect(h.machine.telephone?.step == 0)
        let grace = Int64(try Fixtures.rules().timing.reconnectGraceSeconds) * 1000
        h.advance(by: grace)
        #expect(!h.isMember(ids[3]))
        #expect(h.machine.telephone?.step == 1)
    }

    @Test("a player back mid-step gets its task again, and its drawing so far in roomState")
    func resume() throws {
        var h = try Fixtures.makeTelephone(players: 3)
        let players = Array(ids.prefix(3))
        h.startGame()
        everyoneWrites(&h, step: 0, players: players)
        h.draw(.begin(4, points: [1, 1, 30, 30]), from: players[1])
        h.disconnect(players[1])
        h.reconnect(players[1])
        let task = try #require(h.machine.pendingTask(for: players[1]))
        #expect(task.kind == .draw && task.prompt == "\(players[0]) at 0")
        let own = h.machine.snapshot(for: players[1])
        #expect(own.strokes.count == 1 && own.lastStrokeId == 4)
        // Nobody else's roomState holds it.
        #expect(h.machine.snapshot(for: players[0]).strokes.isEmpty)
        #expect(own.telephone?.kind == .draw && own.telephone?.step == 1)
    }

    @Test("nobody joins a running game as a player; watching is allowed and shows nothing of the chains")
    func watchers() throws {
        var h = try Fixtures.makeTelephone(players: 3)
        h.startGame()
        let late = Fixtures.id("Zed")
        guard case .failure(let refusal) = h.join(late, name: "Zed") else {
            Issue.record("a late player was seated")
            return
        }
        #expect(refusal.code == .roomLocked)
        let effects = try #require(try? h.machine.join(late, name: "Zed", spectate: true, now: h.now).get())
        h.apply(effects)
        for player in ids.prefix(3) { h.send(.submitText("secret of \(player)"), from: player) }
        let watched = h.inbox[late] ?? []
        #expect(!watched.contains { if case .task = $0 { true } else { false } })
        #expect(watched.contains { $0.event == .stepStarted(step: 1, steps: 3, kind: .draw, deadline: h.machine.telephone?.deadline ?? 0) })
    }

    @Test("the reveal shows every chain in order at the owner's Next, then ends the game and stores it")
    func reveal() throws {
        var (h, players) = try threePlayedToReveal()
        #expect(h.send(.revealNext, from: players[1]).errors(to: players[1]) == [.notOwner])
        var shown: [RevealedEntry] = []
        for _ in 0..<9 { shown += h.send(.revealNext, from: players[0]).chainEntries }
        #expect(shown.map { [$0.chain, $0.index] } == (0..<3).flatMap { chain in (0..<3).map { [chain, $0] } })
        #expect(h.machine.snapshot(for: players[2]).telephone?.entries.count == 9)
        let end = h.send(.revealNext, from: players[0])
        #expect(end.gameEnds.map(\.ranking) == [[]])
        let game = try #require(end.savedGames.first)
        #expect(game.mode == .telephone && game.chains.count == 3 && game.drawingIds.count == 3)
        #expect(h.machine.phase == .gameOver)
        // A rematch is startGame again.
        #expect(h.startGame().tasks.count == 3)
    }

    @Test("without an owner the reveal moves on every revealSeconds")
    func ownerlessReveal() throws {
        var (h, _) = try threePlayedToReveal(startsOnItsOwn: true)
        let reveal = Int64(try Fixtures.rules().telephone.revealSeconds) * 1000
        let revealedAt = h.now
        var times: [Int64] = []
        while h.machine.phase == .reveal {
            let effects = h.advance(to: try #require(h.machine.nextDeadline))
            if !effects.chainEntries.isEmpty { times.append(h.now - revealedAt) }
        }
        #expect(times == (1...9).map { Int64($0) * reveal })
        #expect(h.machine.phase == .gameOver)
    }

    @Test("before the reveal nobody receives another chain's text or strokes, in any message")
    func secrecy() throws {
        var h = try Fixtures.makeTelephone(players: 4, settings: SettingsPatch(start: .write))
        h.startGame()
        everyoneWrites(&h, step: 0)
        everyoneDraws(&h)
        everyoneWrites(&h, step: 2)
        everyoneDraws(&h)
        #expect(h.machine.phase == .reveal)
        let revealAt = try #require(h.log.firstIndex { entry in
            if case .send(_, .event(.phaseReveal, _)) = entry.effect { true } else { false }
        })
        for (seat, player) in ids.enumerated() {
            var allowed: Set<String> = ["\(player) at 0", "\(player) at 2"]
            // Its own tasks: the prompt of the chain it drew at step 1 and step 3.
            for step in [1, 3] {
                let chain = ((seat - step) % 4 + 4) % 4
                let writer = ids[((chain + step - 1) % 4 + 4) % 4]
                allowed.insert("\(writer) at \(step - 1)")
            }
            for entry in h.log[..<revealAt] {
                guard case .send(let to, let message) = entry.effect, to.contains(player) else { continue }
                let text = try JSON.text(message)
                for other in ids {
                    for step in [0, 2] where !allowed.contains("\(other) at \(step)") {
                        #expect(!text.contains("\(other) at \(step)"), "\(player) was told \(other)'s text: \(text)")
                    }
                }
                if case .event(.drawing(_, let drawer), _) = message { #expect(drawer == player) }
                if case .task(let task) = message, let drawing = task.drawing {
                    // The one drawing it may see: the one it is to describe.
                    #expect(drawing.count <= 1)
                }
            }
        }
    }

    @Test("settings: a telephone room refuses party settings and checks its own; a party room refuses telephone ones")
    func settings() throws {
        var h = try Fixtures.makeTelephone(players: 3)
        let a = ids[0]
        #expect(h.send(.updateSettings(SettingsPatch(rounds: 2)), from: a).errors(to: a) == [.invalidSettings])
        #expect(h.send(.updateSettings(SettingsPatch(writeSeconds: 9)), from: a).errors(to: a) == [.invalidSettings])
        #expect(h.send(.updateSettings(SettingsPatch(steps: .some(17))), from: a).errors(to: a) == [.invalidSettings])
        #expect(h.send(.updateSettings(SettingsPatch(steps: .some(2))), from: a).errors(to: a).isEmpty)
        #expect(h.machine.settings.steps == 2)
        #expect(h.send(.updateSettings(SettingsPatch(steps: .some(nil))), from: a).errors(to: a).isEmpty)
        #expect(h.machine.settings.steps == nil)
        var party = try Fixtures.makeMachine()
        let owner = Fixtures.id("Ada")
        #expect(party.send(.updateSettings(SettingsPatch(writeSeconds: 30)), from: owner).errors(to: owner) == [.invalidSettings])
    }

    @Test("steps below the players end the chains early")
    func fewerSteps() throws {
        var h = try Fixtures.makeTelephone(players: 4, settings: SettingsPatch(steps: .some(2)))
        h.startGame()
        everyoneWrites(&h, step: 0)
        everyoneDraws(&h)
        #expect(h.machine.phase == .reveal)
        #expect(h.machine.telephone?.chainEntries.allSatisfy { $0.count == 2 } == true)
    }

    @Test("a checkpoint mid-step restores the chains, the submissions and every drawing so far")
    func checkpointRoundTrip() throws {
        var h = try Fixtures.makeTelephone(players: 3)
        let players = Array(ids.prefix(3))
        h.startGame()
        everyoneWrites(&h, step: 0, players: players)
        h.draw(.begin(3, points: [2, 2, 40, 40]), from: players[0])
        h.send(.submitTelephoneDrawing, from: players[0])
        h.draw(.begin(5), from: players[2])
        let checkpoint = h.machine.checkpoint(at: h.now)
        let data = try JSONEncoder().encode(checkpoint)
        let decoded = try JSONDecoder().decode(RoomCheckpoint.self, from: data)
        let later = h.now + 60_000
        var restored = try RoomStateMachine(
            restoring: decoded, strokes: [], rules: Fixtures.rules(), packs: ["en": Fixtures.pack()], blocklist: Fixtures.blocklist,
            seed: 99, now: later)
        #expect(restored.phase == .step)
        #expect(restored.telephone?.deadline == (h.machine.telephone?.deadline).map { $0 + 60_000 })
        #expect(restored.snapshot(for: players[2]).strokes.count == 1)
        #expect(restored.snapshot(for: players[0]).telephone?.submitted == [players[0]])
        #expect(restored.pendingTask(for: players[1]) == h.machine.pendingTask(for: players[1]))
        // The game goes on from there and ends as it would have.
        for player in players { _ = restored.reconnect(player, now: later) }
        _ = restored.handle(.telephone(.submitDrawing), from: players[1], now: later)
        _ = restored.handle(.telephone(.submitDrawing), from: players[2], now: later)
        #expect(restored.telephone?.step == 2)
        #expect(restored.telephone?.chainEntries.map(\.count) == [2, 2, 2])
    }

    @Test("likes in the reveal go to the latest drawing shown, stored against it; not to one's own, not to a text")
    func revealReactions() throws {
        var (h, players) = try threePlayedToReveal()
        let first = h.send(.revealNext, from: players[0]).chainEntries
        #expect(first.first?.entry.kind == .write)
        #expect(h.send(.react(.like), from: players[2]).errors(to: players[2]) == [.invalidPhase])
        let drawing = try #require(h.send(.revealNext, from: players[0]).chainEntries.first?.entry)
        let drawerId = drawing.playerId
        #expect(h.send(.react(.like), from: drawerId).errors(to: drawerId) == [.invalidTarget])
        let liker = try #require(players.first { $0 != drawerId })
        let liked = h.send(.react(.like), from: liker)
        #expect(liked.savedReactions.map(\.drawingId) == [drawing.drawingId])
        #expect(h.machine.snapshot(for: liker).ownReaction == .like)
        #expect(h.machine.snapshot(for: drawerId).reactions?.like == 1)
    }

    @Test("when every player of the game has gone, the remaining steps pass at once and the reveal begins")
    func everyPlayerGone() throws {
        var h = try Fixtures.makeTelephone(players: 4)
        // The fourth is away at the start, so it is a seat of the room but no player of the game.
        h.disconnect(ids[3])
        h.startGame()
        #expect(h.machine.telephone?.isActive(ids[3]) == false)
        h.reconnect(ids[3])
        for player in ids.prefix(3) { h.leave(player) }
        #expect(h.machine.phase == .reveal)
        #expect(h.machine.telephone?.chainEntries.allSatisfy { $0.count == 3 } == true)
    }

    @Test("a checkpoint whose step times could not be added to a clock is refused as corrupt")
    func checkpointWithImpossibleTimes() throws {
        var h = try Fixtures.makeTelephone(players: 3)
        h.startGame()
        var checkpoint = h.machine.checkpoint(at: h.now)
        checkpoint.telephone?.drawMillis = .max
        #expect(throws: RoomRestoreError.self) {
            try RoomStateMachine(
                restoring: checkpoint, strokes: [], rules: Fixtures.rules(), packs: ["en": Fixtures.pack()], blocklist: Fixtures.blocklist,
                seed: 1, now: h.now)
        }
    }
}
