import GRDB

extension SQLiteArchiveReader {
    public func drawingEndedAt(id: String) async throws -> Int64? {
        try await database.connection.read { db in
            try Int64.fetchOne(db, sql: Self.drawingEndedAtSQL, arguments: [id])
        }
    }

    static let drawingEndedAtSQL = "SELECT ended_at FROM drawing WHERE id = ?"
}
