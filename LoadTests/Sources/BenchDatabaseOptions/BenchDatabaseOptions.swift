import ArgumentParser
import DoodleStorage
import Foundation
import Logging

/// The options of a bench that fills a database: a scratch SQLite file (in `--directory`,
/// deleted afterwards unless `--keep`) or the empty PostgreSQL database `--database` names, and
/// the diagnostics' `--log-level`. Shared by `doodle-archive-bench` and `doodle-leaderboard-bench`.
public struct BenchDatabaseOptions: ParsableArguments, Sendable {
    @Option(help: "Folder for the database file (default: the temporary folder).") public var directory: String?
    @Option(help: "An empty PostgreSQL database, postgres://user:password@host:port/database, instead of a SQLite file.")
    public var database: String?
    @Flag(help: "Keep the database file instead of deleting it.") public var keep = false
    @Option(help: "Log level for diagnostics on standard error.") public var logLevel = "warning"

    public init() {}

    public func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level must be a swift-log level") }
        if let database {
            do {
                _ = try PostgresLocation(url: database)
            } catch {
                throw ValidationError("--database: \(error)")
            }
        }
    }

    /// A logger to standard error at `--log-level`.
    public func logger(label: String) -> Logger {
        var logger = Logger(label: label, factory: { label in StreamLogHandler.standardError(label: label) })
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .warning
        return logger
    }

    /// The PostgreSQL database `--database` names, nil for a SQLite file.
    public func postgresLocation() throws -> PostgresLocation? {
        try database.map { try PostgresLocation(url: $0) }
    }

    /// Runs `body` with the path of a new SQLite file named after `bench`, then deletes the file
    /// and its WAL and shared-memory files unless `--keep`.
    public func withScratchFile<T>(named bench: String, _ body: (_ path: String) async throws -> T) async throws -> T {
        let folder = directory.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        let path = folder.appendingPathComponent("\(bench)-\(UUID().uuidString).sqlite").path
        defer {
            if !keep {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
        }
        return try await body(path)
    }
}
