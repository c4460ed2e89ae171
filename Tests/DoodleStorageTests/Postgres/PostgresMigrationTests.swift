import DoodleStorageTestSupport
import Logging
import PostgresNIO
import Testing

@testable import DoodleStorage

@Suite("PostgreSQL migrations")
struct PostgresMigrationTests {
    static let logger = Logger(label: "doodle-storage-tests") { _ in SwiftLogNoOpLogHandler() }
    static let identifiers = [
        "v1-players-drawings-games", "v2-pairs", "v3-notification-outbox", "v4-room-directory", "v5-node-messages", "v6-public-rooms", "v7-moderation",
        "v8-accounts", "v9-leaderboard-periods", "v10-room-checkpoints", "v11-avatars", "v12-games-that-count", "v13-address-bans",
        "v14-telephone",
    ]

    @Test("an empty database migrates to SQLite's schema plus the room directory, node messages and public rooms: the same tables and indexes, text compared byte by byte")
    func migratesFromEmpty() async throws {
        try await PostgresTestDatabase.withMigratedDatabase { database in
            #expect(try await database.appliedMigrations() == Self.identifiers)
            let tables = try await strings(
                database, "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'doodle_migrations' ORDER BY 1")
            #expect(
                tables == [
                    "account_identity", "address_ban", "audit", "ban", "cluster_node", "deleted_player", "device", "drawing", "game", "game_chain_entry", "game_player",
                    "guess", "leaderboard_period", "link_code", "login_failure", "node_message", "notification", "pair", "pair_code", "pair_draft", "pair_drawing", "pair_member",
                    "pair_notice", "password_login", "player", "player_address", "public_room", "reaction", "report", "room_checkpoint", "room_checkpoint_stroke", "room_directory", "seat_directory",
                ])
            // The indexes created by name, as SQLite lists them: not those behind keys and UNIQUE.
            let indexes = try await strings(
                database,
                """
                SELECT index_class.relname::text FROM pg_index
                JOIN pg_class AS index_class ON index_class.oid = pg_index.indexrelid
                JOIN pg_namespace ON pg_namespace.oid = index_class.relnamespace
                WHERE pg_namespace.nspname = 'public'
                  AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE pg_constraint.conindid = pg_index.indexrelid)
                ORDER BY 1
                """)
            #expect(
                indexes == [
                    "account_identity_by_player", "address_ban_by_player", "device_by_player", "drawing_by_drawer", "drawing_by_game", "game_chain_entry_by_player",
                    "game_player_by_player", "guess_by_player", "leaderboard_period_ranking", "link_code_by_expiry", "link_code_by_player", "login_failure_by_email", "login_failure_by_time", "node_message_sent_at",
                    "notification_recipient", "pair_code_open", "pair_drawing_pending", "pair_drawing_received", "pair_drawing_sent",
                    "password_login_by_player", "player_address_by_time", "player_leaderboard", "public_room_order", "reaction_by_player", "report_by_reporter",
                    "report_by_status", "room_checkpoint_by_node", "room_directory_node", "seat_directory_code",
                ])
            let otherCollations = try await strings(
                database,
                """
                SELECT table_name::text || '.' || column_name::text FROM information_schema.columns
                WHERE table_schema = 'public' AND data_type = 'text' AND collation_name IS DISTINCT FROM 'C' ORDER BY 1
                """)
            #expect(otherCollations == [])
        }
    }

    @Test("migrating again keeps the data and applies nothing twice")
    func migratingAgainKeepsData() async throws {
        try await PostgresTestDatabase.withFreshDatabase { location in
            try await PostgresTestDatabase.withRunning(try await PostgreSQLDatabase.open(location: location, logger: Self.logger)) { (first) async throws in
                try await first.client.query(
                    "INSERT INTO player (id, name, created_at, last_seen_at) VALUES ('p_kept', 'Kept', 1, 1)", logger: Self.logger)
            }
            try await PostgresTestDatabase.withRunning(try await PostgreSQLDatabase.open(location: location, logger: Self.logger)) { (second) async throws in
                #expect(try await second.appliedMigrations() == Self.identifiers)
                #expect(try await strings(second, "SELECT name FROM player WHERE id = 'p_kept'") == ["Kept"])
            }
        }
    }

    @Test("v8 moves every player's token into a first device and drops the column: old tokens keep working, only through the device")
    func tokensMoveToDevices() async throws {
        try await PostgresTestDatabase.withFreshDatabase { location in
            try await PostgreSQLDatabase.migrate(location: location, through: "v7-moderation", logger: Self.logger)
            try await PostgresLoneConnection.with(location) { connection in
                try await connection.query(
                    """
                    INSERT INTO player (id, name, token_hash, created_at, last_seen_at) VALUES
                        ('p_ada', 'Ada', 'hash-ada', 1000, 5000), ('p_bob', 'Bob', 'hash-bob', 2000, 3000), ('p_ghost', 'Ghost', NULL, 4000, 4000)
                    """, logger: Self.logger)
            }
            let database = try await PostgreSQLDatabase.open(location: location, logger: Self.logger)
            try await PostgresTestDatabase.withRunning(database) { (database) async throws in
                let storage = Storage(postgres: database)
                #expect(try await storage.appliedMigrations() == Self.identifiers)
                let ada = try #require(try await storage.playerStore.player(tokenHash: "hash-ada"))
                #expect(ada.playerId == "p_ada" && ada.createdAt == 1000 && ada.lastSeenAt == 5000)
                #expect(try await storage.playerStore.player(tokenHash: "hash-bob")?.playerId == "p_bob")
                let device = try #require(try await storage.accounts.device(tokenHash: "hash-ada"))
                #expect(device.playerId == "p_ada" && device.label == "First device" && device.createdAt == 1000 && device.lastSeenAt == 5000)
                let alphabet = Set("abcdefghijkmnpqrstuvwxyz23456789")
                #expect(device.id.hasPrefix("d_") && device.id.count == 18 && device.id.dropFirst(2).allSatisfy(alphabet.contains))
                let bobs = try #require(try await storage.accounts.devices(of: "p_bob").first)
                #expect(bobs.id != device.id)
                #expect(try await storage.accounts.devices(of: "p_ghost").isEmpty)
                #expect(try await strings(database, "SELECT column_name::text FROM information_schema.columns WHERE table_name = 'player' AND column_name = 'token_hash'") == [])
            }
        }
    }

    @Test("a database migrated by a newer server is refused")
    func refusesNewerSchema() async throws {
        try await PostgresTestDatabase.withMigratedDatabase { database in
            try await database.client.query(
                "INSERT INTO doodle_migrations (identifier, applied_at) VALUES ('v99-from-the-future', 2)", logger: Self.logger)
            await #expect(throws: StorageSchemaError.self) {
                try await PostgreSQLDatabase.open(location: database.location, logger: Self.logger)
            }
        }
    }

    @Test("several nodes starting at once on an empty database: each migration is applied once and every node starts")
    func concurrentMigrators() async throws {
        try await PostgresTestDatabase.withFreshDatabase { location in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask { _ = try await PostgreSQLDatabase.open(location: location, logger: Self.logger) }
                }
                try await group.waitForAll()
            }
            try await PostgresTestDatabase.withRunning(try await PostgreSQLDatabase.open(location: location, logger: Self.logger)) { (database) async throws in
                #expect(try await database.appliedMigrations() == Self.identifiers)
                #expect(try await strings(database, "SELECT count(*)::text FROM doodle_migrations") == ["\(Self.identifiers.count)"])
            }
        }
    }

    @Test("a server that cannot be reached, or a wrong password, stops opening with the reason")
    func unreachableServer() async throws {
        let server = try PostgresTestDatabase.server()
        var closedPort = server
        closedPort.port = 1
        var wrongPassword = server
        wrongPassword.password = "not-the-password"
        for (location, reason) in [(closedPort, "connecting to \(closedPort)"), (wrongPassword, "password authentication failed")] {
            await #expect {
                try await PostgreSQLDatabase.open(location: location, logger: Self.logger)
            } throws: { error in
                (error as? PostgresFailure)?.description.contains(reason) ?? false
            }
        }
    }

    private func strings(_ database: PostgreSQLDatabase, _ sql: String) async throws -> [String] {
        var values: [String] = []
        for try await value in try await database.client.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger).decode(String.self) {
            values.append(value)
        }
        return values
    }
}
