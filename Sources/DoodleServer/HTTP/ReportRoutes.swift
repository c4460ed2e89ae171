import DoodleCore
import DoodleStorage
import Hummingbird

/// `POST /v1/reports` with a player's token: `{"drawingId"|"playerId","reason","text"}` reports a
/// stored drawing or a player to the operators → 201 `{"reportId"}`. Exactly one of the two
/// targets; a drawing the caller cannot see (a pair drawing not its own) or an unknown player is
/// 404 as for an id nobody has; reporting yourself is 409 `invalid_target`. Reports from rooms
/// and from here count together toward `limits.reportsPerHour`; past it 429 `rate_limited`.
struct ReportRoutes {
    let reader: any ArchiveReader
    let pairReader: any PairReader
    let players: PlayerRepository
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
                Body.self, from: request, upTo: Self.maxBodyBytes, expected: #"{"drawingId" or "playerId":"…","reason":"\#(reasons)","text":"…"}"#)
            guard let reason = ReportReason(rawValue: body.reason) else { throw APIError.badRequest("reason must be one of \(reasons)") }
            let text = try body.text.flatMap { text -> String? in
                let trimmed = text.trimmingWhitespace()
                guard trimmed.count <= Self.maxTextLength else { throw APIError.badRequest("text may be at most \(Self.maxTextLength) characters") }
                return trimmed.isEmpty ? nil : trimmed
            }
            switch (body.drawingId, body.playerId) {
            case (let drawingId?, nil):
                guard try await canSee(drawing: drawingId, viewer: reporter) else { throw APIError.notFound("no drawing has the id \(drawingId)") }
            case (nil, let playerId?):
                guard playerId != reporter else { throw APIError(ProtocolError(.invalidTarget, "you cannot report yourself")) }
                guard try await storage({ try await players.player(id: playerId) }) != nil else {
                    throw APIError.notFound("no player has the id \(playerId)")
                }
            default:
                throw APIError.badRequest("name exactly one of drawingId and playerId")
            }
            let draft = ReportDraft(
                reporterId: reporter, playerId: body.playerId, drawingId: body.drawingId, reason: reason, text: text, context: nil,
                at: clock.nowMillis())
            guard let reportId = try await storage({ try await store.fileReport(draft, limit: reportsPerHour) }) else {
                throw APIError(
                    ProtocolError(.rateLimited, "at most \(reportsPerHour) reports an hour; try again later"), retryAfterSeconds: Self.retryAfterSeconds)
            }
            return EditedResponse(status: .created, response: Answer(reportId: reportId))
        }
    }

    /// A finished game's drawing anyone may report; a pair drawing only its partners.
    private func canSee(drawing id: String, viewer: PlayerID) async throws -> Bool {
        if try await storage({ try await reader.drawingEndedAt(id: id) }) != nil { return true }
        return try await storage({ try await pairReader.drawingSentAt(id: id, viewer: viewer) }) != nil
    }

    private struct Body: Decodable {
        let drawingId: String?
        let playerId: PlayerID?
        let reason: String
        let text: String?
    }

    struct Answer: ResponseEncodable {
        let reportId: String
    }
}
