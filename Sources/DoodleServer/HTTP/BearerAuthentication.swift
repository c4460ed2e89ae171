import DoodleCore
import DoodleStorage
import Foundation
import Hummingbird

/// Who a request's `Authorization: Bearer <token>` header names: the `/v1/me` routes require
/// it, and the drawing routes take it when present (a pair drawing is its partners' only). A
/// banned player's token is refused with 403 `banned` wherever it is presented.
struct BearerAuthentication: Sendable {
    let players: PlayerRepository
    let bans: any ModerationStore
    let storage: StorageCalls
    let clock: any GameClock

    /// The player the token belongs to; 401 `unauthorized` without a header, with a malformed
    /// one, or with a token no player holds; 403 `banned` for a banned player's.
    func player(_ request: Request) async throws -> PlayerProfile {
        let hash = try tokenHash(request)
        guard let player = try await storage({ try await players.player(tokenHash: hash) }) else {
            throw APIError.unauthorized("unknown token")
        }
        try await refuseIfBanned(player.playerId)
        return player
    }

    /// 403 `banned` while an operator's ban of `player` is in force.
    func refuseIfBanned(_ player: PlayerID) async throws {
        if let ban = try await storage({ try await bans.activeBan(playerId: player, now: clock.nowMillis()) }) {
            throw APIError.banned(reason: ban.reason, untilMillis: ban.untilMillis)
        }
    }

    /// The hash under which the request's token is stored (401 without a token), for a route
    /// that looks the player up in the same read as what it answers.
    func tokenHash(_ request: Request) throws -> String {
        guard let token = Self.token(in: request) else {
            throw APIError.unauthorized("send your token as Authorization: Bearer <token>")
        }
        return PlayerDirectory.hash(token)
    }

    /// The player the token belongs to, or nil for no token, a malformed header or an unknown
    /// token alike: routes where the token is optional answer such a caller as anyone else. A
    /// banned player's token is 403 `banned` here too.
    func optionalPlayer(_ request: Request) async throws -> PlayerID? {
        guard let token = Self.token(in: request) else { return nil }
        guard let player = try await storage({ try await players.player(tokenHash: PlayerDirectory.hash(token)) })?.playerId else {
            return nil
        }
        try await refuseIfBanned(player)
        return player
    }

    /// The token of a well-formed `Bearer` header (the scheme in any case), else nil.
    static func token(in request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
