import DoodleCore
import DoodleStorage
import HTTPTypes
import Hummingbird
import Logging

/// A signed-in player's devices (PROTOCOL.md, "Accounts and devices"): `GET /v1/me/sessions`,
/// `DELETE /v1/me/sessions/{id}` (that token stops working at once, its connection closes with
/// 4002, on every node) and `POST /v1/me/link-code` (a one-use code for a new device).
struct DeviceRoutes {
    let accounts: any AccountStore
    let authentication: BearerAuthentication
    let storage: StorageCalls
    let revocation: DeviceRevocation
    /// Link codes count against the sign-in routes' per-address limit.
    let limiter: AddressRateLimiter
    let addresses: ClientAddress
    /// Whether clients reach this server over TLS, so the link's page is `https`.
    let secure: Bool
    let metrics: ServerMetrics
    let clock: any GameClock
    let logger: Logger

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/me/sessions") { request, _ -> JSONResponse<[DeviceEntry]> in
            let player = try await authentication.player(request).playerId
            let hash = try authentication.tokenHash(request)
            let (devices, current) = try await storage { () -> ([DeviceRecord], DeviceRecord?) in
                (try await accounts.devices(of: player), try await accounts.device(tokenHash: hash))
            }
            return JSONResponse(
                devices.map {
                    DeviceEntry(id: $0.id, label: $0.label, createdAt: $0.createdAt, lastSeenAt: $0.lastSeenAt, current: $0.id == current?.id)
                })
        }
        router.delete("/v1/me/sessions/{id}") { request, requestContext -> HTTPResponse.Status in
            let player = try await authentication.player(request).playerId
            let id = try requestContext.parameters.identifier("id", of: "device")
            guard let tokenHash = try await storage({ try await accounts.removeDevice(id: id, of: player) }) else {
                throw APIError.notFound("you have no device with the id \(id)")
            }
            await revocation.revoked(tokenHash: tokenHash, of: player)
            metrics.deviceRevoked()
            logger.info("a player removed one of its devices", metadata: ["player": "\(player)", "device": "\(id)"])
            return .noContent
        }
        router.post("/v1/me/link-code") { request, requestContext -> LinkCodeAnswer in
            let player = try await authentication.player(request).playerId
            let now = clock.nowMillis()
            guard limiter.allow(addresses.of(request, context: requestContext), now: now) else {
                throw APIError(
                    ProtocolError(.rateLimited, "too many sign-in attempts from your address; wait a minute"),
                    retryAfterSeconds: Int((limiter.rule.windowMilliseconds + 999) / 1000))
            }
            var generator = SystemRandomNumberGenerator()
            let code = LinkCode.random(using: &generator)
            let link = try InviteLink(fragment: "link=\(code.text)", host: request.head.authority, secure: secure)
            let symbol: QRCode
            do {
                symbol = try QRCode(text: link.url)
            } catch {
                throw APIError.badRequest("the link is too long for a QR code: \(error)")
            }
            let expiresAt = now + LinkCode.lifetimeMilliseconds
            try await storage { try await accounts.createLinkCode(codeHash: code.hash, playerId: player, expiresAt: expiresAt, now: now) }
            return LinkCodeAnswer(code: code.text, expiresAt: expiresAt, url: link.url, qrSvg: QRCodeSVG.render(symbol))
        }
    }
}
