import DoodleCore
import DoodleStorage

/// Where a cluster's pair rooms live: one node at a time hosts each, recorded in the room
/// directory under this node's lease like a party room's code. A formed pair's room is recorded
/// under ``key(ofPair:)``, which no six-letter code can equal; a waiting room under its pair code.
/// A node that finds the key held by another live node sends the partner there (WebSocket) or
/// hands the call over (HTTP, through ``PairForwarding``); a key whose node is gone is claimed
/// by the next node a partner reaches, which loads the room from storage.
struct PairHosting: Sendable {
    let membership: ClusterMembership
    let forwarding: PairForwarding
    let seats: SeatIndex

    static func key(ofPair pairId: String) -> String { "pair:\(pairId)" }

    /// The seat a redirect names: the pair code of a waiting room, none for a formed pair.
    static func redirectCode(forKey key: String) -> String? {
        key.hasPrefix("pair:") ? nil : key
    }

    /// Makes `key` this node's, or says which live node holds it.
    ///
    /// Looked up before it is claimed: most calls that reach a node without the room are for a
    /// room live elsewhere, and a lookup is one read where a claim that loses is a write.
    /// - Throws: ``PairRegistryError/hostedElsewhere(_:)`` when another live node holds it.
    func claim(_ key: String) async throws {
        if let host = try await membership.remoteHost(of: key) { throw PairRegistryError.hostedElsewhere(host) }
        if try await membership.claim(code: key) { return }
        // Held by a live node: this one (nothing to do), or another.
        if let host = try await membership.remoteHost(of: key) { throw PairRegistryError.hostedElsewhere(host) }
    }

    func release(_ key: String) async {
        await membership.release(code: key)
    }

    /// The live node other than this one holding `key`, if any.
    func remoteHost(of key: String) async throws -> ClusterNode? {
        try await membership.remoteHost(of: key)
    }

    /// A resume of `player` on another node is redirected here while the room is hosted here.
    func seatTaken(_ player: PlayerID, key: String) async {
        await seats.pairPlaceTaken(player, key: key)
    }

    func seatReleased(_ player: PlayerID, key: String) async {
        await seats.pairPlaceReleased(player, key: key)
    }
}
