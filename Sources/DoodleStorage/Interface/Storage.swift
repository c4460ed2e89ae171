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
    /// Services the back end needs running while the storage is in use (a connection pool),
    /// started before and stopped after everything that uses it.
    public let services: [any Service]
    let batchWriter: any ArchiveBatchWriter
    private let makePairRepository: @Sendable (_ queuesNotifications: Bool) -> any PairRepository
    private let migrations: @Sendable () async throws -> [String]

    init(
        description: String, archiveReader: any ArchiveReader, playerStore: any PlayerStore, pairReader: any PairReader,
        outbox: any NotificationOutbox, services: [any Service], batchWriter: any ArchiveBatchWriter,
        makePairRepository: @escaping @Sendable (_ queuesNotifications: Bool) -> any PairRepository,
        migrations: @escaping @Sendable () async throws -> [String]
    ) {
        self.description = description
        self.archiveReader = archiveReader
        self.playerStore = playerStore
        self.pairReader = pairReader
        self.outbox = outbox
        self.services = services
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
    /// The stores of an opened SQLite database.
    public init(sqlite database: SQLiteDatabase) {
        self.init(
            description: database.description,
            archiveReader: SQLiteArchiveReader(database: database),
            playerStore: SQLitePlayerStore(database: database),
            pairReader: SQLitePairReader(database: database),
            outbox: SQLiteNotificationOutbox(database: database),
            services: [],
            batchWriter: SQLiteArchiveBatchWriter(database: database),
            makePairRepository: { SQLitePairRepository(database: database, queuesNotifications: $0) },
            migrations: { try await database.appliedMigrations() })
    }
}
