import DoodleCore
import GRDB

extension SQLitePairReader {
    public func drawingSentAt(id: String, viewer: PlayerID?) async throws -> Int64? {
        guard let viewer else { return nil }
        return try await database.connection.read { db in
            try Int64.fetchOne(db, sql: Self.drawingSentAtSQL, arguments: [id, viewer, viewer])
        }
    }

    static let drawingSentAtSQL = "SELECT sent_at FROM pair_drawing WHERE id = ? AND (sender_id = ? OR recipient_id = ?)"
}
