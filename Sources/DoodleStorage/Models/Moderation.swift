import DoodleCore

/// A report as filed, by a player from a room (`report`) or over HTTP (`POST /v1/reports`).
/// It names a player, a drawing, or both (a room report names the drawing on screen).
public struct ReportDraft: Sendable, Equatable {
    public var reporterId: PlayerID
    public var playerId: PlayerID?
    public var drawingId: String?
    public var reason: ReportReason
    public var text: String?
    /// Set for a report filed from a room.
    public var context: ReportContext?
    /// Milliseconds since 1970.
    public var at: Int64

    public init(
        reporterId: PlayerID, playerId: PlayerID?, drawingId: String?, reason: ReportReason, text: String?, context: ReportContext?,
        at: Int64
    ) {
        self.reporterId = reporterId
        self.playerId = playerId
        self.drawingId = drawingId
        self.reason = reason
        self.text = text
        self.context = context
        self.at = at
    }
}

public enum ReportStatus: String, Sendable, Equatable, Codable, CaseIterable {
    case open
    case resolved
}

/// What an operator did about a report.
public enum ReportAction: String, Sendable, Equatable, Codable, CaseIterable {
    case dismiss
    case banPlayer
    case deleteDrawing
}

/// A stored report, as an operator reads it.
public struct StoredReport: Sendable, Equatable, Encodable {
    public var id: String
    public var reporterId: PlayerID
    public var playerId: PlayerID?
    public var drawingId: String?
    public var reason: ReportReason
    public var text: String?
    public var context: ReportContext?
    public var createdAt: Int64
    public var status: ReportStatus
    public var resolution: Resolution?
    /// The names the reporter and the reported player go by now, for the operators' page; nil
    /// for no such player (deleted, or none named).
    public var reporterName: String?
    public var playerName: String?

    public struct Resolution: Sendable, Equatable, Encodable {
        public var action: ReportAction
        public var note: String?
        public var at: Int64

        public init(action: ReportAction, note: String?, at: Int64) {
            self.action = action
            self.note = note
            self.at = at
        }
    }

    public init(
        id: String, reporterId: PlayerID, playerId: PlayerID?, drawingId: String?, reason: ReportReason, text: String?,
        context: ReportContext?, createdAt: Int64, status: ReportStatus, resolution: Resolution?, reporterName: String? = nil,
        playerName: String? = nil
    ) {
        self.reporterName = reporterName
        self.playerName = playerName
        self.id = id
        self.reporterId = reporterId
        self.playerId = playerId
        self.drawingId = drawingId
        self.reason = reason
        self.text = text
        self.context = context
        self.createdAt = createdAt
        self.status = status
        self.resolution = resolution
    }
}

/// A keyset cursor into reports, newest first: the `(createdAt, id)` of the last one seen.
/// As text `<createdAt>.<id>`, like `DrawingCursor`.
public struct ReportCursor: Sendable, Equatable {
    public var createdAt: Int64
    public var id: String

    public init(createdAt: Int64, id: String) {
        self.createdAt = createdAt
        self.id = id
    }

    public init?(token: String) {
        guard let cursor = DrawingCursor(token: token) else { return nil }
        self.init(createdAt: cursor.endedAt, id: cursor.id)
    }

    public var token: String { "\(createdAt).\(id)" }
}

public struct ReportPage: Sendable, Equatable {
    public var reports: [StoredReport]
    public var nextBefore: ReportCursor?

    public init(reports: [StoredReport], nextBefore: ReportCursor?) {
        self.reports = reports
        self.nextBefore = nextBefore
    }
}

/// An operator's ban of a player.
public struct PlayerBan: Sendable, Equatable, Encodable {
    public var playerId: PlayerID
    public var reason: String?
    /// When it ends (milliseconds since 1970); nil: until lifted.
    public var untilMillis: Int64?
    public var at: Int64

    public init(playerId: PlayerID, reason: String?, untilMillis: Int64?, at: Int64) {
        self.playerId = playerId
        self.reason = reason
        self.untilMillis = untilMillis
        self.at = at
    }
}

/// A banned block of addresses (PROTOCOL.md rev 5, "Address bans"): a `hello` from it is closed
/// with 4004 and its API calls are answered 403 `banned`, until `untilMillis`.
public struct AddressBan: Sendable, Equatable {
    /// `ab_…`.
    public var id: String
    public var prefix: AddressPrefix
    public var reason: String?
    /// When it ends (milliseconds since 1970); nil: until lifted.
    public var untilMillis: Int64?
    public var at: Int64
    /// The player whose ban brought it (`"addresses":true`); lifting that ban lifts it.
    public var playerId: PlayerID?

    public init(id: String, prefix: AddressPrefix, reason: String?, untilMillis: Int64?, at: Int64, playerId: PlayerID? = nil) {
        self.id = id
        self.prefix = prefix
        self.reason = reason
        self.untilMillis = untilMillis
        self.at = at
        self.playerId = playerId
    }
}

/// What `ModerationStore.deleteDrawing` removed, so the caches can forget it.
public enum DeletedDrawing: Sendable, Equatable {
    /// A party game's drawing.
    case party(gameId: String)
    /// A pair drawing of the pair `pairId` (by which a loaded pair room is found, live or not);
    /// `players`: those whose widget head may have been it (its recipient, unless deleted).
    case pair(pairId: String, players: [PlayerID])
}

/// One operator action for the audit log: what was called, with which arguments (as JSON text).
public struct AuditDraft: Sendable, Equatable {
    public var action: String
    public var arguments: String
    /// The operator's client address, as the server resolved it.
    public var address: String?
    public var at: Int64

    public init(action: String, arguments: String, address: String?, at: Int64) {
        self.action = action
        self.arguments = arguments
        self.address = address
        self.at = at
    }
}

public struct AuditEntry: Sendable, Equatable {
    public var id: Int64
    public var action: String
    /// JSON text.
    public var arguments: String
    public var address: String?
    public var at: Int64

    public init(id: Int64, action: String, arguments: String, address: String?, at: Int64) {
        self.id = id
        self.action = action
        self.arguments = arguments
        self.address = address
        self.at = at
    }
}

/// A keyset cursor into the audit log: the id of the last entry seen (ids grow with time).
public typealias AuditCursor = Int64

public struct AuditPage: Sendable, Equatable {
    public var entries: [AuditEntry]
    public var nextBefore: AuditCursor?

    public init(entries: [AuditEntry], nextBefore: AuditCursor?) {
        self.entries = entries
        self.nextBefore = nextBefore
    }
}

public struct ModerationCounts: Sendable, Equatable {
    public var openReports: Int
    public var activeBans: Int

    public init(openReports: Int, activeBans: Int) {
        self.openReports = openReports
        self.activeBans = activeBans
    }
}
