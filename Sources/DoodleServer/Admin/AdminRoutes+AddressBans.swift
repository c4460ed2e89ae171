import DoodleCore
import DoodleStorage
import Foundation
import HTTPTypes
import Hummingbird

/// `POST /v1/admin/address-bans {"prefix","reason","untilMillis"}`, `GET /v1/admin/address-bans`
/// and `DELETE /v1/admin/address-bans/{id}` (PROTOCOL.md rev 5, "Address bans"). A ban is
/// stored, then held by this node at once (its connections from the block close with 4004) and
/// by the others within `AddressBanList.refreshInterval`.
extension AdminRoutes {
    /// The widest blocks an operator may ban: a typo of `/8` for `/28` should not shut out a
    /// country's providers, nor `/0` everyone.
    static let shortestPrefix = (v4: 8, v6: 16)

    func registerAddressBans(on admin: RouterGroup<DoodleRequestContext>) {
        admin.post("address-bans") { request, context -> EditedResponse<AddressBanAnswer> in
            let body = try await JSONRequestBody.decode(
                AddressBanBody.self, from: request, upTo: Self.maxBodyBytes,
                expected: #"{"prefix":"203.0.113.0/24","reason":"…" or null,"untilMillis":<ms since 1970> or null}"#)
            guard let prefix = AddressPrefix(body.prefix) else {
                throw APIError.badRequest("prefix must be an IPv4 or IPv6 address, optionally with /length (e.g. 203.0.113.0/24, 2001:db8::/48)")
            }
            let shortest = prefix.bytes.count == 4 ? Self.shortestPrefix.v4 : Self.shortestPrefix.v6
            guard prefix.length >= shortest else {
                throw APIError.badRequest("a ban covers at most a /\(shortest) block of this address family")
            }
            let reason = try body.reason.map { try AdminText.validate($0, field: "reason", maxLength: Self.maxBanReasonLength) }
            let now = clock.nowMillis()
            try Self.requireFuture(body.untilMillis, now: now)
            var generator = SystemRandomNumberGenerator()
            let ban = AddressBan(
                id: OpaqueID.make(prefix: "ab_", using: &generator), prefix: prefix, reason: reason, untilMillis: body.untilMillis, at: now)
            try await storage { try await store.banAddresses([ban]) }
            await addressBans.refresh()
            await audit.record(.banAddress, AddressBanArguments(ban), request: request, context: context)
            return EditedResponse(status: .created, response: AddressBanAnswer(ban))
        }
        admin.get("address-bans") { _, _ -> AddressBanList.Page in
            AddressBanList.Page(bans: try await storage { try await store.addressBans(now: clock.nowMillis()) }.map(AddressBanAnswer.init))
        }
        admin.delete("address-bans/{id}") { request, context -> HTTPResponse.Status in
            let id = try context.parameters.identifier("id", of: "address ban")
            guard try await storage({ try await store.liftAddressBan(id: id) }) else {
                throw APIError.notFound("no address ban has the id \(id)")
            }
            await addressBans.refresh()
            await audit.record(.liftAddressBan, LiftArguments(id: id), request: request, context: context)
            return .noContent
        }
    }

    /// Bans the addresses `player` came from in the last 30 days with its ban (`"addresses":true`),
    /// as blocks of one address each. Returns them.
    func banAddresses(of player: PlayerID, reason: String?, untilMillis: Int64?, at now: Int64) async throws -> [AddressBan] {
        var generator = SystemRandomNumberGenerator()
        let bans = try await storage { try await store.recentAddresses(of: player, now: now) }.compactMap(AddressPrefix.init).map { prefix in
            AddressBan(
                id: OpaqueID.make(prefix: "ab_", using: &generator), prefix: prefix, reason: reason, untilMillis: untilMillis, at: now,
                playerId: player)
        }
        try await storage {
            // A second ban of the player replaces the blocks of the first.
            try await store.liftAddressBans(ofPlayer: player)
            try await store.banAddresses(bans)
        }
        await addressBans.refresh()
        return bans
    }

    /// 400 unless `untilMillis` is nil (until lifted) or later than `now`.
    static func requireFuture(_ untilMillis: Int64?, now: Int64) throws {
        if let untilMillis, untilMillis <= now {
            throw APIError.badRequest("untilMillis must be in the future (milliseconds since 1970), or null for a ban until lifted")
        }
    }

    private struct AddressBanBody: Decodable {
        let prefix: String
        let reason: String?
        let untilMillis: Int64?
    }

    private struct AddressBanArguments: Encodable {
        let id: String
        let prefix: String
        let reason: String?
        let untilMillis: Int64?

        init(_ ban: AddressBan) {
            id = ban.id
            prefix = ban.prefix.description
            reason = ban.reason
            untilMillis = ban.untilMillis
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(prefix, forKey: .prefix)
            try c.encode(reason, forKey: .reason)
            try c.encode(untilMillis, forKey: .untilMillis)
        }

        private enum CodingKeys: String, CodingKey {
            case id, prefix, reason, untilMillis
        }
    }

    private struct LiftArguments: Encodable {
        let id: String
    }
}

extension AddressBanList {
    /// `GET /v1/admin/address-bans`: the bans in force, newest first.
    struct Page: ResponseEncodable {
        let bans: [AddressBanAnswer]
    }
}

/// An address ban as the admin API shows it: `reason`, `untilMillis` and `playerId` null rather
/// than absent.
struct AddressBanAnswer: ResponseEncodable {
    let ban: AddressBan

    init(_ ban: AddressBan) {
        self.ban = ban
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ban.id, forKey: .id)
        try c.encode(ban.prefix.description, forKey: .prefix)
        try c.encode(ban.reason, forKey: .reason)
        try c.encode(ban.untilMillis, forKey: .untilMillis)
        try c.encode(ban.at, forKey: .at)
        try c.encode(ban.playerId, forKey: .playerId)
    }

    private enum CodingKeys: String, CodingKey {
        case id, prefix, reason, untilMillis, at, playerId
    }
}
