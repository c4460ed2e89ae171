import DoodleStorageTestSupport
import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing

@testable import DoodleStorage

/// Messages between nodes over PostgreSQL `LISTEN`/`NOTIFY`: delivered to whoever listens,
/// long ones through `node_message`, names checked, and a listener that loses its connection
/// says so and listens again.
@Suite("PostgreSQL node channels")
struct PostgresNodeChannelsTests {
    @Test("a message reaches the listeners of its channel only; one longer than a NOTIFY arrives whole and leaves no row", .timeLimit(.minutes(1)))
    func delivery() async throws {
        try await PostgresTestDatabase.withMigratedDatabase { database in
            let channels = PostgresNodeChannels(database: database)
            let a = Inbox(), b = Inbox()
            try await Self.whileListening(channels, [(a, ["node_a", "everyone"]), (b, ["node_b", "everyone"])]) {
                try await channels.send("to a", on: "node_a")
                let long = String(repeating: "é✏️", count: 4_000)  // 32,000 bytes of UTF-8
                try await channels.send(long, on: "node_a")
                try await channels.send("to all", on: "everyone")
                try await channels.send("to nobody", on: "node_c")
                try await a.wait(for: 3)
                try await b.wait(for: 1)
                #expect(a.messages.count == 3)
                #expect(a.messages.first == "to a")
                #expect(a.messages.dropFirst().first == long, "the long message arrives whole")
                #expect(a.messages.last == "to all")
                #expect(b.messages == ["to all"])
                #expect(a.listening == [true])
                #expect(b.listening == [true])
            }
            #expect(try await Self.storedMessages(database) == 0)
        }
    }

    @Test("a long message nobody took is swept by a later long send a minute on")
    func sweep() async throws {
        try await PostgresTestDatabase.withMigratedDatabase { database in
            try await Self.run(database, "INSERT INTO node_message (body, sent_at) VALUES ('orphan', now() - interval '2 minutes')")
            try await Self.run(database, "INSERT INTO node_message (body) VALUES ('recent')")
            try await PostgresNodeChannels(database: database).send(String(repeating: "x", count: 9_000), on: "nobody")
            #expect(try await Self.storedMessages(database) == 2, "the orphan went; the recent row and the new one stay")
        }
    }

    @Test("names outside the rules are refused before anything is sent or listened to", arguments: ["", "Node", "node-a", "node a", "x\"y", String(repeating: "n", count: 64)])
    func badNames(_ name: String) async throws {
        try await PostgresTestDatabase.withMigratedDatabase { database in
            let channels = PostgresNodeChannels(database: database)
            await #expect(throws: NodeChannelNameError.self) { try await channels.send("hello", on: name) }
            await #expect(throws: NodeChannelNameError.self) {
                try await channels.listen(on: ["fine", name]) { _ in } receive: { _ in }
            }
        }
    }

    @Test("a listener whose connection the server ends says it lost its way, listens again, and hears what is sent then", .timeLimit(.minutes(1)))
    func reconnects() async throws {
        try await PostgresTestDatabase.withMigratedDatabase { database in
            let channels = PostgresNodeChannels(database: database, firstRetry: .milliseconds(50))
            let inbox = Inbox()
            try await Self.whileListening(channels, [(inbox, ["node_a"])]) {
                #expect(try await PostgresBackends.terminate(applicationName: PostgresNodeChannels.applicationName, in: database.location) == 1)
                try await inbox.waitForListening([true, false, true])
                try await channels.send("after", on: "node_a")
                try await inbox.wait(for: 1)
                #expect(inbox.messages == ["after"])
            }
        }
    }

    // MARK: - Helpers

    /// What one listener heard.
    final class Inbox: Sendable {
        private let state = Mutex<(messages: [String], listening: [Bool])>(([], []))

        var messages: [String] { state.withLock { $0.messages } }
        var listening: [Bool] { state.withLock { $0.listening } }

        func received(_ text: String) { state.withLock { $0.messages.append(text) } }
        func listened(_ isListening: Bool) { state.withLock { $0.listening.append(isListening) } }

        func wait(for count: Int) async throws {
            try await Self.until { self.messages.count >= count }
        }

        func waitForListening(_ states: [Bool]) async throws {
            try await Self.until { self.listening == states }
            #expect(listening == states)
        }

        static func until(_ condition: () -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(10)
            while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    /// Runs `body` once every inbox listens on its channels, then stops them.
    static func whileListening(
        _ channels: PostgresNodeChannels, _ listeners: [(Inbox, [String])], _ body: @Sendable () async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (inbox, names) in listeners {
                group.addTask {
                    try await channels.listen(on: names) { inbox.listened($0) } receive: { inbox.received($0) }
                }
            }
            for (inbox, _) in listeners { try await Inbox.until { inbox.listening.first == true } }
            try await body()
            group.cancelAll()
        }
    }

    static func storedMessages(_ database: PostgreSQLDatabase) async throws -> Int {
        Int(try await database.clusterRead { try await $0.value("SELECT count(*) FROM node_message", as: Int64.self) } ?? -1)
    }

    static func run(_ database: PostgreSQLDatabase, _ statement: PostgresQuery) async throws {
        try await database.clusterRead { try await $0.execute(statement) }
    }
}
