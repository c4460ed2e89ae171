import DoodleBot
import DoodleClient
import DoodleCore
import Testing

@Suite("A watching bot's checks")
struct WatchBrainTests {
    func watchTurn(extra: [ServerMessage] = []) -> WatchBrain {
        var brain = WatchBrain(name: "Watch1")
        var messages: [ServerMessage] = [
            Frames.welcome, Frames.lobby(seq: 3),
            .event(.phaseChoosing(round: 1, drawerId: "p_ada", deadline: 1), seq: 4),
            .event(.phaseDrawing(deadline: 2, hint: "______", word: nil), seq: 5),
            .event(.drawing(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#000000", width: 4, points: [1, 1])), playerId: "p_ada"), seq: 6),
        ]
        messages += extra
        messages.append(.event(.turnEnded(TurnSummary(word: "banana", reason: .timeout, scores: [], drawingId: nil)), seq: 7 + extra.count))
        for message in messages { _ = brain.handle(Frames.frame(message)) }
        return brain
    }

    @Test("a clean turn is no violation, and the word in turnEnded is no leak")
    func cleanTurn() {
        let brain = watchTurn()
        #expect(brain.violations == [])
        #expect(brain.turnsWatched == 1)
    }

    @Test("the word in any frame before turnEnded is a leak")
    func leakBeforeTheEnd() {
        let brain = watchTurn(extra: [.event(.chat(playerId: "p_bob", text: "Banana", guessedOnly: false), seq: 7)])
        #expect(brain.violations.map(\.kind) == [.wordLeaked])
    }

    @Test("a phase drawing with the word, or a seq gap, is a violation")
    func otherViolations() {
        var brain = WatchBrain(name: "Watch1")
        _ = brain.handle(Frames.frame(Frames.lobby(seq: 3)))
        _ = brain.handle(Frames.frame(.event(.phaseDrawing(deadline: 2, hint: "___", word: "cat"), seq: 5)))
        #expect(brain.violations.map(\.kind) == [.sequence, .wordLeaked])
    }

    @Test("what the watcher sees is told in lines")
    func lines() {
        var brain = WatchBrain(name: "Watch1")
        _ = brain.handle(Frames.frame(Frames.lobby(seq: 3)))
        #expect(brain.handle(Frames.frame(.event(.phaseChoosing(round: 1, drawerId: "p_ada", deadline: 1), seq: 4))) == ["round 1: Ada chooses a word"])
        #expect(brain.handle(Frames.frame(.event(.chat(playerId: "p_bot", text: "hi", guessedOnly: false), seq: 5))) == ["Bot1: hi"])
    }
}
