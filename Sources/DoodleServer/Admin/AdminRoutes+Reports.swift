import DoodleCore
import DoodleStorage
import Hummingbird

/// Players' reports for operators: `GET /v1/admin/reports?status=open|resolved&limit=&before=`
/// (newest first, a keyset page at a time) and `POST /v1/admin/reports/{id}/resolve
/// {"action":"dismiss|banPlayer|deleteDrawing","note"}`.
///
/// Resolving carries the action out first: `banPlayer` bans the reported player until lifted
/// (the reason names the report, and the note when given), `deleteDrawing` deletes the reported
/// drawing (one already deleted counts as done). A report that names no player to ban, or no
/// drawing to delete, is 409 `invalid_target` and stays open: the request is well formed, the
/// report cannot take that action. So is a report resolved already.
extension AdminRoutes {
    static let maxNoteLength = 500

    func registerReports(on admin: RouterGroup<DoodleRequestContext>) {
        admin.get("reports") { request, _ -> ReportPageAnswer in
            let (status, limit, before) = try request.query { fields throws(QueryFieldError) in
                (try fields.choice("status", ReportStatus.self) ?? .open, try Self.pageLimit(in: fields),
                 try fields.parsed("before", expected: "a nextBefore value from an earlier page", ReportCursor.init(token:)))
            }
            return ReportPageAnswer(try await storage { try await store.reports(status: status, limit: limit, before: before) })
        }
        admin.post("reports/{id}/resolve") { request, context -> ReportAnswer in
            let reportId = try context.parameters.identifier("id", of: "report")
            let actions = ReportAction.allCases.map(\.rawValue).joined(separator: "|")
            let body = try await JSONRequestBody.decode(
                ResolveBody.self, from: request, upTo: Self.maxBodyBytes, expected: #"{"action":"\#(actions)","note":"…" or null}"#)
            guard let action = ReportAction(rawValue: body.action) else { throw APIError.badRequest("action must be one of \(actions)") }
            let note = try body.note.map { try AdminText.validate($0, field: "note", maxLength: Self.maxNoteLength) }
            guard let report = try await storage({ try await store.report(id: reportId) }) else {
                throw APIError.notFound("no report has the id \(reportId)")
            }
            guard report.status == .open else { throw Self.refusal("the report \(reportId) was resolved already") }
            let now = clock.nowMillis()
            var announced = true
            switch action {
            case .dismiss:
                break
            case .banPlayer:
                guard let target = report.playerId else { throw Self.refusal("the report \(reportId) names no player to ban") }
                let reason = "report \(reportId)" + (note.map { ": \($0)" } ?? "")
                announced = try await storeAndEnforce(PlayerBan(playerId: target, reason: reason, untilMillis: nil, at: now))
            case .deleteDrawing:
                guard let drawingId = report.drawingId else { throw Self.refusal("the report \(reportId) names no drawing to delete") }
                announced = try await deleteDrawing(drawingId)?.announced ?? true
            }
            guard let resolved = try await storage({ try await store.resolveReport(id: reportId, action: action, note: note, at: now) }) else {
                throw APIError.notFound("no report has the id \(reportId)")
            }
            await audit.record(
                .resolveReport,
                ResolveArguments(reportId: reportId, action: action, note: note, playerId: report.playerId, drawingId: report.drawingId),
                request: request, context: context)
            guard announced else {
                throw APIError(ProtocolError(.internal, "the report is resolved, but not every server could be told of its action"))
            }
            return ReportAnswer(resolved)
        }
    }

    private static func refusal(_ message: String) -> APIError {
        APIError(ProtocolError(.invalidTarget, message))
    }

    private struct ResolveBody: Decodable {
        let action: String
        let note: String?
    }

    private struct ResolveArguments: Encodable {
        let reportId: String
        let action: ReportAction
        let note: String?
        /// What the report named, which `action` acted on.
        let playerId: PlayerID?
        let drawingId: String?
    }
}

/// A stored report as the admin API shows it: every field present, null when empty.
struct ReportAnswer: ResponseEncodable {
    let report: StoredReport

    init(_ report: StoredReport) {
        self.report = report
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKeys.self)
        try c.encode(report.id, forKey: "id")
        try c.encode(report.reporterId, forKey: "reporterId")
        try c.encode(report.reporterName, forKey: "reporterName")
        try c.encode(report.playerId, forKey: "playerId")
        try c.encode(report.playerName, forKey: "playerName")
        try c.encode(report.drawingId, forKey: "drawingId")
        try c.encode(report.reason, forKey: "reason")
        try c.encode(report.text, forKey: "text")
        if let context = report.context {
            var room = c.nestedContainer(keyedBy: JSONKeys.self, forKey: "context")
            try room.encode(context.roomCode, forKey: "roomCode")
            try room.encode(context.drawingId, forKey: "drawingId")
            try room.encode(context.chatLines, forKey: "chatLines")
        } else {
            try c.encodeNil(forKey: "context")
        }
        try c.encode(report.createdAt, forKey: "createdAt")
        try c.encode(report.status, forKey: "status")
        if let resolution = report.resolution {
            var resolved = c.nestedContainer(keyedBy: JSONKeys.self, forKey: "resolution")
            try resolved.encode(resolution.action, forKey: "action")
            try resolved.encode(resolution.note, forKey: "note")
            try resolved.encode(resolution.at, forKey: "at")
        } else {
            try c.encodeNil(forKey: "resolution")
        }
    }
}

/// `{"reports":[…],"nextBefore"}`: pass `nextBefore` as `before` for the next page; null on the last.
struct ReportPageAnswer: ResponseEncodable {
    let page: ReportPage

    init(_ page: ReportPage) {
        self.page = page
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKeys.self)
        try c.encode(page.reports.map(ReportAnswer.init), forKey: "reports")
        try c.encode(page.nextBefore?.token, forKey: "nextBefore")
    }
}
