import Synchronization

/// Whose turn it is in a lean room, which plays turn after turn as a real game does: the server
/// gives each turn to the next member (`chooseWord`, then `phaseDrawing` with the word), that
/// member draws until its time is nearly up, and the next turn follows.
///
/// A drawer starts no stroke in the last `margin` of its turn (the longest stroke of the plan
/// and a second more), so it finishes its last stroke before the server ends the turn: the next
/// drawer then starts at a stroke's beginning and the ordinals run on unbroken, which is what
/// lets every member check every message's identity and order across turns. One lock per
/// room, taken at the drawer's rate and at each turn's start.
final class LeanTurns: Sendable {
    private struct State {
        /// The member drawing now; nil between turns, or once its time for new strokes is up
        /// and its last stroke is finished.
        var drawer: Int?
        /// Run clock ns after which the drawer starts no new stroke.
        var newStrokesUntil: UInt64 = 0
        /// The room's time is up: its members leave and take no more turns.
        var over = false
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
        let drawingTime = turnLength > margin ? (turnLength - margin).clampedNanoseconds : 0
        let began = state.withLock { state in
            guard !state.over else { return false }
            state.drawer = drawer
            state.newStrokesUntil = now + drawingTime
            return true
        }
        if began { handle.turnsDrawn.add(1, ordering: .relaxed) }
    }

    /// True while `member` holds the turn.
    func isDrawing(_ member: Int) -> Bool {
        state.withLock { $0.drawer == member }
    }

    /// The member to send message `ordinal` now, or nil if nobody should: between turns, or
    /// because the drawer's time for new strokes is up and `ordinal` would begin one (its turn
    /// is then over for the load).
    func sender(of ordinal: Int, beginsStroke: Bool, now: UInt64) -> Int? {
        state.withLock { state in
            guard let drawer = state.drawer else { return nil }
            if beginsStroke && now >= state.newStrokesUntil {
                state.drawer = nil
                return nil
            }
            return drawer
        }
    }
}
