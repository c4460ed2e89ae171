import PostgresNIO

extension PostgresArchiveReader {
    public func drawingEndedAt(id: String) async throws -> Int64? {
        try await database.read { session in
            try await session.value("SELECT ended_at FROM drawing WHERE id = \(id)", as: Int64.self)
        }
    }
}
