import Logging
import PostgresNIO

/// ``NodeChannels`` on PostgreSQL: `pg_notify` to send, `LISTEN` on a connection of its own
/// (outside the pool, which would otherwise lose a connection to it for good) to receive.
///
/// A notification's payload must be shorter than 8,000 bytes (PostgreSQL's `NOTIFY`), and an
/// uploaded drawing can be far longer: such text goes into `node_message` in the same
/// transaction as a notification naming its row, so the row is there when the notification
/// arrives; the listener deletes it as it reads it. A row whose listener died is swept by the
/// next long send a minute later.
///
/// The listening connection is checked every `pingInterval` with `SELECT 1`: a server that went
/// away without closing the connection (a failover, a cut cable) would otherwise leave the node
/// deaf without knowing it. What does not answer within the interval counts as lost.
public struct PostgresNodeChannels: NodeChannels {
    /// The longest payload sent as it is; `NOTIFY` refuses 8,000 bytes and more.
    static let longestNotification = 7_999
    /// How a notification names a stored message: this, then the row's id.
    static let storedMessagePrefix = "node_message:"
    /// What the listening connection is called in `pg_stat_activity`, for operators.
    public static let applicationName = "doodle node signals"

    private let database: PostgreSQLDatabase
    private let pingInterval: Duration
    private let firstRetry: Duration
    private let longestRetry: Duration

    public init(
        database: PostgreSQLDatabase, pingInterval: Duration = .seconds(5), firstRetry: Duration = .milliseconds(100),
        longestRetry: Duration = .seconds(5)
    ) {
        self.database = database
        self.pingInterval = pingInterval
        self.firstRetry = firstRetry
        self.longestRetry = longestRetry
    }

    private var logger: Logger { database.logger }

    // MARK: - Sending

    public func send(_ text: String, on channel: String) async throws {
        try NodeChannelNameError.check(channel)
        do {
            if text.utf8.count <= Self.longestNotification {
                try await database.clusterRead { session in try await session.execute("SELECT pg_notify(\(channel), \(text))") }
                return
            }
            try await database.clusterTransaction { session in
                try await session.execute("DELETE FROM node_message WHERE sent_at < now() - interval '1 minute'")
                guard let id = try await session.value("INSERT INTO node_message (body) VALUES (\(text)) RETURNING id", as: Int64.self) else {
                    throw PostgresNodeChannelsError.noRowStored
                }
                try await session.execute("SELECT pg_notify(\(channel), \(Self.storedMessagePrefix + String(id)))")
            }
        } catch {
            throw PostgresFailure(error, while: "sending a message on channel \(channel)")
        }
    }

    // MARK: - Listening

    public func listen(on channels: [String], listening: (Bool) async -> Void, receive: (String) async -> Void) async throws {
        for channel in channels { try NodeChannelNameError.check(channel) }
        var retry = firstRetry
        var connectionID = 0
        while !Task.isCancelled {
            connectionID += 1
            var listened = false
            do {
                var configuration = try database.location.connectionConfiguration()
                configuration.options.additionalStartupParameters = [("application_name", Self.applicationName)]
                let connection = try await PostgresConnection.connect(configuration: configuration, id: connectionID, logger: logger)
                do {
                    try await listen(on: connection, to: channels[...], taken: []) { notifications in
                        listened = true
                        retry = firstRetry
                        await listening(true)
                        try await forward(notifications, checking: connection, to: receive)
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch where !Task.isCancelled {
                logger.warning(
                    "listening for other nodes' messages failed; trying again", metadata: ["error": "\(String(reflecting: error))"])
            } catch {}
            guard !Task.isCancelled else { return }
            if listened { await listening(false) }
            do {
                try await Task.sleep(for: retry)
            } catch {
                return
            }
            retry = min(retry * 2, longestRetry)
        }
    }

    /// `LISTEN`s on each channel in turn (postgres-nio listens one channel per call), then runs
    /// `body` with all their notification sequences; leaving it `UNLISTEN`s them all.
    private nonisolated(nonsending) func listen(
        on connection: PostgresConnection, to channels: ArraySlice<String>, taken: [PostgresNotificationSequence],
        body: ([PostgresNotificationSequence]) async throws -> Void
    ) async throws {
        guard let channel = channels.first else { return try await body(taken) }
        try await connection.listen(on: channel) { notifications in
            try await listen(on: connection, to: channels.dropFirst(), taken: taken + [notifications], body: body)
        }
    }

    /// Hands every notification of `sequences` to `receive` until one of them ends (the
    /// connection failed) or the connection stops answering its pings; throws then.
    private func forward(
        _ sequences: [PostgresNotificationSequence], checking connection: PostgresConnection, to receive: (String) async -> Void
    ) async throws {
        let (merged, arrivals) = AsyncStream.makeStream(of: Result<String, any Error>.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sequence in sequences {
                group.addTask {
                    do {
                        for try await notification in sequence { arrivals.yield(.success(notification.payload)) }
                        arrivals.yield(.failure(PostgresNodeChannelsError.listeningEnded))
                    } catch {
                        arrivals.yield(.failure(error))
                    }
                }
            }
            group.addTask { [pingInterval, logger] in
                do {
                    try await Self.ping(connection, every: pingInterval, logger: logger)
                } catch {
                    arrivals.yield(.failure(error))
                }
            }
            defer { group.cancelAll() }
            for await arrival in merged {
                let text: String
                switch arrival {
                case .success(let payload): text = payload
                case .failure(let error): throw error
                }
                if text.hasPrefix(Self.storedMessagePrefix) {
                    guard let stored = await take(storedMessage: text) else { continue }
                    await receive(stored)
                } else {
                    await receive(text)
                }
            }
        }
    }

    /// Sends `SELECT 1` every `interval` and throws when one fails or has no answer within the
    /// interval; closing the connection then ends its notification sequences too.
    private static func ping(_ connection: PostgresConnection, every interval: Duration, logger: Logger) async throws {
        while true {
            try await Task.sleep(for: interval)
            let answered = try await withThrowingTaskGroup(of: Bool.self) { race in
                race.addTask {
                    // Not `query`: a statement sent just after the connection closed would never
                    // be answered (PostgresConnection.queryWhileOpen says why).
                    _ = try await connection.queryWhileOpen("SELECT 1", logger: logger)
                    return true
                }
                race.addTask {
                    try await Task.sleep(for: interval)
                    return false
                }
                defer { race.cancelAll() }
                guard let first = try await race.next() else { return false }
                if !first { try? await connection.close() }
                return first
            }
            if !answered { throw PostgresNodeChannelsError.pingUnanswered }
        }
    }

    /// The text a notification names by its row, deleted as it is read: nil (and logged) if it
    /// is gone, swept or taken already.
    private func take(storedMessage reference: String) async -> String? {
        guard let id = Int64(reference.dropFirst(Self.storedMessagePrefix.count)) else {
            logger.error("a node message names no stored row", metadata: ["payload": "\(reference)"])
            return nil
        }
        do {
            let body = try await database.clusterRead { session in
                try await session.value("DELETE FROM node_message WHERE id = \(id) RETURNING body", as: String.self)
            }
            if body == nil { logger.warning("a stored node message was gone before it was read", metadata: ["id": "\(id)"]) }
            return body
        } catch {
            logger.error("reading a stored node message failed", metadata: ["id": "\(id)", "error": "\(String(reflecting: error))"])
            return nil
        }
    }
}

enum PostgresNodeChannelsError: Error, CustomStringConvertible {
    case noRowStored
    case listeningEnded
    case pingUnanswered

    var description: String {
        switch self {
        case .noRowStored: "storing a long node message returned no row"
        case .listeningEnded: "the listening connection stopped delivering notifications"
        case .pingUnanswered: "the listening connection did not answer a ping in time"
        }
    }
}
