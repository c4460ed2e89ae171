import GRDB

extension ArchiveReader {
    /// When a finished game's drawing ended, which with its id names its picture; nil if no
    /// drawing has this id. Reads no record, so a picture's `If-None-Match` is answered without one.
    public func drawingEndedAt(id: String) async throws -> Int64? {
        try await database.connection.read { db in
            try Int64.fetchOne(db, sql: Self.drawingEndedAtSQL, arguments: [id])
        }
    }

    static let drawingEndedAtSQL = "SELECT ended_at FROM drawing WHERE id = ?"
}
