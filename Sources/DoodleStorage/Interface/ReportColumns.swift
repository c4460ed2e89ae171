import DoodleCore
import Foundation

/// What both back ends share about reports: the columns read, the context's JSON, how a row
/// becomes a `StoredReport`, and how report ids are made.
enum ReportColumns {
    /// A report's row with the current names of its reporter and reported player; the caller
    /// adds `WHERE … ORDER BY …`.
    static let select = """
        SELECT id, reporter_id, player_id, drawing_id, reason, text, context, created_at, status, resolution_action, resolution_note,
               resolved_at, (SELECT name FROM player WHERE player.id = report.reporter_id) AS reporter_name,
               (SELECT name FROM player WHERE player.id = report.player_id) AS player_name
        FROM report
        """

    /// How long a reporter's limit counts its reports: the hour before a new one.
    static let limitWindowMilliseconds: Int64 = 3_600_000

    /// A new report id, `r_` and 16 random characters like every other id.
    static func newId() -> String {
        var generator = SystemRandomNumberGenerator()
        return OpaqueID.make(prefix: "r_", using: &generator)
    }

    /// The context as stored: JSON with its keys sorted, or NULL.
    static func contextJSON(_ context: ReportContext?) throws -> String? {
        guard let context else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(context), as: UTF8.self)
    }

    /// The columns of one `select` row, as stored.
    struct Values {
        var id: String
        var reporterId: PlayerID
        var playerId: PlayerID?
        var drawingId: String?
        var reason: String
        var text: String?
        var context: String?
        var createdAt: Int64
        var status: String
        var resolutionAction: String?
        var resolutionNote: String?
        var resolvedAt: Int64?
        var reporterName: String?
        var playerName: String?

        /// The report the row stores.
        ///
        /// - Throws: `ModerationStoreError` for a value this server does not know or a context
        ///   it cannot read (the schema's checks and the writers make both impossible).
        func report() throws -> StoredReport {
            guard let reason = ReportReason(rawValue: reason) else { throw ModerationStoreError.unknownValue(column: "reason", value: reason) }
            guard let status = ReportStatus(rawValue: status) else { throw ModerationStoreError.unknownValue(column: "status", value: status) }
            var resolution: StoredReport.Resolution?
            if let resolutionAction, let resolvedAt {
                guard let action = ReportAction(rawValue: resolutionAction) else {
                    throw ModerationStoreError.unknownValue(column: "resolution_action", value: resolutionAction)
                }
                resolution = StoredReport.Resolution(action: action, note: resolutionNote, at: resolvedAt)
            }
            let decoded: ReportContext?
            do {
                decoded = try context.map { try JSONDecoder().decode(ReportContext.self, from: Data($0.utf8)) }
            } catch {
                throw ModerationStoreError.unreadableContext(reportId: id, error: error)
            }
            return StoredReport(
                id: id, reporterId: reporterId, playerId: playerId, drawingId: drawingId, reason: reason, text: text, context: decoded,
                createdAt: createdAt, status: status, resolution: resolution, reporterName: reporterName, playerName: playerName)
        }
    }
}

/// A stored moderation row this server cannot read.
public enum ModerationStoreError: Error, CustomStringConvertible {
    case unknownValue(column: String, value: String)
    case unreadableContext(reportId: String, error: any Error)

    public var description: String {
        switch self {
        case .unknownValue(let column, let value): "a stored report has the unknown \(column) '\(value)'"
        case .unreadableContext(let reportId, let error): "the context of report \(reportId) cannot be read: \(error)"
        }
    }
}
