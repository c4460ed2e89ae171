import DoodleStorage
import GRDB
import Testing

import DoodleCore

@Suite("Player sessions")
struct PlayerRepositoryTests {
    @Test("a session creates the player, renames it and updates last-seen; a stale one changes nothing", arguments: Backend.allCases)
    func sessions(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
                await players.saveSession(playerId: "p_ada", name: "Ada", tokenHash: "h1", at: 1_000, newDeviceLabel: "iPhone")
                await players.saveSession(playerId: "p_ada", name: "Ada L.", tokenHash: "h1", at: 2_000)
                await players.saveSession(playerId: "p_ada", name: "Stale", tokenHash: "h1", at: 1_500)
                let ada = try #require(try await players.player(tokenHash: "h1"))
                #expect(ada == PlayerProfile(playerId: "p_ada", name: "Ada L.", score: 0, games: 0, wins: 0, createdAt: 1_000, lastSeenAt: 2_000))
                #expect(try await players.player(id: "p_ada") == ada)
                #expect(try await players.player(tokenHash: "h2") == nil)
            }
        }
    }

    @Test("a session that cannot be written at once is queued on the writer and saved later")
    func sessionFallsBackToTheWriter() async throws {
        try await StorageFixtures.withTemporaryPath { path in
            let database = try SQLiteDatabase.open(path: path, busyTimeoutSeconds: 0.01)
            var configuration = ArchiveWriter.Configuration()
            configuration.initialRetryDelay = .milliseconds(5)
            configuration.maxRetryDelay = .milliseconds(20)
            try await StorageFixtures.withRunningWriter(database, configuration: configuration) { writer in
                let players = PlayerRepository(store: Storage(sqlite: database).playerStore, writer: writer, logger: StorageFixtures.logger)
                let blocker = try StorageFixtures.holdExclusiveLock(on: path)
                await players.saveSession(playerId: "p_ada", name: "Ada", tokenHash: "h1", at: 1_000, newDeviceLabel: "iPhone")
                #expect(writer.statistics.queued == 1)
                try blocker.inDatabase { db in try db.execute(sql: "COMMIT") }
                #expect(await writer.flush())
                #expect(writer.statistics.savedSessions == 1)
                #expect(try await players.player(tokenHash: "h1")?.name == "Ada")
            }
        }
    }
}
