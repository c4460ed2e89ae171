import DoodleCore
import Foundation
import GRDB

/// `PairReader` on SQLite.
public struct SQLitePairReader: PairReader {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// The live pair `pairId` as `player` sees it; nil if it has ended or `player` is not in it.
    public func overview(pairId: String, for player: PlayerID) async throws -> PairOverview? {
        try await database.connection.read { db in
            guard let row = try Row.fetchOne(db, sql: Self.overviewSQL, arguments: [pairId]) else { return nil }
            let first: PlayerID? = row["first_id"]
            let second: PlayerID? = row["second_id"]
            let partner: (id: PlayerID?, name: String?, storedName: String?)
            if player == first {
                partner = (second, row["second_current_name"], row["second_name"])
            } else if player == second {
                partner = (first, row["first_current_name"], row["first_name"])
            } else {
                return nil
            }
            guard let partnerId = partner.id else { return nil }
            var scores: [PlayerID: Int] = [:]
            if let first { scores[first] = row["first_score"] }
            if let second { scores[second] = row["second_score"] }
            return PairOverview(
                pairId: pairId, partnerId: partnerId, partnerName: partner.name ?? partner.storedName ?? PlayerReference.deletedName,
                since: row["since"], scores: scores, streak: row["streak"])
        }
    }

    /// A page of the drawings `player` received or sent, in every pair it was ever in, newest
    /// first, strictly older than the drawing `before`. Nil if `before` is not a drawing in that
    /// box of this player (unknown and foreign ids alike, so a page reveals nothing of others).
    ///
    /// - Parameter limit: at most this many (callers keep it to 1…100).
    public func drawings(of player: PlayerID, box: PairBox, limit: Int, before: String?) async throws -> PairDrawingPage? {
        try await database.connection.read { db in
            let fetchCount = max(limit, 0) + 1
            let rows: [Row]
            if let before {
                guard let cursor = try Row.fetchOne(db, sql: Self.cursorSQL(box), arguments: [before, player]) else { return nil }
                let sentAt: Int64 = cursor["sent_at"]
                rows = try Row.fetchAll(db, sql: Self.pageSQL(box, after: true), arguments: [player, sentAt, before, fetchCount])
            } else {
                rows = try Row.fetchAll(db, sql: Self.pageSQL(box, after: false), arguments: [player, fetchCount])
            }
            return PairDrawingPage(fetched: try rows.map { try Self.drawing($0, viewer: player) }, limit: limit)
        }
    }

    /// The pair `player` is in now, if any.
    public func currentPairId(of player: PlayerID) async throws -> String? {
        try await database.connection.read { db in
            try String.fetchOne(db, sql: "SELECT pair_id FROM pair_member WHERE player_id = ?", arguments: [player])
        }
    }

    /// The newest drawing of the pair `pairId` sent to `player`, whatever its status; nil if none.
    public func latestReceived(by player: PlayerID, pairId: String) async throws -> PairDrawing? {
        try await database.connection.read { db in
            try Row.fetchOne(db, sql: Self.latestReceivedSQL, arguments: [player, pairId]).map { try Self.drawing($0, viewer: player) }
        }
    }

    /// The widget's question in one read: whose token this is, and which drawing
    /// `latestReceived` would answer for it and when it was sent — no record decoded. Enough to
    /// name the widget's picture and answer a 304. Nil for an unknown token.
    public func latestReceivedHead(tokenHash: String) async throws -> (playerId: PlayerID, head: (drawingId: String, sentAt: Int64)?)? {
        try await database.connection.read { db in
            guard let player = try String.fetchOne(db, sql: Self.playerByTokenSQL, arguments: [tokenHash]) else {
                return nil
            }
            let head = try Row.fetchOne(db, sql: Self.latestReceivedHeadSQL, arguments: [player]).map {
                (drawingId: $0["id"] as String, sentAt: $0["sent_at"] as Int64)
            }
            return (player, head)
        }
    }

    /// A pair drawing with its record, if `viewer` is its sender or recipient; nil otherwise,
    /// exactly as for an id no drawing has.
    ///
    /// - Throws: `StrokeCodecError` if the stored record is corrupt.
    public func drawing(id: String, viewer: PlayerID?) async throws -> PairDrawingDetails? {
        guard let viewer else { return nil }
        return try await database.connection.read { db in
            guard let row = try Row.fetchOne(db, sql: Self.drawingSQL, arguments: [id]) else { return nil }
            let sender: PlayerID? = row["sender_id"]
            let recipient: PlayerID? = row["recipient_id"]
            guard viewer == sender || viewer == recipient else { return nil }
            let actions = try StrokeCodec.decode(Array(row["record"] as Data))
            return PairDrawingDetails(
                drawing: try Self.drawing(row, viewer: viewer, actions: actions), resolvedAt: row["resolved_at"], actions: actions)
        }
    }

    /// A row of `PairDrawingColumns.select` as `viewer` may see it; `actions` when already decoded.
    private static func drawing(_ row: Row, viewer: PlayerID, actions: [DrawingAction]? = nil) throws -> PairDrawing {
        let sender: PlayerID? = row["sender_id"]
        let recipient: PlayerID? = row["recipient_id"]
        let rawStatus: String = row["status"]
        guard let status = PairDrawingStatus(rawValue: rawStatus) else { throw PairReaderError.unknownStatus(rawStatus) }
        let record = try actions ?? StrokeCodec.decode(Array(row["record"] as Data))
        let senderName: String? = row["sender_name"]
        return PairDrawing(
            drawingId: row["id"], pairId: row["pair_id"], fromId: sender,
            fromName: sender == nil ? PlayerReference.deletedName : senderName ?? PlayerReference.deletedName, toId: recipient,
            sentAt: row["sent_at"], status: status, attempts: row["attempts"],
            word: PairDrawing.wordVisible(to: viewer, senderId: sender, recipientId: recipient, status: status) ? row["word"] : nil,
            strokes: CanvasReplay.visibleItems(after: record))
    }
}

// MARK: - SQL (each query is served by an index; QueryPlanTests checks which)

extension SQLitePairReader {
    static let overviewSQL = """
        SELECT pair.first_id, pair.first_name, pair.second_id, pair.second_name, pair.since, pair.first_score, pair.second_score,
               pair.streak,
               (SELECT name FROM player WHERE player.id = pair.first_id) AS first_current_name,
               (SELECT name FROM player WHERE player.id = pair.second_id) AS second_current_name
        FROM pair WHERE pair.id = ? AND pair.ended_at IS NULL
        """

    /// A page of `box`, newest first; `after` adds the keyset condition `(sent_at, id) < (?, ?)`.
    static func pageSQL(_ box: PairBox, after: Bool) -> String {
        let owner = "pair_drawing.\(PairDrawingColumns.owner(box)) = ?"
        let keyset = after ? " AND (pair_drawing.sent_at, pair_drawing.id) < (?, ?)" : ""
        return PairDrawingColumns.select + """
             WHERE \(owner)\(keyset)
             ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT ?
            """
    }

    /// Where a `before` drawing sits, if it is in this player's `box`.
    static func cursorSQL(_ box: PairBox) -> String {
        "SELECT sent_at FROM pair_drawing WHERE id = ? AND \(PairDrawingColumns.owner(box)) = ?"
    }

    static let latestReceivedSQL = PairDrawingColumns.select + """
         WHERE pair_drawing.recipient_id = ? AND pair_drawing.pair_id = ?
         ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT 1
        """

    static let drawingSQL = PairDrawingColumns.select + " WHERE pair_drawing.id = ?"

    /// Whose token this is, through its device.
    static let playerByTokenSQL = "SELECT player_id FROM device WHERE token_hash = ?"

    static let latestReceivedHeadSQL = """
        SELECT pair_drawing.id, pair_drawing.sent_at FROM pair_member
        JOIN pair_drawing ON pair_drawing.recipient_id = pair_member.player_id AND pair_drawing.pair_id = pair_member.pair_id
        WHERE pair_member.player_id = ? ORDER BY pair_drawing.sent_at DESC, pair_drawing.id DESC LIMIT 1
        """
}
