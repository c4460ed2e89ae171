import Logging
import ServiceLifecycle

/// Everything the server keeps, behind one value: the stores of one back end, opened and
/// migrated. SQLite (a file, the embedded default) and PostgreSQL (shared by several nodes)
/// each build one; the rest of the server sees only the protocols.
public struct Storage: Sendable {
    /// What the opened database is, for logs.
    public let description: String
    public let archiveReader: any ArchiveReader
    public let playerStore: any PlayerStore
    public let pairReader: any PairReader
    public let outbox: any NotificationOutbox
    /// Reports, bans, the audit log, and the deletion of stored drawings.
    public let moderation: any ModerationStore
    /// Devices, sign-in identities, email logins, failed logins and link codes.
    public let accounts: any AccountStore
    /// Live rooms' checkpoints, for a restore (they are written by the archive writer).
    public let checkpoints: any RoomCheckpointStore
    /// Services the back end needs running while the storage is in use (a connection pool),
    /// started before and stopped after everything that uses it.
    public let services: [any Service]
    /// The room directory the nodes of a cluster share, when the back end can be shared
    /// (PostgreSQL); nil for SQLite, which serves a single node.
    public let roomDirectory: (any RoomDirectory)?
    /// How the nodes sharing the database message each other, when it can be shared
    /// (PostgreSQL); nil for SQLite.
    public let nodeChannels: (any NodeChannels)?
    let batchWriter: any ArchiveBatchWriter
    private let makePairRepository: @Sendable (_ queuesNotifications: Bool) -> any PairRepository
    private let migrations: @Sendable () async throws -> [String]

    init(
        description: String, archiveReader: any ArchiveReader, playerStore: any PlayerStore, pairReader: any PairReader,
        outbox: any NotificationOutbox, moderation: any ModerationStore, accounts: any AccountStore,
        checkpoints: any RoomCheckpointStore, services: [any Service],
        roomDirectory: (any RoomDirectory)?, nodeChannels: (any NodeChannels)?, batchWriter: any ArchiveBatchWriter,
        makePairRepository: @escaping @Sendable (_ queuesNotifications: Bool) -> any PairRepository,
        migrations: @escaping @Sendable () async throws -> [String]
    ) {
        self.description = description
        self.archiveReader = archiveReader
        self.playerStore = playerStore
        self.pairReader = pairReader
        self.outbox = outbox
        self.moderation = moderation
        self.accounts = accounts
        self.checkpoints = checkpoints
        self.services = services
        self.roomDirectory = roomDirectory
        self.nodeChannels = nodeChannels
        self.batchWriter = batchWriter
        self.makePairRepository = makePairRepository
        self.migrations = migrations
    }

    /// The pair repository; with `queuesNotifications` its changes queue push notifications in
    /// the outbox (only worth it when a sender will send them).
    public func pairRepository(queuesNotifications: Bool = false) -> any PairRepository {
        makePairRepository(queuesNotifications)
    }

    /// The identifiers of the migrations applied to the database, oldest first.
    public func appliedMigrations() async throws -> [String] {
        try await migrations()
    }
}

extension Storage {
    /// The stores over one database, SQLite or PostgreSQL: each store is written once, over
    /// `SQLDatabase`.
    init(database: any SQLDatabase, description: String, services: [any Service], roomDirectory: (any RoomDirectory)?,
        nodeChannels: (any NodeChannels)?, migrations: @escaping @Sendable () async throws -> [String])
    {
        self.init(
            description: description,
            archiveReader: SQLArchiveReader(database: database),
            playerStore: SQLPlayerStore(database: database),
            pairReader: SQLPairReader(database: database),
            outbox: SQLNotificationOutbox(database: database),
            moderation: SQLModerationStore(database: database),
            accounts: SQLAccountStore(database: database),
            checkpoints: SQLRoomCheckpointStore(database: database),
            services: services,
            roomDirectory: roomDirectory,
            nodeChannels: nodeChannels,
            batchWriter: SQLArchiveBatchWriter(database: database),
            makePairRepository: { SQLPairRepository(database: database, queuesNotifications: $0) },
            migrations: migrations)
    }

    /// The stores of an opened SQLite database.
    public init(sqlite database: SQLiteDatabase) {
        self.init(
            database: database, description: database.description, services: [], roomDirectory: nil, nodeChannels: nil,
            migrations: { try await database.appliedMigrations() })
    }

    /// The stores of an opened PostgreSQL database; its connection pool is the storage's
    /// service, and the cluster's room directory and node channels are its own.
    public init(postgres database: PostgreSQLDatabase) {
        self.init(
            database: database, description: database.description, services: [database],
            roomDirectory: PostgresRoomDirectory(database: database), nodeChannels: PostgresNodeChannels(database: database),
            migrations: { try await database.appliedMigrations() })
    }

    /// Opens the storage `location` names: PostgreSQL for a `postgres://` URL, else the SQLite
    /// file at that path (`:memory:` for a private in-memory database).
    ///
    /// - Throws: `PostgresLocationError` for a URL that cannot be used; what the back end's
    ///   `open` throws (the server is unreachable, a newer schema, a file that cannot be opened).
    public static func open(location: String, logger: Logger) async throws -> Storage {
        if PostgresLocation.isPostgresURL(location) {
            let database = try await PostgreSQLDatabase.open(location: try PostgresLocation(url: location), logger: logger)
            return Storage(postgres: database)
        }
        return Storage(sqlite: try SQLiteDatabase.open(path: location))
    }
}
