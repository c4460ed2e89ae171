import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

/// Pairs formed and drawings stored straight into a live test server's database (through a
/// second connection to its file), so the reading routes have pairs to show without rooms.
struct PairSeed {
    static let start: Int64 = 1_700_000_000_000
    let pairs: any PairRepository

    init(server: TestServer) throws {
        pairs = Storage(sqlite: try SQLiteDatabase.open(path: server.databasePath)).pairRepository()
    }

    /// `joiner` takes the code `GET /v1/me/pair` shows `owner`.
    func form(_ pairId: String, owner: Welcome, joiner: Welcome, on server: TestServer) async throws {
        let status = try await server.call("GET", "/v1/me/pair", authorization: "Bearer \(owner.token)")
        let code = try #require(status.json?["code"]?.stringValue)
        let formation = try await pairs.form(code: code, joiner: joiner.playerId, joinerName: joiner.name, pairId: pairId, now: Self.start)
        #expect(formation == .formed(pairId: pairId, ownerId: owner.playerId))
    }

    /// A two-item drawing (a stroke and a fill) sent at `start + offset`.
    func send(_ id: String, in pairId: String, from sender: Welcome, to recipient: Welcome, at offset: Int64, word: String) async throws {
        let actions: [DrawingAction] = [
            .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#224466", width: 8, points: [100, 100, 300, 200, 500, 120])),
            .strokeEnd(strokeId: 1),
            .fill(FillAction(x: 800, y: 600, color: "#ffcc00")),
        ]
        let submission = PairSubmission(
            drawingId: id, clientDrawingId: "c_seed_\(id)", senderId: sender.playerId, recipientId: recipient.playerId, word: word,
            sentAt: Self.start + offset, actions: actions, strokes: CanvasReplay.visibleItems(after: actions))
        #expect(try await pairs.store(submission, pairId: pairId) == .stored)
    }

    func resolve(_ id: String, in pairId: String, status: PairDrawingStatus, word: String) async throws {
        let resolution = DrawingResolution(
            drawingId: id, guesserId: nil, word: word, attempts: 3, gained: 0, drawerGained: 0, streak: 0, scores: [:])
        try await pairs.storeResolution(resolution, status: status, pairId: pairId, seq: 1, at: Self.start + 1_000)
    }
}
