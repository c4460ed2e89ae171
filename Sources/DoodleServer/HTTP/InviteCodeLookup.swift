import DoodleCore
import DoodleStorage
import HTTPTypes
import Hummingbird

/// What an invite code in a URL stands for, for every HTTP route that takes one: one limit per
/// client address across all of them (like `joinRoom`'s, so codes cannot be probed by trying
/// them), the code's shape, and whether a live party room or an open pair code has it.
struct InviteCodeLookup: Sendable {
    enum Found {
        case party(code: String, room: Room)
        /// A live party room hosted by another node of the cluster.
        case remoteParty(code: String, host: ClusterNode)
        case pair(code: String, owner: PairCodeInfo)
    }

    let registry: RoomRegistry
    let cluster: ClusterMembership
    /// Pair codes are looked up in the database: an open one answers, a spent one is 404.
    let pairs: any PairRepository
    let limiter: AddressRateLimiter
    let addresses: ClientAddress
    let clock: any GameClock

    init(
        registry: RoomRegistry, cluster: ClusterMembership, pairs: any PairRepository, limit: RateLimitRule, addresses: ClientAddress,
        clock: any GameClock
    ) {
        self.registry = registry
        self.cluster = cluster
        self.pairs = pairs
        self.limiter = AddressRateLimiter(rule: limit)
        self.addresses = addresses
        self.clock = clock
    }

    /// The room or pair code named by the request's `{code}`: 429 over the limit, 400 for a
    /// malformed code, 404 when nothing live has it.
    func find(_ request: Request, context: DoodleRequestContext) async throws -> Found {
        let address = addresses.of(request, context: context)
        guard limiter.allow(address, now: clock.nowMillis()) else {
            throw APIError.tooManyRequests("too many room lookups; invite codes are not for guessing")
        }
        let raw = try context.parameters.require("code")
        guard let code = InviteCode.normalize(raw) else { throw APIError.badRequest("an invite code is 6 letters and digits") }
        let notFound = APIError.notFound("no room has the code \(code)")
        switch InviteCode.kind(of: code) {
        case .party:
            if let room = await registry.room(code: code) { return .party(code: code, room: room) }
            guard cluster.isClustered else { throw notFound }
            let host: ClusterNode?
            do {
                host = try await cluster.remoteHost(of: code)
            } catch {
                throw APIError(
                    status: .internalServerError, code: "internal", message: "the room directory cannot be reached just now; try again later")
            }
            guard let host else { throw notFound }
            return .remoteParty(code: code, host: host)
        case .pair:
            guard let owner = try await pairs.code(code), owner.isOpen else { throw notFound }
            return .pair(code: code, owner: owner)
        }
    }
}
