import DoodleCore
import HTTPTypes
import Hummingbird

/// In front of every `/v1/admin/…` route: the request must carry `Authorization: Bearer <admin
/// token>`. A missing or wrong token is 401 `unauthorized` and counts toward its address's
/// lockout (`AdminLockout`); a locked-out address gets 429 `rate_limited` with `Retry-After`
/// before its token is looked at.
struct AdminGate: RouterMiddleware {
    typealias Context = DoodleRequestContext

    let token: AdminToken
    let lockout: AdminLockout
    let addresses: ClientAddress
    let clock: any GameClock

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let address = addresses.of(request, context: context)
        let now = clock.nowMillis()
        if case .locked(let retryAfter) = lockout.verdict(for: address, now: now) {
            throw APIError(ProtocolError(.rateLimited, "too many wrong admin tokens from your address; try again later"), retryAfterSeconds: retryAfter)
        }
        guard let presented = BearerAuthentication.token(in: request), token.matches(presented) else {
            lockout.recordFailure(address, now: now)
            throw APIError.unauthorized("send the admin token as Authorization: Bearer <token>")
        }
        return try await next(request, context)
    }
}
