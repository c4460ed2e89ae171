import Testing

@testable import DoodleLoad

/// `LeanTurns` on a clock of the test's own: who sends each tick, where a turn's drawing stops,
/// and how a turn that stops short ends.
@Suite("Lean turns")
struct LeanTurnsTests {
    private let plan = StrokePlan.sketched()
    private let second: UInt64 = 1_000_000_000

    private func turns(room: Int) -> LeanTurns {
        LeanTurns(turnLength: .seconds(80), plan: plan, handle: RoomHandle(index: room, players: 8))
    }

    /// Ticks every 50 ms from `start` until the turn is over for the load; returns what ended
    /// it, the ordinal it stopped at and when.
    private func drawTurn(_ turns: LeanTurns, from ordinal: Int, start: UInt64) -> (ending: LeanTurns.Tick, ordinal: Int, at: UInt64) {
        var ordinal = ordinal
        var now = start
        while true {
            let tick = turns.tick(ordinal: ordinal, beginsStroke: plan.beginsStroke(ordinal: ordinal), now: now)
            guard case .send = tick else { return (tick, ordinal, now) }
            ordinal += 1
            now += second / 20
        }
    }

    @Test("nobody sends before a turn begins, and the one who holds it sends")
    func senderFollowsTheTurn() {
        let turns = turns(room: 1)
        #expect(turns.tick(ordinal: 0, beginsStroke: true, now: 0) == .idle)
        turns.begin(drawer: 3, now: 0)
        #expect(turns.isDrawing(3))
        #expect(!turns.isDrawing(0))
        #expect(turns.tick(ordinal: 0, beginsStroke: true, now: 0) == .send(from: 3))
    }

    @Test("a drawing stops only where a stroke would begin, within the turn less its margin, and the next turn goes on from there")
    func drawingStopsAtAStrokeBoundary() {
        let allowed = (Duration.seconds(80) - turns(room: 0).margin).clampedNanoseconds
        var shortTurns = 0
        var fullTurns = 0
        for room in 0..<40 {
            let turns = turns(room: room)
            var ordinal = 0
            var start: UInt64 = 0
            for drawer in 0..<3 {
                turns.begin(drawer: drawer, now: start)
                let (ending, stoppedAt, at) = drawTurn(turns, from: ordinal, start: start)
                #expect(plan.beginsStroke(ordinal: stoppedAt), "the next drawer begins a stroke")
                #expect(at - start >= allowed / 2, "at least half the time allowed")
                // Its last stroke is finished within the margin, before the server's deadline.
                #expect(at - start <= (Duration.seconds(80) - .seconds(1)).clampedNanoseconds)
                switch ending {
                case .everyoneGuesses(let guessed):
                    #expect(guessed == drawer)
                    shortTurns += 1
                case .idle:
                    #expect(at - start >= allowed, "a turn that does not stop short runs its full time")
                    fullTurns += 1
                case .send:
                    Issue.record("drawTurn returns only at the end of a drawing")
                }
                #expect(turns.tick(ordinal: stoppedAt, beginsStroke: true, now: at) == .idle, "nobody draws between turns")
                ordinal = stoppedAt
                start = at + 2 * second
            }
        }
        // Half of each, as the seeded shares fall: both kinds must occur.
        #expect(shortTurns > 20)
        #expect(fullTurns > 20)
    }

    @Test("a room whose time is up takes no more turns")
    func endedRoomTakesNoTurn() {
        let turns = turns(room: 2)
        turns.begin(drawer: 1, now: 0)
        turns.end()
        #expect(turns.isOver)
        #expect(turns.tick(ordinal: 0, beginsStroke: true, now: 0) == .idle)
        turns.begin(drawer: 2, now: second)
        #expect(!turns.isDrawing(2))
    }
}
