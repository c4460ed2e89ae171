import DoodleCore
import DoodleStorage
import Foundation
import Logging
import NIOCore

/// Where every player in pair mode is, and the pair rooms in memory. A player is either in its
/// waiting room (an open code, nobody else in it) or in its pair's room; a pair room is loaded
/// from the database when a partner enters, or for one HTTP call, and let go once nobody is in
/// it. Forming a pair is one transaction in `PairRepository.form`: of racing joiners the
/// database picks the winner.
actor PairRegistry {
    /// Where a player in pair mode sits.
    enum Place: Sendable, Equatable {
        case waiting(code: String)
        case paired(pairId: String)
    }

    private struct Presence {
        var place: Place
        var name: String
        var queue: OutboundQueue
        /// The session's hold on this place: ended when the registry takes the player out.
        let ticket = PairTicket()
    }

    /// Who is in pair mode on which connection; added, replaced and removed by `setPresence` only.
    private var present: [PlayerID: Presence] = [:]
    /// Who left pair mode by losing its connection, and when: `hello` within the reconnect
    /// grace puts it back where it was.
    private var recentlyGone: [PlayerID: (place: Place, at: Int64)] = [:]
    private var rooms: [String: PairRoom] = [:]
    private var random = SystemRandomNumberGenerator()
    let pairs: any PairRepository
    private let rules: GameRules
    private let suggestionWords: [String]
    private let clock: any GameClock
    private let metrics: ServerMetrics
    /// The widgets' latest heads: pairing changes both partners'; the rooms take it for the rest.
    private let latestHeads: LatestHeadCache
    let logger: Logger
    private let encoder = FrameEncoder()
    /// In a cluster with signals: which node hosts each pair room. Nil alone: every room is here.
    let hosting: PairHosting?

    init(
        pairs: any PairRepository, rules: GameRules, suggestionWords: [String], clock: any GameClock, metrics: ServerMetrics,
        latestHeads: LatestHeadCache, logger: Logger, hosting: PairHosting? = nil
    ) {
        self.hosting = hosting
        self.pairs = pairs
        self.rules = rules
        self.suggestionWords = suggestionWords
        self.clock = clock
        self.metrics = metrics
        self.latestHeads = latestHeads
        self.logger = logger
    }

    // MARK: - Entering

    /// `createRoom` with `"mode":"pair"`: the player's pair room if it has a partner, else its
    /// waiting room with its open code — after any unpairing it has not heard of.
    func enter(_ player: PlayerID, name: String, queue: OutboundQueue) async -> PairEntry {
        let refusal = await place(player, name: name, queue: queue, lastSeq: nil, resuming: nil)
        return entry(of: player, on: queue, refusal: refusal)
    }

    /// Where an entry left the player: in a place here, sent to another node, or refused.
    private func entry(of player: PlayerID, on queue: OutboundQueue, refusal: ProtocolError?) -> PairEntry {
        if let refusal { return .refused(refusal) }
        guard let presence = present[player], presence.queue.id == queue.id else { return .redirected }
        return .entered(presence.ticket)
    }

    /// After `hello`: a player that was in pair mode on a connection just replaced, or lost
    /// one within the reconnect grace, is put back; its ticket when it was.
    func resume(_ player: PlayerID, name: String, queue: OutboundQueue, lastSeq: Int?) async -> PairTicket? {
        let now = clock.nowMillis()
        let previous: Place
        if let presence = present[player] {
            previous = presence.place
        } else if let gone = recentlyGone[player], now - gone.at <= Int64(rules.timing.reconnectGraceSeconds) * 1000 {
            previous = gone.place
        } else {
            return nil
        }
        recentlyGone[player] = nil
        if let error = await place(player, name: name, queue: queue, lastSeq: lastSeq, resuming: previous) {
            queue.send(frame(for: PairMessage.error(error)))
        }
        guard let presence = present[player], presence.queue.id == queue.id else { return nil }
        return presence.ticket
    }

    /// Puts the player where it belongs now. `lastSeq` counts only when it comes back to the
    /// very pair room it was in (`resuming`).
    private func place(_ player: PlayerID, name: String, queue: OutboundQueue, lastSeq: Int?, resuming: Place?) async -> ProtocolError? {
        do {
            for notice in try await pairs.takeNotices(for: player) {
                queue.send(frame(for: PairMessage.unpaired(by: notice.by ?? "", seq: nil)))
            }
            switch try await pairs.membership(of: player, now: clock.nowMillis(), newCode: Self.newCode) {
            case .open(let code):
                do {
                    try await hosting?.claim(code)
                } catch PairRegistryError.hostedElsewhere(let node) {
                    // This player's waiting room is live on another node (a connection there).
                    redirect(queue, to: node, code: code)
                    return nil
                }
                setPresence(player, Presence(place: .waiting(code: code), name: name, queue: queue))
                queue.sendSnapshot(frame(for: PairRoomSnapshot.waiting(seq: 0, code: code, player: player, name: name)))
                await hosting?.seatTaken(player, key: code)
                // Taken while this entry read it, and the pairing found nobody waiting to move:
                // the player belongs in the new pair room.
                if try await pairs.code(code)?.isOpen == false, present[player]?.queue.id == queue.id,
                    present[player]?.place == .waiting(code: code)
                {
                    return await place(player, name: name, queue: queue, lastSeq: nil, resuming: nil)
                }
                return nil
            case .paired(let pairId):
                let sameRoom = resuming == .paired(pairId: pairId)
                setPresence(player, Presence(place: .paired(pairId: pairId), name: name, queue: queue))
                let entered: Bool?
                do {
                    entered = try await withRoom(pairId) { room in
                        await room.rename(player, to: name)
                        return await room.enter(player, queue: queue, lastSeq: sameRoom ? lastSeq : nil) ? true : nil
                    }
                } catch PairRegistryError.hostedElsewhere(let node) {
                    if present[player]?.queue.id == queue.id { setPresence(player, nil) }
                    redirect(queue, to: node, code: nil)
                    return nil
                }
                if entered == nil { setPresence(player, nil) }
                if entered != nil { await hosting?.seatTaken(player, key: PairHosting.key(ofPair: pairId)) }
                return entered == nil ? ProtocolError(.notPaired, "your pair has just ended") : nil
            }
        } catch {
            logger.error("entering pair mode failed", metadata: ["player": "\(player)", "error": "\(error)"])
            if present[player]?.queue.id == queue.id { setPresence(player, nil) }
            return ProtocolError(.internal, "your pair room could not be opened; try again")
        }
    }

    // MARK: - Pairing

    /// `joinRoom` with a pair code, checked in the contract's order; `inPartyRoom` says the
    /// joiner sits in a party room (refused once the code itself is known good).
    func join(_ player: PlayerID, name: String, code: String, queue: OutboundQueue, inPartyRoom: Bool) async -> PairEntry {
        switch await pair(player, name: name, code: code, queue: queue, inPartyRoom: inPartyRoom) {
        case .failure(let refusal): .refused(refusal)
        case .success: entry(of: player, on: queue, refusal: nil)
        }
    }

    private func pair(_ player: PlayerID, name: String, code: String, queue: OutboundQueue, inPartyRoom: Bool) async -> Result<Void, ProtocolError> {
        func refused(_ code: ErrorCode, _ message: String) -> Result<Void, ProtocolError> { .failure(ProtocolError(code, message)) }
        do {
            guard let info = try await pairs.code(code) else {
                return refused(.roomNotFound, "no room has that code")
            }
            if info.ownerId == player { return refused(.invalidTarget, "that is your own pair code: give it to your partner") }
            if try await pairs.pairId(of: player) != nil { return refused(.alreadyPaired, "you have a partner already") }
            if inPartyRoom { return refused(.alreadyInRoom, "leave your room before joining another") }
            guard info.isOpen else { return refused(.roomFull, "that pair code has been used") }
            // The owner waits on another node: the pair is formed there, the joiner goes there.
            if let hosting, let host = try await hosting.remoteHost(of: code) {
                redirect(queue, to: host, code: code)
                return .success(())
            }
            let pairId = OpaqueID.make(prefix: "pr_", using: &random)
            let ownerWaits = present[info.ownerId]?.place == .waiting(code: code)
            switch try await pairs.form(
                code: code, joiner: player, joinerName: name, pairId: pairId, now: clock.nowMillis(), notifyOwner: !ownerWaits)
            {
            case .codeNotFound: return refused(.roomNotFound, "no room has that code")
            case .ownCode: return refused(.invalidTarget, "that is your own pair code: give it to your partner")
            case .alreadyPaired: return refused(.alreadyPaired, "one of you has a partner already")
            case .codeSpent: return refused(.roomFull, "that pair code has been used")
            case .formed(_, let ownerId):
                latestHeads.invalidate(player)
                latestHeads.invalidate(ownerId)
                await enterFormed(pairId: pairId, owner: ownerId, ownerCode: code, joiner: player, joinerName: name, queue: queue)
                return .success(())
            }
        } catch {
            logger.error("pairing failed", metadata: ["player": "\(player)", "error": "\(error)"])
            return refused(.internal, "pairing failed; try again")
        }
    }

    /// The pair has formed: the joiner (leaving its own waiting room) and the owner, if it waits
    /// in its waiting room, enter the new pair room together.
    private func enterFormed(pairId: String, owner: PlayerID, ownerCode: String, joiner: PlayerID, joinerName: String, queue: OutboundQueue) async {
        var entrants: [(player: PlayerID, queue: OutboundQueue)] = [(joiner, queue)]
        // A joiner that waited in its own waiting room leaves it: its code is no longer live here.
        let joinerWaited: String? = if case .waiting(let code)? = present[joiner]?.place { code } else { nil }
        setPresence(joiner, Presence(place: .paired(pairId: pairId), name: joinerName, queue: queue))
        if let waiting = present[owner], waiting.place == .waiting(code: ownerCode) {
            present[owner]?.place = .paired(pairId: pairId)
            entrants.append((owner, waiting.queue))
        }
        if case .waiting(ownerCode)? = recentlyGone[owner]?.place { recentlyGone[owner]?.place = .paired(pairId: pairId) }
        do {
            _ = try await withRoom(pairId) { room in await room.formed(present: entrants) ? true : nil }
            if let hosting {
                // The code is spent: its waiting room is no more.
                await hosting.release(ownerCode)
                if let joinerWaited { await hosting.release(joinerWaited) }
                for entrant in entrants { await hosting.seatTaken(entrant.player, key: PairHosting.key(ofPair: pairId)) }
            }
        } catch {
            logger.error("opening a new pair room failed", metadata: ["pair": "\(pairId)", "error": "\(error)"])
            for entrant in entrants {
                setPresence(entrant.player, nil)
                entrant.queue.send(frame(for: PairMessage.error(ProtocolError(.internal, "you are paired, but the pair room could not be opened; enter it again"))))
            }
        }
    }

    // MARK: - In the room

    /// A pair message, or a drawing message, from a player in pair mode.
    func handle(_ message: PairRoomMessage, from player: PlayerID, queue: OutboundQueue) async {
        guard let presence = present[player], presence.queue.id == queue.id else {
            // Taken out of pair mode (the pair ended) while this message was on its way.
            if case .command(.unpair) = message { return await unpairFromOutside(player, queue: queue) }
            queue.send(frame(for: PairMessage.error(ProtocolError(.notInRoom, "you are not in a room", ref: message.typeName))))
            return
        }
        switch presence.place {
        case .waiting:
            queue.send(frame(for: PairMessage.error(ProtocolError(.notPaired, "nobody has taken your code yet", ref: message.typeName))))
        case .paired(let pairId):
            await rooms[pairId]?.handle(message, from: player)
        }
    }

    /// `unpair` from outside the pair room: acknowledged to the caller without `seq`.
    func unpairFromOutside(_ player: PlayerID, queue: OutboundQueue) async {
        switch await unpair(by: player) {
        case .success: queue.send(frame(for: PairMessage.unpaired(by: player, seq: nil)))
        case .failure(.refused(let error)): queue.send(frame(for: PairMessage.error(error.withRef("unpair"))))
        case .failure(.notFound): queue.send(frame(for: PairMessage.error(ProtocolError(.notPaired, "you have no partner", ref: "unpair"))))
        case .failure(.hostedElsewhere), .failure(.hostUnreachable):
            let refusal = ProtocolError(.internal, "the server holding your pair room does not answer; try again later", ref: "unpair")
            queue.send(frame(for: PairMessage.error(refusal)))
        }
    }

    /// A player renamed itself: its pair room, if loaded, shows the new name from now on.
    func rename(_ player: PlayerID, to name: String) async {
        guard var presence = present[player] else { return }
        presence.name = name
        present[player] = presence
        if case .paired(let pairId) = presence.place { await rooms[pairId]?.rename(player, to: name) }
    }

    func sync(_ player: PlayerID, queue: OutboundQueue) async {
        guard let presence = present[player], presence.queue.id == queue.id else { return }
        switch presence.place {
        case .waiting(let code):
            guard !queue.hasPendingSnapshot else { return }
            queue.sendSnapshot(frame(for: PairRoomSnapshot.waiting(seq: 0, code: code, player: player, name: presence.name)))
        case .paired(let pairId):
            await rooms[pairId]?.sync(player)
        }
    }

    /// `leaveRoom`, or (`gone`) the connection ended: the player leaves pair mode; a lost
    /// connection may come back within the grace.
    func leave(_ player: PlayerID, queueID: UInt64, connectionLost: Bool) async {
        guard let presence = present[player], presence.queue.id == queueID else { return }
        setPresence(player, nil)
        if connectionLost { remember(player, at: presence.place) }
        switch presence.place {
        case .waiting(let code):
            // Nobody else is in a waiting room: the leaver's own acknowledgement is all there is.
            if !connectionLost { presence.queue.send(frame(for: PairMessage.playerConnection(playerId: player, connected: false, seq: 1))) }
            // Not live anywhere now: a joiner forms the pair on its own node.
            await hosting?.release(code)
        case .paired(let pairId):
            if !connectionLost { await hosting?.seatReleased(player, key: PairHosting.key(ofPair: pairId)) }
            guard let room = rooms[pairId] else { return }
            if await room.left(player, queueID: queueID, acknowledged: !connectionLost) { await releaseIfIdle(pairId) }
        }
    }

    /// `player` is out of pair mode here at once (an operator banned it): it leaves its pair room
    /// or waiting room as with `leaveRoom`, and a connection it lost lately does not bring it back.
    func expel(_ player: PlayerID) async {
        recentlyGone[player] = nil
        guard let presence = present[player] else { return }
        await leave(player, queueID: presence.queue.id, connectionLost: false)
    }

    /// An operator deleted the stored drawing `drawingId` of the pair `pairId`: its room, if
    /// loaded here (partners in it, or for a call), forgets it if it has it pending. A room not
    /// loaded reads the pair without it when it is.
    func drawingDeleted(_ drawingId: String, pairId: String) async {
        await rooms[pairId]?.forget(drawingId: drawingId)
    }

    /// A presence replaced or removed has its ticket ended: a session still holding it is in
    /// no room here (one that asked for the change holds the new ticket, or none, already).
    private func setPresence(_ player: PlayerID, _ presence: Presence?) {
        let old = if let presence { present.updateValue(presence, forKey: player) } else { present.removeValue(forKey: player) }
        if let old, old.ticket !== presence?.ticket { old.ticket.end() }
    }

    private func remember(_ player: PlayerID, at place: Place) {
        let now = clock.nowMillis()
        recentlyGone[player] = (place, now)
        // Forget the long gone now and then, so the table holds only the grace period's worth.
        if recentlyGone.count % 1024 == 0 {
            let grace = Int64(rules.timing.reconnectGraceSeconds) * 1000
            recentlyGone = recentlyGone.filter { now - $0.value.at <= grace }
        }
    }

    // MARK: - Rooms

    /// Runs `body` on the pair's room, loading it if it is not in memory; again on a fresh one
    /// if the room it found was let go meanwhile. Nil when the pair is not live.
    private func withRoom<Answer>(_ pairId: String, _ body: (PairRoom) async -> Answer?) async throws -> Answer? {
        for _ in 0..<3 {
            guard let room = try await loadedRoom(pairId) else { return nil }
            if let answer = await body(room) { return answer }
            if rooms[pairId] === room { await drop(pairId) }
            metrics.pairRoomsChanged(rooms.count)
        }
        throw PairRegistryError.roomKeptRetiring(pairId)
    }

    /// `withRoom` for one call from outside: the room is let go after it if nobody is in it.
    func withRoomForCall<Answer>(_ pairId: String, _ body: (PairRoom) async -> Answer?) async throws -> Answer? {
        let answer = try await withRoom(pairId, body)
        await releaseIfIdle(pairId)
        return answer
    }

    private func loadedRoom(_ pairId: String) async throws -> PairRoom? {
        if let room = rooms[pairId] { return room }
        // In a cluster the room is loaded only where the directory says it lives: asked first,
        // so that a call handed to another node costs no read of the pair here.
        let key = PairHosting.key(ofPair: pairId)
        try await hosting?.claim(key)
        if let room = rooms[pairId] { return room }
        guard let stored = try await pairs.livePair(pairId) else {
            if let hosting, rooms[pairId] == nil { await hosting.release(key) }
            return nil
        }
        // Another call may have loaded it while this one read: there is only ever one room.
        if let room = rooms[pairId] { return room }
        let machine = PairStateMachine(stored, rules: rules.pair, limits: rules.limits, suggestionWords: suggestionWords, seed: random.next())
        let room = PairRoom(
            machine: machine, pairs: pairs, replayCapacity: rules.limits.replayBufferEvents,
            replayByteLimit: rules.limits.replayBufferBytes, clock: clock, metrics: metrics, latestHeads: latestHeads, logger: logger,
            onEnded: { [weak self] pairId in await self?.ended(pairId) })
        rooms[pairId] = room
        metrics.pairRoomsChanged(rooms.count)
        return room
    }

    private func releaseIfIdle(_ pairId: String) async {
        guard let room = rooms[pairId] else { return }
        if await room.retireIfIdle(), rooms[pairId] === room { await drop(pairId) }
        metrics.pairRoomsChanged(rooms.count)
    }

    /// The room of `pairId` is let go here, and in a cluster its key with it; should the room
    /// have been loaded again meanwhile, the key is taken back.
    private func drop(_ pairId: String) async {
        rooms[pairId] = nil
        guard let hosting else { return }
        let key = PairHosting.key(ofPair: pairId)
        await hosting.release(key)
        if rooms[pairId] != nil { try? await hosting.claim(key) }
    }

    /// After a lapsed lease: the rooms here take their keys back, and the seats of the partners
    /// in them are recorded again. A key another node took meanwhile is logged; its room here is
    /// let go once its partners leave.
    func reclaimKeys() async {
        guard let hosting else { return }
        var seated: [String: [PlayerID]] = [:]
        for (player, presence) in present {
            switch presence.place {
            case .waiting(let code): seated[code, default: []].append(player)
            case .paired(let pairId): seated[PairHosting.key(ofPair: pairId), default: []].append(player)
            }
        }
        for (key, players) in seated {
            do {
                try await hosting.claim(key)
                for player in players { await hosting.seatTaken(player, key: key) }
            } catch {
                logger.warning("a pair room's key could not be taken back", metadata: ["key": "\(key)", "error": "\(error)"])
            }
        }
    }

    /// Sends the client to the node hosting its pair room (or the waiting room it asked for).
    private func redirect(_ queue: OutboundQueue, to node: ClusterNode, code: String?) {
        metrics.redirectSent()
        queue.send(encoder.encode(ServerMessage.redirect(Redirect(url: node.url, code: code))))
    }

    /// The pair ended: its room goes, and whoever was in it is in no room any more.
    private func ended(_ pairId: String) async {
        for (player, presence) in present where presence.place == .paired(pairId: pairId) {
            setPresence(player, nil)
        }
        for (player, gone) in recentlyGone where gone.place == .paired(pairId: pairId) {
            recentlyGone[player] = nil
        }
        // The key goes last: until then no other node may load the ended pair's room.
        await drop(pairId)
        metrics.pairRoomsChanged(rooms.count)
    }

    /// How many pair rooms are in memory (for tests and metrics).
    var loadedRoomCount: Int { rooms.count }

    // MARK: - Helpers

    /// A fresh pair code; the HTTP routes open codes with it too.
    static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return InviteCode.random(.pair, using: &generator)
    }

    func frame<Message: Encodable>(for message: Message) -> WireFrame {
        encoder.encode(json: message)
    }
}

enum PairRegistryError: Error, CustomStringConvertible {
    case roomKeptRetiring(String)
    /// Another live node of the cluster hosts the room.
    case hostedElsewhere(ClusterNode)

    var description: String {
        switch self {
        case .roomKeptRetiring(let pairId): "pair room \(pairId) was let go three times while being entered"
        case .hostedElsewhere(let node): "the pair room is hosted by node \(node.id)"
        }
    }
}
