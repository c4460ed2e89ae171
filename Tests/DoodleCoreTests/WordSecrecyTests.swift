import Foundation
import Testing

@testable import DoodleCore

/// Reads a room's effect log in order and reports every message that would show a word to a
/// player who may not know it yet. A player knows the current word when it is the drawer, once
/// it received its own correct `guessResult`, and everyone knows it from `turnEnded` /
/// `gameEnded` until the next `phase choosing`. Because the choices are words too, no word of
/// the pack may appear in anything a non-knowing player receives.
struct SecrecyAuditor {
    let words: [String]
    private var drawer: PlayerID?
    private var knowers: Set<PlayerID> = []
    private var revealedToAll = false
    private(set) var violations: [String] = []
    /// Messages that carried the word to someone allowed to see it (so the audit is not vacuous).
    private(set) var legitimateWordDeliveries = 0
    private(set) var checkedDeliveries = 0

    init(words: [String]) {
        self.words = words.map { $0.lowercased() }
    }

    mutating func audit(_ log: [Harness.Logged]) throws {
        for entry in log {
            guard case .send(let recipients, let message) = entry.effect else { continue }
            switch message {
            case .event(.phaseChoosing(_, let drawerId, _), _):
                drawer = drawerId
                knowers = [drawerId]
                revealedToAll = false
            case .event(.turnEnded, _), .event(.gameEnded, _):
                revealedToAll = true
            case .guessResult(let result) where result.correct:
                knowers.formUnion(recipients)
            case .chooseWord:
                if recipients != [drawer].compactMap({ $0 }) {
                    violations.append("chooseWord went to \(recipients), drawer is \(drawer ?? "nobody")")
                }
            default:
                break
            }
            let text = try JSON.text(message).lowercased()
            let leaked = words.filter { text.contains($0) }
            for recipient in recipients {
                if revealedToAll || knowers.contains(recipient) {
                    if !leaked.isEmpty { legitimateWordDeliveries += 1 }
                    continue
                }
                checkedDeliveries += 1
                if !leaked.isEmpty {
                    violations.append("at \(entry.at) \(recipient) got \(leaked) in \(text)")
                }
            }
        }
    }
}

@Suite struct WordSecrecyTests {
    /// Checks `snapshot(for:)` of every member who may not know the word.
    private func checkSnapshots(_ h: Harness, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard h.machine.phase == .choosing || h.machine.phase == .drawing, let drawer = h.snapshotDrawer else { return }
        let choices = h.machine.snapshot(for: drawer).choices ?? []
        let secret = ([h.currentWord].compactMap { $0 } + choices).map { $0.lowercased() }
        #expect(!secret.isEmpty, sourceLocation: sourceLocation)
        for member in h.members where member != drawer {
            let snapshot = h.machine.snapshot(for: member)
            let guessed = snapshot.players.first { $0.id == member }?.guessed ?? false
            if guessed {
                #expect(snapshot.word == h.currentWord, sourceLocation: sourceLocation)
                continue
            }
            #expect(snapshot.word == nil, sourceLocation: sourceLocation)
            #expect(snapshot.choices == nil, sourceLocation: sourceLocation)
            let text = try JSON.text(ServerMessage.roomState(snapshot)).lowercased()
            for word in secret {
                #expect(!text.contains(word), "\(member)'s roomState shows '\(word)'", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func noMessageOrSnapshotShowsTheWordToAGuesserBeforeItKnowsIt() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(rounds: 2))
        let late = Fixtures.id("Dee")
        h.startGame()
        var turn = 0
        while h.machine.phase != .gameOver {
            guard h.machine.phase == .choosing, let drawer = h.snapshotDrawer else {
                h.advance(to: try #require(h.machine.nextDeadline))
                continue
            }
            let guessers = h.members.filter { $0 != drawer }
            try checkSnapshots(h)
            for guesser in guessers {
                #expect(h.send(.chooseWord(index: 0), from: guesser).errors(to: guesser) == [.notDrawer])
                #expect(h.draw(.begin(1), from: guesser).errors(to: guesser) == [.notDrawer])
                h.guess("hmm", from: guesser)
            }
            // Alternate between choosing and letting the deadline pick.
            if turn % 2 == 0 { try h.chooseFirst() } else { h.advance(by: 15_000) }
            #expect(h.machine.phase == .drawing)
            let word = try #require(h.currentWord)
            try checkSnapshots(h)

            h.draw(.begin(turn + 1), from: drawer)
            h.draw(.fill(FillAction(x: 5, y: 5, color: "#ABCDEF")), from: drawer)
            h.draw(.undo, from: drawer)
            #expect(h.guess("it is \(word)!", from: drawer).errors(to: drawer) == [.wordLeak])
            h.guess("nice", from: drawer)
            for guesser in guessers {
                #expect(h.guess(word + "s", from: guesser).guessResults.first?.result == .close)
                h.guess("no idea", from: guesser)
                #expect(h.draw(.clear, from: guesser).errors(to: guesser) == [.notDrawer])
                #expect(h.send(.chooseWord(index: 0), from: guesser).errors(to: guesser) == [.notDrawer])
            }
            try checkSnapshots(h)
            if turn == 1 {
                // A late joiner arrives mid-drawing: its roomState must not show the word.
                _ = try h.join(late, name: "Dee").get()
                try checkSnapshots(h)
            }
            h.advance(by: 10_000)
            let first = guessers[0]
            h.guess(word, from: first)
            if h.machine.phase == .drawing {
                #expect(h.guess("easy, \(word.uppercased())", from: first).errors(to: first) == [.wordLeak])
                h.guess("easy", from: first)
                try checkSnapshots(h)
                if turn == 2, guessers.count > 1 {
                    // A guesser drops and comes back; the actor would send it roomState again.
                    let other = guessers[1]
                    h.disconnect(other)
                    h.reconnect(other)
                    h.apply([.send(to: [other], .roomState(h.machine.snapshot(for: other)))])
                    try checkSnapshots(h)
                }
                h.advance(by: 20_000)
                try checkSnapshots(h)
            }
            // Run the turn out (timeout or already ended), through the reveal pause.
            while h.machine.phase == .drawing { h.advance(to: try #require(h.machine.nextDeadline)) }
            h.apply(h.members.map { .send(to: [$0], .roomState(h.machine.snapshot(for: $0))) })
            h.advance(by: 5_000)
            turn += 1
        }
        #expect(turn == 7, "3 turns in round 1, 4 (with the late joiner) in round 2")

        var auditor = SecrecyAuditor(words: Fixtures.words)
        try auditor.audit(h.log)
        #expect(auditor.violations == [])
        #expect(auditor.legitimateWordDeliveries > 0)
        #expect(auditor.checkedDeliveries > 100)
    }

    @Test func auditorCatchesALeak() throws {
        // The audit itself must be able to fail: a phase drawing with the word sent to a guesser.
        let log: [Harness.Logged] = [
            .init(at: 0, effect: .send(to: ["p_a", "p_b"], .event(.phaseChoosing(round: 1, drawerId: "p_a", deadline: 1), seq: 1))),
            .init(at: 0, effect: .send(to: ["p_b"], .event(.phaseDrawing(deadline: 2, hint: "_____", word: "apple"), seq: 2))),
            .init(at: 0, effect: .send(to: ["p_b"], .chooseWord(choices: ["banana"]))),
        ]
        var auditor = SecrecyAuditor(words: Fixtures.words)
        try auditor.audit(log)
        #expect(auditor.violations.count == 3)
    }

    @Test func choicesGoOnlyToTheDrawer() throws {
        var h = try Fixtures.makeMachine(players: 4)
        let effects = h.startGame()
        let offers = effects.sends.filter { if case .chooseWord = $0.message { true } else { false } }
        #expect(offers.map(\.to) == [[h.members[0]]])
        for member in h.members.dropFirst() {
            #expect(h.machine.snapshot(for: member).choices == nil)
        }
        #expect(h.machine.snapshot(for: h.members[0]).choices?.count == 3)
    }

    @Test func drawingPhaseCarriesTheWordOnlyInTheDrawersCopy() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        let effects = h.send(.chooseWord(index: 0), from: a)
        let word = try #require(h.currentWord)
        let drawing = effects.sends.filter { if case .event(.phaseDrawing, _) = $0.message { true } else { false } }
        #expect(drawing.count == 2)
        #expect(Set(drawing.map(\.message.seq)).count == 1, "variants share one seq")
        for send in drawing {
            let object = try JSON.object(send.message)
            if send.to == [a] {
                #expect(object["word"] as? String == word)
            } else {
                #expect(Set(send.to) == [b, c])
                #expect(object["word"] == nil)
            }
        }
    }
}
