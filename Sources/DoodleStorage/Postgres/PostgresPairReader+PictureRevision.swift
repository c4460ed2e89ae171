import DoodleCore
import PostgresNIO

extension PostgresPairReader {
    public func drawingSentAt(id: String, viewer: PlayerID?) async throws -> Int64? {
        guard let viewer else { return nil }
        return try await database.read { session in
            try await session.row(
                "SELECT sent_at FROM pair_drawing WHERE id = \(id) AND (sender_id = \(viewer) OR recipient_id = \(viewer))"
            ).map { row in try row("sent_at", as: Int64.self) }
        }
    }
}
