import PostgresNIO

extension PostgresArchiveReader {
    public func drawingEndedAt(id: String) async throws -> Int64? {
        try await database.read { session in
            try await session.row("SELECT ended_at FROM drawing WHERE id = \(id)").map { row in try row("ended_at", as: Int64.self) }
        }
    }
}
