import DoodleStorage
import Logging

/// How this node takes part in a cluster of nodes sharing one room directory
/// (docs/architecture.md, "Several nodes"). Without it the server runs alone.
public struct ClusterSettings: Sendable {
    /// Where live rooms and seats are found; shared by every node of the cluster. Nil: the
    /// directory of the server's database (`Storage.roomDirectory`), which must be PostgreSQL.
    public var directory: (any RoomDirectory)?
    /// This node's public WebSocket address, given the port it listens on. `doodle-server`
    /// passes its `--node-url` and ignores the port; tests on port 0 make it from the port.
    public var nodeURL: @Sendable (_ boundPort: Int) -> String
    public var lease: DirectoryLease
    /// What the lease renewals sleep on. The directory keeps its own time.
    public var leaseClock: any GameClock
    /// For tests only: draws each new party room's code in place of the random draw, so a test
    /// can narrow the codes to a handful that nodes collide on, leaving only the directory's
    /// claim to keep them unique. Nil (always, in `doodle-server`): random codes.
    public var drawPartyCode: (@Sendable () -> String)?
    /// How nodes reach each other: pair rooms hosted on one node at a time (calls for them
    /// handed to it), 4002 across nodes, and widget heads changed elsewhere. Nil: the signals
    /// of the server's database (PostgreSQL `LISTEN`/`NOTIFY`); on a database that has none
    /// (SQLite, in tests) each node serves pairs on its own and keeps no widget heads.
    public var signals: (any ClusterSignals)?

    public init(
        directory: (any RoomDirectory)?, nodeURL: @escaping @Sendable (_ boundPort: Int) -> String, lease: DirectoryLease = .standard,
        leaseClock: any GameClock = SystemGameClock()
    ) {
        self.directory = directory
        self.nodeURL = nodeURL
        self.lease = lease
        self.leaseClock = leaseClock
    }

    /// A node with a fixed public address, e.g. from `--node-url`.
    public init(directory: (any RoomDirectory)?, nodeURL: NodeURL, lease: DirectoryLease = .standard) {
        self.init(directory: directory, nodeURL: { _ in nodeURL.text }, lease: lease)
    }
}

extension ClusterSettings {
    /// A node at a fixed public address (`--node-url`) whose directory is its database's: the
    /// nodes of a cluster are the servers sharing one PostgreSQL database.
    public static func sharingDatabase(at url: NodeURL, lease: DirectoryLease = .standard) -> ClusterSettings {
        ClusterSettings(directory: nil, nodeURL: url, lease: lease)
    }

    /// Checked before anything is opened.
    ///
    /// - Throws: ``ClusterSettingsError`` when the lease's timings cannot work.
    func checkLease() throws {
        if let problem = lease.problem { throw ClusterSettingsError(message: problem) }
    }

    /// The directory this node uses: its own, else the one of `storage`.
    ///
    /// - Throws: ``ClusterSettingsError`` when neither exists (a SQLite database cannot be shared).
    func resolvedDirectory(storage: Storage) throws -> any RoomDirectory {
        if let directory { return directory }
        if let shared = storage.roomDirectory { return shared }
        throw ClusterSettingsError(
            message: "a node of a cluster needs a PostgreSQL database its nodes share (--database postgres://…), not \(storage.description)")
    }

    /// The signals this node uses: its own, else those carried by `storage` (nil: none).
    func resolvedSignals(storage: Storage, logger: Logger) -> (any ClusterSignals)? {
        if let signals { return signals }
        return storage.nodeChannels.map { DatabaseClusterSignals(channels: $0, logger: logger) }
    }
}

/// Cluster settings that cannot work, found at start-up.
public struct ClusterSettingsError: Error, CustomStringConvertible {
    public var message: String

    public var description: String { "cluster settings: \(message)" }
}
