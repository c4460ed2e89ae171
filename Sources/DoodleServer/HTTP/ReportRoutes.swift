import DoodleCore
import DoodleStorage
import Hummingbird

/// `POST /v1/reports` with a player's token: `{"drawingId"|"playerId"|"roomCode","reason","text"}`
/// reports a stored drawing, a player or a live party room to the operators → 201 `{"reportId"}`.
/// Exactly one of the three targets; a drawing the caller cannot see (a pair drawing not its
/// own), an unknown player or a code no live room has is 404 as for an id nobody has; reporting
/// yourself is 409 `invalid_target`. A room's report carries its context (the drawing on screen,
/// its members' last chat lines) when this node hosts it, its code alone when another node does.
/// Reports from rooms and from here count together toward `limits.reportsPerHour`; past it 429
/// `rate_limited`.
struct ReportRoutes {
    let reader: any ArchiveReader
    let pairReader: any PairReader
    let players: PlayerRepository
    /// Where a reported room is looked for: here, then in the cluster's directory.
    let registry: RoomRegistry
    let cluster: ClusterMembership
    let store: any ModerationStore
    let authentication: BearerAuthentication
    let storage: StorageCalls
    let reportsPerHour: Int
    let clock: any GameClock

    static let maxTextLength = 500
    static let maxBodyBytes = 16 * 1024
    /// The store says only that the reporter is over its limit, not since when: at most an hour.
    static let retryAfterSeconds = 3_600

    func register(on router: Router<DoodleRequestContext>) {
        router.post("/v1/reports") { request, _ -> EditedResponse<Answer> in
            let reporter = try await authentication.player(request).playerId
            let reasons = ReportReason.allCases.map(\.rawValue).joined(separator: "|")
            let body = try await JSONRequestBody.decode(
                Body.self, from: request, upTo: Self.maxBodyBytes,
                expected: #"{"drawingId" or "playerId" or "roomCode":"…","reason":"\#(reasons)","text":"…"}"#)
            guard let reason = ReportReason(rawValue: body.reason) else { throw APIError.badRequest("reason must be one of \(reasons)") }
            let text = try body.text.flatMap { text -> String? in
                let trimmed = text.trimmingWhitespace()
                guard trimmed.count <= Self.maxTextLength else { throw APIError.badRequest("text may be at most \(Self.maxTextLength) characters") }
                return trimmed.isEmpty ? nil : trimmed
            }
            var context: ReportContext?
            switch (body.drawingId, body.playerId, body.roomCode) {
            case (let drawingId?, nil, nil):
                guard try await canSee(drawing: drawingId, viewer: reporter) else { throw APIError.notFound("no drawing has the id \(drawingId)") }
            case (nil, let playerId?, nil):
                guard playerId != reporter else { throw APIError(ProtocolError(.invalidTarget, "you cannot report yourself")) }
                guard try await storage({ try await players.player(id: playerId) }) != nil else {
                    throw APIError.notFound("no player has the id \(playerId)")
                }
            case (nil, nil, let code?):
                context = try await roomContext(code)
            default:
                throw APIError.badRequest("name exactly one of drawingId, playerId and roomCode")
            }
            let draft = ReportDraft(
                reporterId: reporter, playerId: body.playerId, drawingId: body.drawingId, reason: reason, text: text, context: context,
                at: clock.nowMillis())
            guard let reportId = try await storage({ try await store.fileReport(draft, limit: reportsPerHour) }) else {
                throw APIError(
                    ProtocolError(.rateLimited, "at most \(reportsPerHour) reports an hour; try again later"), retryAfterSeconds: Self.retryAfterSeconds)
            }
            return EditedResponse(status: .created, response: Answer(reportId: reportId))
        }
    }

    /// The context of a report of the live party room `raw`: 400 for what is no invite code, 404
    /// when no live party room has it.
    private func roomContext(_ raw: String) async throws -> ReportContext {
        guard let code = InviteCode.normalize(raw), InviteCode.kind(of: code) == .party else {
            throw APIError.badRequest("roomCode must be a party room's invite code: 6 letters and digits")
        }
        if let room = await registry.room(code: code) { return await room.roomReportContext() }
        if cluster.isClustered, try await storage({ try await cluster.remoteHost(of: code) }) != nil {
            return ReportContext(roomCode: code, drawingId: nil, chatLines: [])
        }
        throw APIError.notFound("no room has the code \(code)")
    }

    /// A finished game's drawing anyone may report; a pair drawing only its partners.
    private func canSee(drawing id: String, viewer: PlayerID) async throws -> Bool {
        if try await storage({ try await reader.drawingEndedAt(id: id) }) != nil { return true }
        return try await storage({ try await pairReader.drawingSentAt(id: id, viewer: viewer) }) != nil
    }

    private struct Body: Decodable {
        let drawingId: String?
        let playerId: PlayerID?
        let roomCode: String?
        let reason: String
        let text: String?
    }

    struct Answer: ResponseEncodable {
        let reportId: String
    }
}
