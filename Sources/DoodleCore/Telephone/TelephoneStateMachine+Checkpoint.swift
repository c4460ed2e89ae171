/// A telephone game in a room's checkpoint (PROTOCOL.md rev 5: "every chain so far and every
/// submission of the current step"), and built up again from one.
///
/// Unlike a party turn's canvas, the step's drawings ride in the checkpoint's state itself: a
/// step has one canvas per seat, and the stroke rows of a checkpoint hold one drawing. Finished
/// drawings are not in it: they are archived at their step's end, and the chains name them.
/// What a describe step shows is kept, since its drawings were the last step's.
public struct TelephoneCheckpoint: Sendable, Codable, Equatable {
    var gameId: String
    var players: [TelephoneStateMachine.Player]
    var start: TelephoneStart
    var steps: Int
    var writeMillis: Int64
    var drawMillis: Int64
    var autoRevealMillis: Int64?
    var words: [String]
    var random: SeededRandom
    var stage: TelephoneStateMachine.Stage
    var step: Int
    var deadline: Int64?
    var stepStartedAt: Int64
    var chains: [[ChainEntry]]
    var submitted: [PlayerID]
    var texts: [PlayerID: String]
    /// Each drawer's record of this step, as its drawing messages came.
    var boards: [PlayerID: [DrawingAction]]
    var previousDrawings: [Int: [CanvasItem]]
    var revealed: Int
}

extension TelephoneStateMachine {
    var checkpoint: TelephoneCheckpoint {
        TelephoneCheckpoint(
            gameId: gameId, players: players, start: start, steps: steps, writeMillis: writeMillis, drawMillis: drawMillis,
            autoRevealMillis: autoRevealMillis, words: words, random: random, stage: stage, step: step, deadline: deadline,
            stepStartedAt: stepStartedAt, chains: chains, submitted: submitted.sorted(), texts: texts,
            boards: boards.mapValues(\.record), previousDrawings: previousDrawings, revealed: revealed)
    }

    /// The game of a checkpoint, its times moved by `move` (the time the room had no host).
    /// Checked as strictly as a party room's: a checkpoint that contradicts itself is refused.
    init(
        restoring saved: TelephoneCheckpoint, roomCode: String, rules: TelephoneRules, limits: LimitRules,
        move: (Int64) throws(RoomRestoreError) -> Int64
    ) throws(RoomRestoreError) {
        let count = saved.players.count
        guard count >= 1, saved.chains.count == count else { throw .corrupt("a telephone game of \(count) players has \(saved.chains.count) chains") }
        guard (1...count).contains(saved.steps), (0...saved.steps).contains(saved.step) else {
            throw .corrupt("telephone step \(saved.step) of \(saved.steps)")
        }
        guard saved.chains.allSatisfy({ $0.count <= saved.steps }) else { throw .corrupt("a chain longer than the game's steps") }
        let total = saved.chains.reduce(0) { $0 + $1.count }
        guard (0...total).contains(saved.revealed) else { throw .corrupt("\(saved.revealed) entries revealed of \(total)") }
        guard saved.start != .words || saved.words.count == count else { throw .corrupt("a chain without its word") }
        // Each is added to a clock reading when a step or an entry begins: a corrupt one would
        // trap there, so it is bounded here (a day, as GameRules bounds every time).
        let day: Int64 = 86_400_000
        for (name, millis) in [("writeMillis", saved.writeMillis), ("drawMillis", saved.drawMillis), ("autoRevealMillis", saved.autoRevealMillis ?? 0)] {
            guard (0...day).contains(millis) else { throw .corrupt("\(name) \(millis) is out of bounds") }
        }
        var boards: [PlayerID: DrawingBoard] = [:]
        for (player, record) in saved.boards {
            guard let board = DrawingBoard(limits: limits, replaying: record) else { throw .strokesRefused }
            boards[player] = board
        }
        self.init(
            gameId: saved.gameId, roomCode: roomCode, players: saved.players, start: saved.start, steps: saved.steps,
            writeMillis: saved.writeMillis, drawMillis: saved.drawMillis, autoRevealMillis: saved.autoRevealMillis,
            maxTextLength: rules.maxTextLength, limits: limits, words: saved.words, random: saved.random, chains: saved.chains)
        stage = saved.stage
        step = saved.step
        deadline = try saved.deadline.map { time throws(RoomRestoreError) in try move(time) }
        stepStartedAt = try move(saved.stepStartedAt)
        submitted = Set(saved.submitted)
        texts = saved.texts
        self.boards = boards
        previousDrawings = saved.previousDrawings
        revealed = saved.revealed
    }
}
