import DoodleCore
import DoodleStorage
import Hummingbird

/// Health, metrics and public room info.
struct StatusRoutes {
    let metrics: ServerMetrics
    let archive: any GameArchive
    let outbound: OutboundBudget
    let registry: RoomRegistry
    /// Pair codes are looked up in the database: an open one answers, a spent one is 404.
    let pairs: PairRepository
    /// Whether clients reach this server over TLS (`wss://`).
    let secure: Bool
    /// Room lookups are limited per address like `joinRoom`.
    let lookupLimit: RateLimitRule
    let clock: any GameClock

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/health") { _, _ in
            Health(status: "ok")
        }
        router.get("/metrics") { _, _ in
            metrics.recordArchive(archive.statistics)
            metrics.recordOutbound(outbound)
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: .init(string: metrics.exposition())))
        }
        let roomLookups = AddressRateLimiter(rule: lookupLimit)
        router.get("/v1/rooms/{code}") { request, requestContext -> Response in
            let address = requestContext.channel.remoteAddress?.ipAddress ?? "unknown"
            guard roomLookups.allow(address, now: clock.nowMillis()) else {
                throw APIError.tooManyRequests("too many room lookups; invite codes are not for guessing")
            }
            let raw = try requestContext.parameters.require("code")
            guard let code = InviteCode.normalize(raw) else { throw APIError.badRequest("an invite code is 6 letters and digits") }
            let notFound = APIError.notFound("no room has the code \(code)")
            switch InviteCode.kind(of: code) {
            case .party:
                guard let room = await registry.room(code: code) else { throw notFound }
                return try await room.publicInfo().response(from: request, context: requestContext)
            case .pair:
                guard let info = try await pairs.code(code), info.isOpen else { throw notFound }
                return try PairCodePublicInfo(code: code, owner: info, request: request, secure: secure)
                    .response(from: request, context: requestContext)
            }
        }
    }

    struct Health: ResponseEncodable {
        let status: String
    }
}

extension RoomPublicInfo: ResponseEncodable {}

/// An open pair code as an invite link shows it: whose code it is, and where to connect.
struct PairCodePublicInfo: ResponseEncodable {
    struct Player: Codable {
        var id: PlayerID
        var name: String
    }

    var code: String
    var mode = "pair"
    var phase = "waiting"
    var players: [Player]
    /// The WebSocket address to connect to, as the client reached this server.
    var url: String

    init(code: String, owner: PairRepository.CodeInfo, request: Request, secure: Bool) {
        self.code = code
        players = [Player(id: owner.ownerId, name: owner.ownerName)]
        let scheme = secure ? "wss" : "ws"
        url = "\(scheme)://\(request.head.authority ?? "localhost")\(GameServerChannel.webSocketPath)"
    }
}
