import DoodleCore
import DoodleStorage
import Hummingbird

/// In front of the API: a request from a banned address block is answered 403 `banned`, with
/// the ban's reason and end (PROTOCOL.md rev 5, "Address bans"). The operators' routes stay
/// open (an operator may share an address with whoever it banned, and must be able to lift the
/// ban), and so do the page and its files, which show a banned visitor why, once its `hello`
/// is refused.
struct AddressBanGate: RouterMiddleware {
    typealias Context = DoodleRequestContext

    let bans: AddressBanList
    let addresses: ClientAddress

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path.hasPrefix("/v1/"), !path.hasPrefix(AdminRoutes.prefix + "/"), let ban = bans.ban(of: addresses.of(request, context: context)) {
            throw APIError.banned(reason: ban.reason, untilMillis: ban.untilMillis, message: "an operator banned your address from this server")
        }
        return try await next(request, context)
    }
}
