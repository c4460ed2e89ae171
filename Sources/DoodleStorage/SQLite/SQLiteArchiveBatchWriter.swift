import GRDB

/// `ArchiveBatchWriter` on SQLite: one write transaction per batch. Durable because the file
/// runs in WAL mode with `synchronous=NORMAL`, which keeps every committed transaction through
/// a process crash.
struct SQLiteArchiveBatchWriter: ArchiveBatchWriter {
    let database: SQLiteDatabase

    func write(_ writes: [PreparedWrite]) async throws {
        try await database.connection.write { db in
            var transaction = try SQLiteArchiveTransaction(db)
            for write in writes {
                try transaction.write(write)
            }
        }
    }

    func isOutage(_ error: any Error) -> Bool {
        Self.isOutage(error)
    }

    static func isOutage(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_NOMEM,
            .SQLITE_INTERRUPT, .SQLITE_PROTOCOL, .SQLITE_PERM, .SQLITE_ABORT, .SQLITE_NOLFS:
            return true
        default:
            return false
        }
    }
}
