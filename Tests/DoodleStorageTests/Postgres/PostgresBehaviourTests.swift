import DoodleCore
import DoodleStorageTestSupport
import Foundation
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import DoodleStorage

/// What only PostgreSQL has to prove: several nodes on one database, and errors told apart.
@Suite("PostgreSQL: several nodes, errors")
struct PostgresBehaviourTests {
    static let logger = StorageFixtures.logger
    static let start = StorageFixtures.start

    @Test("two nodes claiming due notifications at once never take the same one; an unsettled claim comes back")
    func outboxClaims() async throws {
        try await PostgresTestDatabase.withMigratedDatabase(logger: Self.logger) { first in
            let pairs = Storage(postgres: first).pairRepository(queuesNotifications: true)
            for index in 0..<10 {
                _ = try await pairs.membership(of: "p_owner\(index)", now: Self.start) { "CODE\(index)" }
                let formed = try await pairs.form(
                    code: "CODE\(index)", joiner: "p_joiner\(index)", joinerName: "Joiner", pairId: "pr_\(index)", now: Self.start,
                    notifyOwner: true)
                #expect(formed == .formed(pairId: "pr_\(index)", ownerId: "p_owner\(index)"))
            }
            let second = try await PostgreSQLDatabase.open(location: first.location, logger: Self.logger)
            try await PostgresTestDatabase.withRunning(second) { second in
                let nodes = [Storage(postgres: first).outbox, Storage(postgres: second).outbox]
                let claims = try await withThrowingTaskGroup(of: [QueuedNotification].self) { group in
                    for node in nodes {
                        group.addTask { try await node.due(now: Self.start, limit: 10) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let ids = claims.flatMap { $0.map(\.id) }
                #expect(ids.count == 10 && Set(ids).count == 10, "each notification claimed exactly once: \(claims.map { $0.map(\.id) })")
                #expect(try await nodes[0].due(now: Self.start + 1, limit: 10).isEmpty, "claimed rows are not due again at once")
                // A node that died holding claims: they are due again once the claim runs out.
                let later = Self.start + SQLNotificationOutbox.claimMilliseconds
                let again = try await nodes[1].due(now: later, limit: 10)
                #expect(Set(again.map(\.id)) == Set(ids))
                for item in again { try await nodes[0].delivered(item.id) }
                #expect(try await nodes[1].depth() == 0)
            }
        }
    }

    @Test("a batch too big for one statement's 65,535 parameters is written in several")
    func bigBatch() async throws {
        try await StorageFixtures.withStorage(.postgres) { storage, sql in
            let guessers = (0..<3).map { GuessRecord(playerId: "p_guesser\($0)", gained: 10, atMilliseconds: 1) }
            // One batch of 4,000 drawings: 48,000 drawing parameters and 60,000 guess parameters.
            let batch = try (0..<4_000).map { try PendingWrite.drawing(StorageFixtures.drawing(id: "d_\($0)", guessers: guessers)).prepared() }
            try await storage.batchWriter.write(batch)
            #expect(try await sql.count("drawing") == 4_000)
            #expect(try await sql.count("guess") == 12_000)
            // The same batch again stores nothing twice.
            try await storage.batchWriter.write(batch)
            #expect(try await sql.count("guess") == 12_000)
        }
    }

    @Test(
        "a server's error is an outage, a lost race or a refusal by its SQLSTATE",
        arguments: [
            ("57P01", PostgresErrorKind.outage), ("57P03", .outage), ("53100", .outage), ("53300", .outage), ("08006", .outage),
            ("40001", .outage), ("40P01", .outage), ("23505", .conflict), ("23503", .refused), ("22012", .refused), ("42P01", .refused),
        ])
    func classifiesServerErrors(sqlState: String, kind: PostgresErrorKind) async throws {
        try await PostgresTestDatabase.withMigratedDatabase(logger: Self.logger) { database in
            let failure = await #expect(throws: PSQLError.self) {
                try await database.write { session in
                    try session.execute(SQLQuery(sql: "DO $$ BEGIN RAISE EXCEPTION 'staged' USING ERRCODE = '\(sqlState)'; END $$"))
                }
            }
            let error = try #require(failure)
            #expect(error.serverInfo?[.sqlState] == sqlState)
            #expect(PostgresErrorKind(error) == kind)
        }
    }

    @Test("a connection that fails or a call that times out is an outage; anything else is refused")
    func classifiesOtherErrors() {
        #expect(PostgresErrorKind(IOError(errnoCode: ECONNREFUSED, reason: "connect")) == .outage)
        #expect(PostgresErrorKind(ChannelError.ioOnClosedChannel) == .outage)
        #expect(PostgresErrorKind(PostgresUnavailable(seconds: 10)) == .outage)
        #expect(PostgresErrorKind(StrokeCodecError.truncated(offset: 0)) == .refused)
    }
}
