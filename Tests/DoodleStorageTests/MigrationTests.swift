import DoodleCore
import DoodleStorage
import Foundation
import GRDB
import Testing

@testable import DoodleStorage

@Suite("Database and migrations")
struct MigrationTests {
    static let identifiers = ["v1-players-drawings-games", "v2-pairs", "v3-notification-outbox", "v7-moderation", "v8-accounts", "v9-leaderboard-periods", "v10-room-checkpoints", "v11-avatars", "v12-games-that-count", "v13-address-bans", "v14-telephone"]

    @Test("an empty file migrates to the current schema, in WAL mode with foreign keys on")
    func migratesFromEmpty() async throws {
        try await StorageFixtures.withDatabase { database in
            #expect(try await database.appliedMigrations() == Self.identifiers)
            let (tables, indexes, journalMode, foreignKeys, synchronous) = try await database.pool.read { db in
                (
                    try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb_%' ORDER BY name"),
                    try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name"),
                    try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                    try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
                    try Int.fetchOne(db, sql: "PRAGMA synchronous")
                )
            }
            #expect(
                tables == [
                    "account_identity", "address_ban", "audit", "ban", "deleted_player", "device", "drawing", "game", "game_chain_entry", "game_player", "guess", "leaderboard_period",
                    "link_code", "login_failure", "notification", "pair", "pair_code", "pair_draft", "pair_drawing", "pair_member", "pair_notice",
                    "password_login", "player", "player_address", "reaction", "report", "room_checkpoint", "room_checkpoint_stroke",
                ])
            #expect(
                indexes == [
                    "account_identity_by_player", "address_ban_by_player", "device_by_player", "drawing_by_drawer", "drawing_by_game",
                    "game_chain_entry_by_player", "game_player_by_player", "guess_by_player", "leaderboard_period_ranking", "link_code_by_expiry", "link_code_by_player", "login_failure_by_email", "login_failure_by_time",
                    "notification_recipient", "pair_code_open", "pair_drawing_pending", "pair_drawing_received", "pair_drawing_sent",
                    "password_login_by_player", "player_address_by_time", "player_leaderboard", "reaction_by_player", "report_by_reporter", "report_by_status",
                    "room_checkpoint_by_node",
                ])
            #expect(journalMode == "wal")
            #expect(foreignKeys == 1)
            #expect(synchronous == 1)  // NORMAL
        }
    }

    @Test("reopening a file keeps its data and applies nothing twice")
    func reopenKeepsData() async throws {
        try await StorageFixtures.withTemporaryPath { path in
            let first = try SQLiteDatabase.open(path: path)
            try await StorageFixtures.withRunningWriter(first) { writer in
                writer.submit(StorageFixtures.drawing(id: "d_kept"))
            }
            let second = try SQLiteDatabase.open(path: path)
            #expect(try await second.appliedMigrations() == Self.identifiers)
            #expect(try await Storage(sqlite: second).archiveReader.drawing(id: "d_kept") != nil)
        }
    }

    @Test("v8 moves every player's token into a first device: old tokens keep working, only through the device")
    func tokensMoveToDevices() async throws {
        try await StorageFixtures.withTemporaryPath { path in
            let older = try DatabaseQueue(path: path)
            try SQLiteDatabase.migrator.migrate(older, upTo: "v7-moderation")
            try await older.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO player (id, name, token_hash, created_at, last_seen_at) VALUES
                            ('p_ada', 'Ada', 'hash-ada', 1000, 5000), ('p_bob', 'Bob', 'hash-bob', 2000, 3000),
                            ('p_ghost', 'Ghost', NULL, 4000, 4000)
                        """)
            }
            try older.close()

            let storage = Storage(sqlite: try SQLiteDatabase.open(path: path))
            #expect(try await storage.appliedMigrations() == Self.identifiers)
            let ada = try #require(try await storage.playerStore.player(tokenHash: "hash-ada"))
            #expect(ada.playerId == "p_ada" && ada.createdAt == 1000 && ada.lastSeenAt == 5000)
            #expect(try await storage.playerStore.player(tokenHash: "hash-bob")?.playerId == "p_bob")
            let device = try #require(try await storage.accounts.device(tokenHash: "hash-ada"))
            #expect(device.playerId == "p_ada" && device.label == "First device" && device.createdAt == 1000 && device.lastSeenAt == 5000)
            #expect(device.id.hasPrefix("d_") && device.id.count == 18)
            let bobs = try #require(try await storage.accounts.devices(of: "p_bob").first)
            #expect(bobs.id != device.id)
            #expect(try await storage.accounts.devices(of: "p_ghost").isEmpty)
            let remainingTokens = try await SQLiteDatabase.open(path: path).pool.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player WHERE token_hash IS NOT NULL")
            }
            #expect(remainingTokens == 0, "the retired column keeps no token")
        }
    }

    @Test("v12 recounts the stored totals: a game ended for want of players counts for no one, and a first place without points is no win")
    func recountsGamesThatCount() async throws {
        try await StorageFixtures.withTemporaryPath { path in
            let older = try DatabaseQueue(path: path)
            try SQLiteDatabase.migrator.migrate(older, upTo: "v11-avatars")
            let day = StorageFixtures.start
            try await older.write { db in
                // As the server before v12 wrote them: every line counted, every first place won.
                try db.execute(
                    sql: """
                        INSERT INTO player (id, name, created_at, last_seen_at, total_score, games, wins) VALUES
                            ('p_ada', 'Ada', 0, 0, 350, 3, 3), ('p_bob', 'Bob', 0, 0, 40, 2, 0);
                        INSERT INTO game (id, room_code, mode, reason, settings, started_at, ended_at) VALUES
                            ('g_real', 'K7PQ2M', 'party', 'completed', '{}', \(day), \(day)),
                            ('g_left', 'K7PQ2M', 'party', 'notEnoughPlayers', '{}', \(day), \(day)),
                            ('g_none', 'K7PQ2M', 'party', 'completed', '{}', \(day), \(day));
                        INSERT INTO game_player (game_id, position, player_id, name, score, rank) VALUES
                            ('g_real', 0, 'p_ada', 'Ada', 300, 1), ('g_real', 1, 'p_bob', 'Bob', 40, 2),
                            ('g_left', 0, 'p_ada', 'Ada', 50, 1),
                            ('g_none', 0, 'p_ada', 'Ada', 0, 1), ('g_none', 1, 'p_bob', 'Bob', 0, 1);
                        INSERT INTO leaderboard_period (player_id, period, starts_at, score, games, wins) VALUES
                            ('p_ada', 'day', \(day), 350, 3, 3), ('p_bob', 'day', \(day), 40, 2, 1);
                        """)
            }
            try older.close()

            let storage = Storage(sqlite: try SQLiteDatabase.open(path: path))
            let ada = try #require(try await storage.playerStore.player(id: "p_ada"))
            #expect((ada.score, ada.games, ada.wins) == (300, 2, 1))
            let bob = try #require(try await storage.playerStore.player(id: "p_bob"))
            #expect((bob.score, bob.games, bob.wins) == (40, 2, 0))
            let startsAt = try #require(LeaderboardPeriod.day.interval(containing: day)).from
            let today = try await storage.archiveReader.leaderboard(period: .day, startsAt: startsAt, limit: 10)
            #expect(today.map(\.playerId) == ["p_ada", "p_bob"])
            #expect(today.map(\.games) == [2, 2])
            #expect(today.map(\.wins) == [1, 0])
        }
    }

    @Test("a file migrated by a newer server is refused")
    func refusesNewerSchema() async throws {
        try await StorageFixtures.withTemporaryPath { path in
            let database = try SQLiteDatabase.open(path: path)
            try await database.pool.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
            }
            #expect(throws: StorageSchemaError.self) { try SQLiteDatabase.open(path: path) }
        }
    }

    @Test("`:memory:` opens a private in-memory database")
    func inMemory() async throws {
        let database = try SQLiteDatabase.open(path: ":memory:")
        #expect(try await database.appliedMigrations().count == Self.identifiers.count)
        #expect(try await Storage(sqlite: database).archiveReader.leaderboard(limit: 10).players.isEmpty)
    }
}
