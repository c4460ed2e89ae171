import DoodleCore
import DoodleStorage
import Testing

/// The head-only reads behind a picture's `ETag`: a drawing's time, for exactly those who may
/// see its picture, and nil for everyone and everything else.
@Suite("Picture revisions")
struct PictureRevisionTests {
    @Test("a pair drawing's sentAt for its sender and recipient; nil for a stranger, no viewer or an unknown id", arguments: Backend.allCases)
    func pairDrawing(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, _ in
            let pairs = storage.pairRepository()
            let reader = storage.pairReader
            try await PairReaderTests.form(pairs, "pr_1", owner: "p_ada", joiner: "p_bob", code: "ADACDE")
            try await PairReaderTests.send(pairs, "d_1", in: "pr_1", from: "p_ada", to: "p_bob", at: 42)
            for viewer in ["p_ada", "p_bob"] {
                #expect(try await reader.drawingSentAt(id: "d_1", viewer: viewer) == StorageFixtures.start + 42)
            }
            #expect(try await reader.drawingSentAt(id: "d_1", viewer: "p_cy") == nil)
            #expect(try await reader.drawingSentAt(id: "d_1", viewer: nil) == nil)
            #expect(try await reader.drawingSentAt(id: "d_none", viewer: "p_ada") == nil)
        }
    }

    @Test("a finished game's drawing's endedAt, the same the full read gives; nil for an unknown id", arguments: Backend.allCases)
    func partyDrawing(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, _ in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(StorageFixtures.drawing(id: "d_party", endedAt: StorageFixtures.start + 77))
                #expect(await writer.flush())
            }
            let reader = storage.archiveReader
            let full = try #require(try await reader.drawing(id: "d_party"))
            #expect(full.endedAt == StorageFixtures.start + 77)
            #expect(try await reader.drawingEndedAt(id: "d_party") == full.endedAt)
            #expect(try await reader.drawingEndedAt(id: "d_none") == nil)
        }
    }

    @Test("a drawing's summary by id: what the full read says, without the record; nil for an unknown id", arguments: Backend.allCases)
    func summaryById(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, _ in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(
                    StorageFixtures.drawing(
                        id: "d_party",
                        guessers: [
                            GuessRecord(playerId: "p_bob", gained: 120, atMilliseconds: 4_000),
                            GuessRecord(playerId: "p_cy", gained: 80, atMilliseconds: 9_000),
                        ], endedAt: StorageFixtures.start + 77))
                #expect(await writer.flush())
            }
            let reader = storage.archiveReader
            let full = try #require(try await reader.drawing(id: "d_party"))
            #expect(full.guessers.count == 2)
            let summary = try #require(try await reader.drawingSummary(id: "d_party"))
            #expect(summary.id == full.id && summary.gameId == full.gameId && summary.roomCode == full.roomCode)
            #expect(summary.word == full.word && summary.drawer == full.drawer)
            #expect(summary.guesserCount == full.guessers.count && summary.reactions == full.reactions)
            #expect(summary.startedAt == full.startedAt && summary.endedAt == full.endedAt)
            #expect(try await reader.drawingSummary(id: "d_none") == nil)
        }
    }
}
