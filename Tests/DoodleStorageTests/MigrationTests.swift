import DoodleStorage
import Foundation
import GRDB
import Testing

@testable import DoodleStorage

@Suite("Database and migrations")
struct MigrationTests {
    @Test("an empty file migrates to the current schema, in WAL mode with foreign keys on")
    func migratesFromEmpty() async throws {
        try await StorageFixtures.withDatabase { database in
            #expect(try await database.appliedMigrations() == ["v1-players-drawings-games", "v2-pairs", "v3-notification-outbox", "v7-moderation"])
            let (tables, indexes, journalMode, foreignKeys, synchronous) = try await database.connection.read { db in
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
                    "audit", "ban", "deleted_player", "drawing", "game", "game_player", "guess", "notification", "pair", "pair_code",
                    "pair_draft", "pair_drawing", "pair_member", "pair_notice", "player", "reaction", "report",
                ])
            #expect(
                indexes == [
                    "drawing_by_drawer", "drawing_by_game", "game_player_by_player", "guess_by_player", "notification_recipient", "pair_code_open",
                    "pair_drawing_pending", "pair_drawing_received", "pair_drawing_sent", "player_leaderboard", "reaction_by_player",
                    "report_by_reporter", "report_by_status",
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
            #expect(try await second.appliedMigrations() == ["v1-players-drawings-games", "v2-pairs", "v3-notification-outbox", "v7-moderation"])
            #expect(try await SQLiteArchiveReader(database: second).drawing(id: "d_kept") != nil)
        }
    }

    @Test("a file migrated by a newer server is refused")
    func refusesNewerSchema() async throws {
        try await StorageFixtures.withTemporaryPath { path in
            let database = try SQLiteDatabase.open(path: path)
            try await database.connection.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
            }
            #expect(throws: StorageSchemaError.self) { try SQLiteDatabase.open(path: path) }
        }
    }

    @Test("`:memory:` opens a private in-memory database")
    func inMemory() async throws {
        let database = try SQLiteDatabase.open(path: ":memory:")
        #expect(try await database.appliedMigrations().count == 4)
        #expect(try await SQLiteArchiveReader(database: database).leaderboard(limit: 10).players.isEmpty)
    }
}
