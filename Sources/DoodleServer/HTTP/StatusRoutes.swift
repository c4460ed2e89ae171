import DoodleCore
import DoodleStorage
import Hummingbird

/// Health, metrics and public room info.
struct StatusRoutes {
    let metrics: ServerMetrics
    let archive: any GameArchive
    let outbound: OutboundBudget
    let registry: RoomRegistry
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
        router.get("/v1/rooms/{code}") { _, requestContext in
            let address = requestContext.channel.remoteAddress?.ipAddress ?? "unknown"
            guard roomLookups.allow(address, now: clock.nowMillis()) else {
                throw APIError.tooManyRequests("too many room lookups; invite codes are not for guessing")
            }
            let raw = try requestContext.parameters.require("code")
            guard let code = InviteCode.normalize(raw) else { throw APIError.badRequest("an invite code is 6 letters and digits") }
            guard let room = await registry.room(code: code) else { throw APIError.notFound("no room has the code \(code)") }
            return await room.publicInfo()
        }
    }

    struct Health: ResponseEncodable {
        let status: String
    }
}

extension RoomPublicInfo: ResponseEncodable {}
