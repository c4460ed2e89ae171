import DoodleCore
import Foundation

/// `PairReader` on either database: its queries on the same indexes and in the same orders on
/// both, so keyset pages are identical wherever a pair is stored.
struct SQLPairReader: PairReader {
    let database: any SQLDatabase

    func overview(pairId: String, for player: PlayerID) async throws -> PairOverview? {
        try await database.read { session in
            guard
                let row = try session.row(Self.overview(pairId: pairId))
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

    func drawings(of player: PlayerID, box: PairBox, limit: Int, before: String?) async throws -> PairDrawingPage? {
        let fetchCount = max(limit, 0) + 1
        return try await database.readSnapshot { session in
            var cursor: (sentAt: Int64, id: String)?
            if let before {
                guard let sentAt = try session.value(Self.cursor(box, id: before, player: player), as: Int64.self) else { return nil }
                cursor = (sentAt, before)
            }
            let rows = try session.rows(Self.page(box, of: player, after: cursor, limit: fetchCount))
            return PairDrawingPage(fetched: try rows.map { try Self.drawing($0, viewer: player) }, limit: limit)
        }
    }

    func currentPairId(of player: PlayerID) async throws -> String? {
        try await database.read { session in
            try session.value("SELECT pair_id FROM pair_member WHERE player_id = \(player)", as: String.self)
        }
    }

    func latestReceived(by player: PlayerID, pairId: String) async throws -> PairDrawing? {
        try await database.read { session in
            try session.row(Self.latestReceived(by: player, pairId: pairId)).map { try Self.drawing($0, viewer: player) }
        }
    }

    func latestReceivedHead(tokenHash: String) async throws -> (playerId: PlayerID, head: (drawingId: String, sentAt: Int64)?)? {
        try await database.readSnapshot { session in
            guard let player = try session.value(Self.player(tokenHash: tokenHash), as: String.self) else {
                return nil
            }
            let head = try session.row(Self.latestReceivedHead(of: player)).map { (drawingId: try $0("id", as: String.self), sentAt: try $0("sent_at", as: Int64.self)) }
            return (player, head)
        }
    }

    func drawing(id: String, viewer: PlayerID?) async throws -> PairDrawingDetails? {
        guard let viewer else { return nil }
        return try await database.read { session in
            guard let row = try session.row(Self.drawing(id: id)) else { return nil }
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
    private static func drawing(_ row: SQLRow, viewer: PlayerID, actions: [DrawingAction]? = nil) throws -> PairDrawing {
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

    func drawingSentAt(id: String, viewer: PlayerID?) async throws -> Int64? {
        guard let viewer else { return nil }
        return try await database.read { session in
            try session.value(Self.drawingSentAt(id: id, viewer: viewer), as: Int64.self)
        }
    }
}

// MARK: - Queries (each served by an index; QueryPlanTests checks which)

extension SQLPairReader {
    static func overview(pairId: String) -> SQLQuery {
        """
        SELECT pair.first_id, pair.first_name, pair.second_id, pair.second_name, pair.since, pair.first_score, pair.second_score,
               pair.streak,
               (SELECT name FROM player WHERE player.id = pair.first_id) AS first_current_name,
               (SELECT name FROM player WHERE player.id = pair.second_id) AS second_current_name
        FROM pair WHERE pair.id = \(pairId) AND pair.ended_at IS NULL
        """
    }

    /// A page of `box`, newest first; `after` a drawing's place, the keyset condition `(sent_at, id) < (…)`.
    static func page(_ box: PairBox, of player: PlayerID, after cursor: (sentAt: Int64, id: String)?, limit: Int) -> SQLQuery {
        let owner = PairDrawingColumns.owner(box)
        let keyset: SQLQuery = cursor.map { " AND (pair_drawing.sent_at, pair_drawing.id) < (\($0.sentAt), \($0.id))" } ?? ""
        return """
            \(sql: PairDrawingColumns.select)
            WHERE pair_drawing.\(sql: owner) = \(player)\(keyset)
            ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT \(limit)
            """
    }

    /// Where a `before` drawing sits, if it is in this player's `box`.
    static func cursor(_ box: PairBox, id: String, player: PlayerID) -> SQLQuery {
        "SELECT sent_at FROM pair_drawing WHERE id = \(id) AND \(sql: PairDrawingColumns.owner(box)) = \(player)"
    }

    static func latestReceived(by player: PlayerID, pairId: String) -> SQLQuery {
        """
        \(sql: PairDrawingColumns.select)
        WHERE pair_drawing.recipient_id = \(player) AND pair_drawing.pair_id = \(pairId)
        ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT 1
        """
    }

    static func drawing(id: String) -> SQLQuery {
        "\(sql: PairDrawingColumns.select) WHERE pair_drawing.id = \(id)"
    }

    /// Whose token this is, through its device.
    static func player(tokenHash: String) -> SQLQuery {
        "SELECT player_id FROM device WHERE token_hash = \(tokenHash)"
    }

    static func latestReceivedHead(of player: PlayerID) -> SQLQuery {
        """
        SELECT pair_drawing.id, pair_drawing.sent_at FROM pair_member
        JOIN pair_drawing ON pair_drawing.recipient_id = pair_member.player_id AND pair_drawing.pair_id = pair_member.pair_id
        WHERE pair_member.player_id = \(player) ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT 1
        """
    }

    static func drawingSentAt(id: String, viewer: PlayerID) -> SQLQuery {
        "SELECT sent_at FROM pair_drawing WHERE id = \(id) AND (sender_id = \(viewer) OR recipient_id = \(viewer))"
    }
}
