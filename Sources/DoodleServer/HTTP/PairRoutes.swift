import DoodleCore
import DoodleStorage
import Hummingbird

/// Pair mode's reading routes (PROTOCOL.md, "Offline clients"): the caller's pair or its open
/// code, its pair history, and the latest drawing its partner sent it. What changes a pair goes
/// through the pair's room: `PairActionRoutes`.
struct PairRoutes {
    let reader: any PairReader
    let pairs: any PairRepository
    let authentication: BearerAuthentication
    let storage: StorageCalls
    let clock: any GameClock
    /// Draws a fresh pair code (the repository draws again if it is taken).
    let newCode: @Sendable () -> String

    static let defaultPageSize = 20
    static let maxPageSize = 100

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/me/pair") { request, _ in
            let player = try await authentication.player(request).playerId
            return try await status(of: player)
        }
        router.get("/v1/me/pair/drawings") { request, _ in
            let player = try await authentication.player(request).playerId
            let query = try request.query { fields throws(QueryFieldError) in try PageQuery(fields) }
            let page = try await storage {
                try await reader.drawings(of: player, box: query.box, limit: query.limit, before: query.before)
            }
            guard let page else {
                throw APIError(ProtocolError(.badMessage, "before must be the id of a drawing on an earlier page of this box"))
            }
            return JSONResponse(page)
        }
        router.get("/v1/me/latest-received") { request, _ in
            let player = try await authentication.player(request).playerId
            let drawing = try await storage { () -> PairDrawing? in
                guard let pairId = try await reader.currentPairId(of: player) else { return nil }
                return try await reader.latestReceived(by: player, pairId: pairId)
            }
            return drawing.map(LatestReceived.drawing) ?? .starter
        }
    }

    /// The live pair, or the open code (opened now if the player has none). A pair that ends
    /// between the two reads is read again, as the unpaired player it now is.
    private func status(of player: PlayerID) async throws -> PairStatus {
        for _ in 0..<2 {
            let membership = try await storage { try await pairs.membership(of: player, now: clock.nowMillis(), newCode: newCode) }
            switch membership {
            case .open(let code):
                return .unpaired(code: code)
            case .paired(let pairId):
                if let overview = try await storage({ try await reader.overview(pairId: pairId, for: player) }) {
                    return .paired(overview)
                }
            }
        }
        throw APIError(ProtocolError(.internal, "the pair changed while it was read; try again"))
    }

    /// `box`, `limit` and `before` of a listing; anything out of bounds is 400 `bad_message`.
    struct PageQuery {
        var box = PairBox.received
        var limit = PairRoutes.defaultPageSize
        var before: String?

        init(_ fields: QueryFields) throws(QueryFieldError) {
            box = try fields.choice("box", PairBox.self) ?? box
            limit = try fields.integer("limit", in: 1...PairRoutes.maxPageSize) ?? limit
            before = try fields.parsed("before", expected: "a drawing id", PathIdentifier.init)?.text
        }
    }
}

/// `GET /v1/me/pair`: `{"paired":true,"pairId","partner":{"id","name"},"since","scores","streak"}`
/// or `{"paired":false,"code"}`.
enum PairStatus: ResponseEncodable {
    case paired(PairOverview)
    case unpaired(code: String)

    private enum CodingKeys: String, CodingKey {
        case paired, pairId, partner, since, scores, streak, code
    }

    private struct Partner: Encodable {
        let id: PlayerID
        let name: String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .paired(let pair):
            try container.encode(true, forKey: .paired)
            try container.encode(pair.pairId, forKey: .pairId)
            try container.encode(Partner(id: pair.partnerId, name: pair.partnerName), forKey: .partner)
            try container.encode(pair.since, forKey: .since)
            try container.encode(pair.scores, forKey: .scores)
            try container.encode(pair.streak, forKey: .streak)
        case .unpaired(let code):
            try container.encode(false, forKey: .paired)
            try container.encode(code, forKey: .code)
        }
    }
}

/// `GET /v1/me/latest-received`: the drawing with `"starter":false`, or the built-in starter
/// drawing `{"drawingId":null,"starter":true,"strokes":[…]}`, so a widget always has something.
enum LatestReceived: ResponseEncodable {
    case drawing(PairDrawing)
    case starter

    private enum CodingKeys: String, CodingKey {
        case drawingId, starter, strokes
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .drawing(let drawing):
            try drawing.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(false, forKey: .starter)
        case .starter:
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNil(forKey: .drawingId)
            try container.encode(true, forKey: .starter)
            try container.encode(StarterDrawing.items, forKey: .strokes)
        }
    }
}
