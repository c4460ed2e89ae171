import DoodleCore
import Synchronization

/// Whose turn it is in a lean room, which plays turn after turn as a real game does: the server
/// gives each turn to the next member (`chooseWord`, then `phaseDrawing` with the word), that
/// member draws, and the turn ends either when every guesser has guessed the word or when its
/// time is up; then the next turn follows.
///
/// Each turn's drawing lasts a random 50–150% of the time the turn allows, capped at all of it
/// (seeded by the room and the turn, so runs repeat): half the turns run their full time and
/// end on the server's clock; the others stop at 50–100% of it and end with every other member
/// guessing the word, which ends the turn at once (`allGuessed`). So rooms' turns end at
/// different moments, as real rooms' do, and not all together a turn length after their rooms
/// were made. No figures for how real turns end were found: the share is an assumption, stated
/// where figures are quoted.
///
/// A drawer starts no stroke in the last `margin` of its turn (the longest stroke of the plan
/// and a second more) and finishes the stroke it is in before the turn ends; the guessers
/// answer only then. So the next drawer starts at a stroke's beginning and the ordinals run on
/// unbroken, which is what lets every member check every message's identity and order across
/// turns. One lock per room, taken at the drawer's rate and at each turn's start.
final class LeanTurns: Sendable {
    private struct State {
        /// The member drawing now; nil between turns, or once its drawing is over and its last
        /// stroke finished.
        var drawer: Int?
        /// Run clock ns after which the drawer starts no new stroke.
        var newStrokesUntil: UInt64 = 0
        /// Whether this turn's drawing stops short, to end with everyone guessing.
        var endsWithGuesses = false
        var turns = 0
        /// The room's time is up: its members leave and take no more turns.
        var over = false
    }

    /// What the drawer's tick does.
    enum Tick: Equatable {
        /// Send the next message from this member.
        case send(from: Int)
        /// Nothing: nobody holds the turn.
        case idle
        /// The drawing is over, its last stroke finished: every member but `drawer` sends the
        /// word now, ending the turn.
        case everyoneGuesses(drawer: Int)
    }

    let turnLength: Duration
    let margin: Duration
    private let handle: RoomHandle
    private let state = Mutex(State())

    init(turnLength: Duration, plan: StrokePlan, handle: RoomHandle) {
        self.turnLength = turnLength
        let longestStroke = (plan.shape.batches.map(\.count).max() ?? 0) + 1
        margin = .seconds(1) + .seconds(1) / plan.messagesPerSecond * longestStroke
        self.handle = handle
    }

    /// The room's time is up: no member takes a turn from now on (a word offered to a member
    /// that is leaving would be taken after its `leaveRoom`, and refused).
    func end() {
        state.withLock { state in
            state.over = true
            state.drawer = nil
        }
    }

    var isOver: Bool { state.withLock { $0.over } }

    /// Member `drawer` was given the turn (it read `phaseDrawing` with the word) at `now`.
    func begin(drawer: Int, now: UInt64) {
        let allowed = turnLength > margin ? (turnLength - margin).clampedNanoseconds : 0
        let began = state.withLock { state in
            guard !state.over else { return false }
            var random = SeededRandom(seed: UInt64(truncatingIfNeeded: handle.index &* 7_919 &+ state.turns) &* 0x9E37_79B9_7F4A_7C15)
            let share = Double.random(in: 0.5...1.5, using: &random)
            state.turns += 1
            state.drawer = drawer
            state.newStrokesUntil = now + UInt64(Double(allowed) * min(share, 1))
            state.endsWithGuesses = share < 1
            return true
        }
        if began { handle.turnsDrawn.add(1, ordering: .relaxed) }
    }

    /// True while `member` holds the turn.
    func isDrawing(_ member: Int) -> Bool {
        state.withLock { $0.drawer == member }
    }

    /// What to do with message `ordinal` at `now`: the drawer sends it, unless its drawing time
    /// is up and `ordinal` would begin a stroke; then the turn is over for the load, and ends
    /// with everyone guessing if it stopped short.
    func tick(ordinal: Int, beginsStroke: Bool, now: UInt64) -> Tick {
        state.withLock { state in
            guard let drawer = state.drawer else { return .idle }
            guard beginsStroke && now >= state.newStrokesUntil else { return .send(from: drawer) }
            state.drawer = nil
            return state.endsWithGuesses ? .everyoneGuesses(drawer: drawer) : .idle
        }
    }
}
