import DoodleCore
import DoodleStorage
import Logging

/// What operators' decisions do to the live game, on this node and, through cluster signals, on
/// the others: a room closed where it is hosted, a banned player's connections closed and its
/// places given up everywhere, a deleted drawing forgotten by every cache. Storage is the
/// routes' business; this is only the live part, which each node does for itself.
struct LiveModeration: Sendable {
    let registry: RoomRegistry
    let players: PlayerDirectory
    let pairs: PairRegistry
    let pictures: PictureCache
    let latestHeads: LatestHeadCache
    let cluster: ClusterMembership
    let logger: Logger

    enum RoomClosing: Sendable, Equatable {
        case closedHere
        /// Another node hosts the room: it was told to close it.
        case handedOver(ClusterNode)
        case notFound
    }

    // MARK: - Rooms

    /// Closes the party room `code` wherever it is hosted.
    ///
    /// - Throws: ``LiveModerationError`` when the room is on another node that cannot be told.
    func closeRoom(code: String, reason: String) async throws -> RoomClosing {
        if await registry.close(code: code, reason: reason) { return .closedHere }
        guard cluster.isClustered else { return .notFound }
        let host: ClusterNode?
        do {
            host = try await cluster.remoteHost(of: code)
        } catch {
            throw LiveModerationError.directoryUnavailable("\(error)")
        }
        guard let host else {
            // Closed here meanwhile by a call that won the race, or never open: either way gone.
            return .notFound
        }
        try await cluster.tellToClose(code: code, reason: reason, host: host)
        return .handedOver(host)
    }

    /// A `closeRoom` signal for a room of this node.
    func closeRoomHere(code: String, reason: String) async {
        if !(await registry.close(code: code, reason: reason)) {
            logger.info("asked to close a room this node does not host (any more)", metadata: ["room": "\(code)"])
        }
    }

    // MARK: - Bans

    /// `player` was banned (the ban is stored): its connections close with 4004 and it leaves its
    /// rooms, here and on every other node. False when the other nodes could not be told (this
    /// node's part is done; doing it all again is harmless); the failure is logged.
    func banned(_ player: PlayerID) async -> Bool {
        await enforceBanHere(player)
        do {
            try await cluster.announceBan(of: player)
            return true
        } catch {
            logger.error("a ban did not reach every node", metadata: ["player": "\(player)", "error": "\(error)"])
            return false
        }
    }

    /// The ban's part on this node: the player leaves its party room as with `leaveRoom` (it hears
    /// its own `playerLeft`), leaves pair mode likewise, then its connection closes with 4004. A
    /// seat it holds while disconnected goes too.
    func enforceBanHere(_ player: PlayerID) async {
        let (connection, code) = await players.whereabouts(of: player)
        if let code, let room = await registry.room(code: code) { await room.leave(player) }
        await pairs.expel(player)
        connection?.close(.banned, reason: "banned by an operator")
        // Its widget's picture is answered from memory without a ban lookup: forgotten, the
        // next poll reads storage and meets the ban.
        latestHeads.forget([player])
        if connection != nil || code != nil {
            logger.info("a banned player was let go", metadata: ["player": "\(player)", "room": "\(code ?? "-")"])
        }
    }

    // MARK: - Drawings

    /// The stored drawing `drawingId` was deleted: its pictures, the widget heads of `players`
    /// and, for a pair drawing (`pairId`), the pair room's pending copy go, here and on every
    /// other node.
    /// False when the other nodes could not be told; the failure is logged.
    func drawingDeleted(_ drawingId: String, pairId: String?, players: [PlayerID]) async -> Bool {
        await forgetDrawingHere(drawingId, pairId: pairId, players: players)
        do {
            try await cluster.announceDrawingDeleted(drawingId, pairId: pairId, players: players)
            return true
        } catch {
            logger.error("a deleted drawing was not announced to every node", metadata: ["drawing": "\(drawingId)", "error": "\(error)"])
            return false
        }
    }

    /// The deletion's part on this node.
    func forgetDrawingHere(_ drawingId: String, pairId: String?, players: [PlayerID]) async {
        await pictures.purge(drawingId: drawingId)
        latestHeads.forget(players)
        if let pairId { await pairs.drawingDeleted(drawingId, pairId: pairId) }
    }
}

enum LiveModerationError: Error, CustomStringConvertible {
    /// The room directory could not say which node hosts a room.
    case directoryUnavailable(String)
    /// The node hosting a room could not be told to close it.
    case hostUnreachable(ClusterNode, String)

    var description: String {
        switch self {
        case .directoryUnavailable(let reason): "the room directory cannot be reached (\(reason))"
        case .hostUnreachable(let node, let reason): "node \(node.id) could not be told (\(reason))"
        }
    }
}
