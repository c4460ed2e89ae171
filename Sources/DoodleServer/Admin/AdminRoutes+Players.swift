import DoodleCore
import DoodleStorage
import Foundation
import HTTPTypes
import Hummingbird

/// `POST /v1/admin/players/{id}/ban {"reason","untilMillis","addresses"}` and `DELETE …/ban`. A
/// ban is stored, then enforced at once on every node: the player's connections close with 4004
/// and it leaves its rooms as if it left; from then on its `hello` gets `error banned` and 4004
/// and its HTTP calls 403 `banned`, until the ban ends (`untilMillis`) or is lifted. With
/// `"addresses":true` the addresses it came from in the last 30 days are banned with it, until
/// the same end (`AdminRoutes+AddressBans`), so that a fresh browser profile at the same address
/// cannot play on. Banning again replaces the ban; lifting it lifts its address bans too.
extension AdminRoutes {
    static let maxBanReasonLength = 500

    func registerPlayers(on admin: RouterGroup<DoodleRequestContext>) {
        admin.post("players/{id}/ban") { request, context -> BanAnswer in
            let playerId = try context.parameters.identifier("id", of: "player")
            let body = try await JSONRequestBody.decode(
                BanBody.self, from: request, upTo: Self.maxBodyBytes,
                expected: #"{"reason":"…" or null,"untilMillis":<ms since 1970> or null,"addresses":true|false}"#)
            let reason = try body.reason.map { try AdminText.validate($0, field: "reason", maxLength: Self.maxBanReasonLength) }
            let now = clock.nowMillis()
            try Self.requireFuture(body.untilMillis, now: now)
            guard try await storage({ try await players.player(id: playerId) }) != nil else {
                throw APIError.notFound("no player has the id \(playerId)")
            }
            let ban = PlayerBan(playerId: playerId, reason: reason, untilMillis: body.untilMillis, at: now)
            let announced = try await storeAndEnforce(ban)
            let addressBans = body.addresses == true ? try await banAddresses(of: playerId, reason: reason, untilMillis: body.untilMillis, at: now) : []
            await audit.record(
                .ban, BanArguments(playerId: playerId, reason: reason, untilMillis: body.untilMillis, addresses: addressBans.map(\.prefix.description)),
                request: request, context: context)
            try Self.requireAnnounced(announced)
            return BanAnswer(ban, addresses: addressBans)
        }
        admin.delete("players/{id}/ban") { request, context -> HTTPResponse.Status in
            let playerId = try context.parameters.identifier("id", of: "player")
            guard try await storage({ try await store.unban(playerId: playerId) }) else {
                throw APIError.notFound("the player \(playerId) has no ban")
            }
            try await storage { try await store.liftAddressBans(ofPlayer: playerId) }
            await addressBans.refresh()
            await audit.record(.unban, UnbanArguments(playerId: playerId), request: request, context: context)
            return .noContent
        }
    }

    /// Stores `ban` and enforces it on every node now; false when the other nodes could not be
    /// told (this node enforced it).
    func storeAndEnforce(_ ban: PlayerBan) async throws -> Bool {
        try await storage { try await store.ban(ban) }
        return await moderation.banned(ban.playerId)
    }

    /// 500 when a stored ban could not reach every node: it stands, this node enforced it, and
    /// repeating the request, which stores the same ban again, tells the others.
    static func requireAnnounced(_ announced: Bool) throws {
        guard announced else {
            throw APIError(ProtocolError(.internal, "the ban is stored, but not every server could be told; send it again"), retryAfterSeconds: 1)
        }
    }

    private struct BanBody: Decodable {
        let reason: String?
        let untilMillis: Int64?
        let addresses: Bool?
    }

    private struct BanArguments: Encodable {
        let playerId: PlayerID
        let reason: String?
        let untilMillis: Int64?
        /// The address blocks banned with the player (none without `"addresses":true`).
        let addresses: [String]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(playerId, forKey: .playerId)
            try c.encode(reason, forKey: .reason)
            try c.encode(untilMillis, forKey: .untilMillis)
            if !addresses.isEmpty { try c.encode(addresses, forKey: .addresses) }
        }

        private enum CodingKeys: String, CodingKey {
            case playerId, reason, untilMillis, addresses
        }
    }

    private struct UnbanArguments: Encodable {
        let playerId: PlayerID
    }
}

/// A ban as the admin API shows it: `reason` and `untilMillis` null rather than absent, and
/// `addresses` the address bans made with it (empty unless asked for).
struct BanAnswer: ResponseEncodable {
    let ban: PlayerBan
    let addresses: [AddressBan]

    init(_ ban: PlayerBan, addresses: [AddressBan] = []) {
        self.ban = ban
        self.addresses = addresses
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ban.playerId, forKey: .playerId)
        try c.encode(ban.reason, forKey: .reason)
        try c.encode(ban.untilMillis, forKey: .untilMillis)
        try c.encode(ban.at, forKey: .at)
        try c.encode(addresses.map(AddressBanAnswer.init), forKey: .addresses)
    }

    private enum CodingKeys: String, CodingKey {
        case playerId, reason, untilMillis, at, addresses
    }
}
