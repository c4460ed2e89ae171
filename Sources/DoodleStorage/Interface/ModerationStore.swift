import DoodleCore

/// What moderation keeps: players' reports, operators' bans, the audit log of every operator
/// action, and the deletion of a stored drawing. Every back end answers alike (the storage
/// tests run against each). Reactions are written through the archive writer, in order after
/// their drawing (`ArchiveWriter.submit(_: DrawingReaction)`), and read with the drawings.
public protocol ModerationStore: Sendable {
    /// Files a report unless its reporter filed `limit` or more in the hour before `draft.at`.
    ///
    /// - Returns: the stored report's id (`r_…`), or nil when the reporter is over the limit
    ///   (nothing is stored then).
    func fileReport(_ draft: ReportDraft, limit: Int) async throws -> String?

    /// Reports with this status, newest first, strictly older than `before` if given.
    func reports(status: ReportStatus, limit: Int, before: ReportCursor?) async throws -> ReportPage

    /// One report; nil if no report has this id.
    func report(id: String) async throws -> StoredReport?

    /// Marks an open report resolved with the operator's action and note.
    ///
    /// - Returns: the report as resolved; nil if no report has this id. A report already
    ///   resolved is returned unchanged.
    func resolveReport(id: String, action: ReportAction, note: String?, at: Int64) async throws -> StoredReport?

    /// Bans a player (until `ban.untilMillis`, or for good when nil); a second ban replaces the first.
    func ban(_ ban: PlayerBan) async throws

    /// Lifts a player's ban. Returns false if it had none.
    func unban(playerId: PlayerID) async throws -> Bool

    /// The player's ban in force at `now`, if any.
    func activeBan(playerId: PlayerID, now: Int64) async throws -> PlayerBan?

    /// The addresses the player came from in the 30 days before `now` (its last 5 at most),
    /// newest first.
    func recentAddresses(of playerId: PlayerID, now: Int64) async throws -> [String]

    /// Stores address bans (an id already stored is replaced).
    func banAddresses(_ bans: [AddressBan]) async throws

    /// Address bans in force at `now`, newest first.
    func addressBans(now: Int64) async throws -> [AddressBan]

    /// Lifts one address ban. Returns false if none has this id.
    func liftAddressBan(id: String) async throws -> Bool

    /// Lifts the address bans the player's ban brought (`AddressBan.playerId`).
    func liftAddressBans(ofPlayer playerId: PlayerID) async throws

    /// Deletes a stored drawing — a party game's or a pair's — with its stroke record, guesses
    /// and reactions: from then on no read finds it, and a game lists its other drawings only.
    ///
    /// - Returns: what was deleted (for the caches to forget), or nil if no drawing had this id.
    func deleteDrawing(id: String) async throws -> DeletedDrawing?

    /// Appends one operator action to the audit log.
    func audit(_ entry: AuditDraft) async throws

    /// Audit entries newest first, strictly older than `before` if given.
    func auditLog(limit: Int, before: AuditCursor?) async throws -> AuditPage

    /// Counts for `/metrics`: open reports and bans in force at `now`.
    func counts(now: Int64) async throws -> ModerationCounts
}
