import DoodleCore
import PostgresNIO
import Foundation

/// `PairReader` on PostgreSQL: the queries of `SQLitePairReader`, on the same indexes and in
/// the same orders, so keyset pages are identical on both back ends.
public struct PostgresPairReader: PairReader {
    let database: PostgresArchiveDatabase

    public init(database: PostgresArchiveDatabase) {
        self.database = database
    }

    public func overview(pairId: String, for player: PlayerID) async throws -> PairOverview? {
        try await database.read { session in
            guard
                let row = try await session.row(
                    """
                    SELECT pair.first_id, pair.first_name, pair.second_id, pair.second_name, pair.since, pair.first_score,
                           pair.second_score, pair.streak,
                           (SELECT name FROM player WHERE player.id = pair.first_id) AS first_current_name,
                           (SELECT name FROM player WHERE player.id = pair.second_id) AS second_current_name
                    FROM pair WHERE pair.id = \(pairId) AND pair.ended_at IS NULL
                    """)
            else { return nil }
            let first: PlayerID? = try row("first_id")
            let second: PlayerID? = try row("second_id")
            let partner: (id: PlayerID?, name: String?, storedName: String?)
            if player == first {
                partner = (second, try row("second_current_name"), try row("second_name"))
            } else if player == second {
                partner = (first, try row("first_current_name"), try row("first_name"))
            } else {
                return nil
            }
            guard let partnerId = partner.id else { return nil }
            var scores: [PlayerID: Int] = [:]
            if let first { scores[first] = try row("first_score") }
            if let second { scores[second] = try row("second_score") }
            return PairOverview(
                pairId: pairId, partnerId: partnerId, partnerName: partner.name ?? partner.storedName ?? PlayerReference.deletedName,
                since: try row("since"), scores: scores, streak: try row("streak"))
        }
    }

    public func drawings(of player: PlayerID, box: PairBox, limit: Int, before: String?) async throws -> PairDrawingPage? {
        let fetchCount = max(limit, 0) + 1
        let owner = PairDrawingColumns.owner(box)
        return try await database.transaction(snapshot: true) { session in
            let rows: [PostgresRecord]
            if let before {
                guard
                    let sentAt = try await session.value(
                        "SELECT sent_at FROM pair_drawing WHERE id = \(before) AND \(unescaped: owner) = \(player)", as: Int64.self)
                else { return nil }
                rows = try await session.rows(
                    """
                    \(unescaped: PairDrawingColumns.select)
                    WHERE pair_drawing.\(unescaped: owner) = \(player) AND (pair_drawing.sent_at, pair_drawing.id) < (\(sentAt), \(before))
                    ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT \(fetchCount)
                    """)
            } else {
                rows = try await session.rows(
                    """
                    \(unescaped: PairDrawingColumns.select)
                    WHERE pair_drawing.\(unescaped: owner) = \(player)
                    ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT \(fetchCount)
                    """)
            }
            return PairDrawingPage(fetched: try rows.map { try Self.drawing($0, viewer: player) }, limit: limit)
        }
    }

    public func currentPairId(of player: PlayerID) async throws -> String? {
        try await database.read { session in
            try await session.value("SELECT pair_id FROM pair_member WHERE player_id = \(player)", as: String.self)
        }
    }

    public func latestReceived(by player: PlayerID, pairId: String) async throws -> PairDrawing? {
        try await database.read { session in
            try await session.row(
                """
                \(unescaped: PairDrawingColumns.select)
                WHERE pair_drawing.recipient_id = \(player) AND pair_drawing.pair_id = \(pairId)
                ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT 1
                """
            ).map { try Self.drawing($0, viewer: player) }
        }
    }

    public func latestReceivedHead(tokenHash: String) async throws -> (playerId: PlayerID, head: (drawingId: String, sentAt: Int64)?)? {
        try await database.transaction(snapshot: true) { session in
            guard let player = try await session.value("SELECT player_id FROM device WHERE token_hash = \(tokenHash)", as: String.self) else {
                return nil
            }
            let head = try await session.row(
                """
                SELECT pair_drawing.id, pair_drawing.sent_at FROM pair_member
                JOIN pair_drawing ON pair_drawing.recipient_id = pair_member.player_id AND pair_drawing.pair_id = pair_member.pair_id
                WHERE pair_member.player_id = \(player) ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT 1
                """
            ).map { (drawingId: try $0("id", as: String.self), sentAt: try $0("sent_at", as: Int64.self)) }
            return (player, head)
        }
    }

    public func drawing(id: String, viewer: PlayerID?) async throws -> PairDrawingDetails? {
        guard let viewer else { return nil }
        return try await database.read { session in
            guard let row = try await session.row("\(unescaped: PairDrawingColumns.select) WHERE pair_drawing.id = \(id)") else { return nil }
            let sender: PlayerID? = try row("sender_id")
            let recipient: PlayerID? = try row("recipient_id")
            guard viewer == sender || viewer == recipient else { return nil }
            let record: Data = try row("record")
            let actions = try StrokeCodec.decode(Array(record))
            return PairDrawingDetails(
                drawing: try Self.drawing(row, viewer: viewer, actions: actions), resolvedAt: try row("resolved_at"), actions: actions)
        }
    }

    /// A row of `PairDrawingColumns.select` as `viewer` may see it; `actions` when already decoded.
    private static func drawing(_ row: PostgresRecord, viewer: PlayerID, actions: [DrawingAction]? = nil) throws -> PairDrawing {
        let sender: PlayerID? = try row("sender_id")
        let recipient: PlayerID? = try row("recipient_id")
        let rawStatus: String = try row("status")
        guard let status = PairDrawingStatus(rawValue: rawStatus) else { throw PairReaderError.unknownStatus(rawStatus) }
        let record: [DrawingAction]
        if let actions {
            record = actions
        } else {
            let bytes: Data = try row("record")
            record = try StrokeCodec.decode(Array(bytes))
        }
        let senderName: String? = try row("sender_name")
        let word: String = try row("word")
        return PairDrawing(
            drawingId: try row("id"), pairId: try row("pair_id"), fromId: sender,
            fromName: sender == nil ? PlayerReference.deletedName : senderName ?? PlayerReference.deletedName, toId: recipient,
            sentAt: try row("sent_at"), status: status, attempts: try row("attempts"),
            word: PairDrawing.wordVisible(to: viewer, senderId: sender, recipientId: recipient, status: status) ? word : nil,
            strokes: CanvasReplay.visibleItems(after: record))
    }
}
