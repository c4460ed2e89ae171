import DoodleCore
import DoodleStorage
import Foundation
import Logging
import NIOCore

/// The protocol state of one connection: before and after `hello`, which player it is, its
/// place (no room, a party room, pair mode), and its rate limits. Messages are handled one at
/// a time, in order; each room message goes to the place with one switch.
struct ClientSession: Sendable {
    private let context: SessionContext
    private let queue: OutboundQueue
    private let encoder = FrameEncoder()
    private let decoder = JSONDecoder()
    private var limiter: RateLimiter
    private var logger: Logger
    private(set) var player: PlayerDirectory.Player?
    private var token = ""
    private var storedPlace = SessionPlace.lobby
    /// What this connection's device is called if its `hello` makes a new player (from the
    /// upgrade request's `User-Agent`).
    private let deviceLabel: String
    /// Where the connection comes from (behind `--trusted-proxies`, the client's address):
    /// checked against the address bans at `hello` and remembered with the player.
    private let address: String?

    /// The player's place, seen fresh: a pair mode the registry ended is no room any more.
    private var place: SessionPlace {
        mutating get {
            if case .pair(let ticket) = storedPlace, !ticket.isCurrent { storedPlace = .lobby }
            return storedPlace
        }
    }

    /// The party room this connection is in, if any.
    private var partyRoom: Room? {
        if case .party(let room) = storedPlace { room } else { nil }
    }

    init(context: SessionContext, queue: OutboundQueue, deviceLabel: String = DeviceLabel.firstDevice, address: String? = nil) {
        self.context = context
        self.queue = queue
        self.deviceLabel = deviceLabel
        self.address = address
        self.limiter = RateLimiter(rules: context.rules.rateLimits)
        self.logger = context.logger
    }

    // MARK: - Frames

    /// Whether the connection is closing: what the client sends from then on is not handled.
    var isClosing: Bool { queue.isClosing }

    /// Handles one text message.
    mutating func receive(text: String) async {
        let now = context.clock.nowMillis()
        context.metrics.messageReceived()
        let message: ClientMessage
        if let stroke = DrawingJSON.decodeClientStroke(text) {
            message = stroke
        } else {
            let data = Data(text.utf8)
            do {
                message = try decoder.decode(ClientMessage.self, from: data)
            } catch {
                // A client's own text goes back cut short: `ref` names a type, never a kilobyte.
                let type = (try? decoder.decode(TypePeek.self, from: data))?.type.map { EchoedText.of($0) }
                guard admit(.other, ref: type, now: now) else { return }
                return send(error: ProtocolError(.badMessage, Self.describe(error), ref: type))
            }
        }
        guard admit(RateLimiter.bucket(for: message), ref: message.typeName, now: now) else { return }
        await handle(message)
    }

    /// Handles a drawing message without the session's task: at once when this connection's
    /// room runs on the caller's event loop, else as one job on the room's loop. False (nothing
    /// done) when the text must go the usual way: another message type, no party room, or a
    /// closing connection (whose messages the usual way then drops).
    ///
    /// Call only while no earlier message of this connection waits to be handled (the inbox
    /// sees to it): the job then reaches the room's loop before anything the session's task
    /// sends it later, so the room still gets the connection's messages in order.
    mutating func receiveDrawing(text: String) -> Bool {
        guard !queue.isClosing, let player, let room = partyRoom, let message = DrawingJSON.decodeClientStroke(text),
            case .draw(let action) = message
        else {
            return false
        }
        context.metrics.messageReceived()
        guard admit(RateLimiter.bucket(for: message), ref: message.typeName, now: context.clock.nowMillis()) else { return true }
        let playerID = player.id
        if room.eventLoop.inEventLoop {
            room.assumeIsolated { room in room.handleNow(.draw(action), from: playerID) }
        } else {
            // A task would cost two thread switches through the shared pool before this hop.
            room.eventLoop.execute {
                room.assumeIsolated { room in room.handleNow(.draw(action), from: playerID) }
            }
        }
        return true
    }

    /// Binary frames are not part of the contract: refused with an error.
    mutating func receiveBinary() {
        guard admit(.other, ref: nil, now: context.clock.nowMillis()) else { return }
        send(error: ProtocolError(.badMessage, "binary frames are not accepted; send JSON text frames"))
    }

    /// Rate limits: false when the message must be dropped (and maybe the connection closed).
    private mutating func admit(_ bucket: RateLimiter.Bucket, ref: String?, now: Int64) -> Bool {
        switch limiter.record(bucket, now: now) {
        case .allowed:
            return true
        case .limited:
            context.metrics.rateLimitHit()
            send(error: ProtocolError(.rateLimited, "too many messages; slow down", ref: ref))
            return false
        case .flooding:
            context.metrics.rateLimitHit()
            logger.info("closing a flooding connection", metadata: ["player": "\(player?.id ?? "-")"])
            queue.close(.flooding, reason: "flooding")
            return false
        }
    }

    // MARK: - Messages

    private mutating func handle(_ message: ClientMessage) async {
        guard let player else {
            if case .session(.hello(let version, let name, let token, let lastSeq, let avatar)) = message {
                await hello(version: version, name: name, avatar: avatar, token: token, lastSeq: lastSeq)
            } else {
                send(error: ProtocolError(.notReady, "send hello first", ref: message.typeName))
            }
            return
        }
        guard case .session(let sessionMessage) = message else {
            return await route(message, from: player)
        }
        switch sessionMessage {
        case .hello:
            send(error: ProtocolError(.badMessage, "hello was already sent", ref: "hello"))
        case .rename(let name, let avatar):
            await rename(player, to: name, avatar: avatar)
        case .createRoom(let mode, let patch):
            await createRoom(player, mode: mode, patch: patch)
        case .joinRoom(let code, let spectate):
            await joinRoom(player, rawCode: code, spectate: spectate)
        case .quickPlay(let wordPack, let spectate, let mode):
            await quickPlay(player, wordPack: wordPack, spectate: spectate, mode: mode)
        case .leaveRoom:
            switch place {
            case .lobby:
                send(error: ProtocolError(.notInRoom, "you are not in a room", ref: "leaveRoom"))
            case .party(let room):
                storedPlace = .lobby
                await room.leave(player.id)
            case .pair:
                storedPlace = .lobby
                await context.pairs.leave(player.id, queueID: queue.id, connectionLost: false)
            }
        case .report(let target, let reason, let text):
            await report(target, reason: reason, text: text, by: player)
        case .sync:
            switch place {
            case .lobby: send(error: ProtocolError(.notInRoom, "you are not in a room", ref: "sync"))
            case .party(let room): await room.sync(player.id)
            case .pair: await context.pairs.sync(player.id, queue: queue)
            }
        }
    }

    /// A room message goes to the player's place; the kind of room decides how it reads it.
    private mutating func route(_ message: ClientMessage, from player: PlayerDirectory.Player) async {
        switch place {
        case .lobby:
            // `unpair` works from outside the pair room too (acknowledged without `seq`).
            if case .pair(.unpair) = message { return await context.pairs.unpairFromOutside(player.id, queue: queue) }
            send(error: ProtocolError(.notInRoom, "you are not in a room", ref: message.typeName))
        case .party(let room):
            guard let partyMessage = message.forPartyRoom else {
                return send(error: ProtocolError(.invalidPhase, "\(message.typeName) is for pair rooms", ref: message.typeName))
            }
            await room.handle(partyMessage, from: player.id)
        case .pair:
            let pairMessage: PairRoomMessage
            switch message {
            case .pair(let command): pairMessage = .command(command)
            case .draw(let action): pairMessage = .draw(action)
            case .guess(let text, let drawingId?): pairMessage = .guess(drawingId: drawingId, text: text)
            case .guess(_, nil):
                return send(error: ProtocolError(.badMessage, "a guess in a pair room names its drawingId", ref: "guess"))
            case .party, .telephone, .session:
                return send(error: ProtocolError(.invalidPhase, "\(message.typeName) is not a pair room message", ref: message.typeName))
            }
            await context.pairs.handle(pairMessage, from: player.id, queue: queue)
        }
    }

    private mutating func hello(version: Int, name rawName: String, avatar: Avatar?, token: String?, lastSeq: Int?) async {
        guard version == ServerMessage.protocolVersion else {
            send(error: ProtocolError(.unsupportedProtocol, "this server speaks protocol \(ServerMessage.protocolVersion)", ref: "hello"))
            queue.close(.protocolError, reason: "unsupported protocol")
            return
        }
        guard let name = validName(rawName, ref: "hello") else { return }
        if let address, let ban = context.addressBans.ban(of: address) {
            return refuseBanned(ProtocolError(.banned, "an operator banned your address from this server", ref: "hello", reason: ban.reason, untilMillis: ban.untilMillis))
        }
        // A server just started answers nobody before the rooms it had are back.
        await context.registry.waitUntilRestored()
        let now = context.clock.nowMillis()
        let session: PlayerDirectory.Session
        switch await context.playerDirectory.hello(
            name: name, avatar: avatar, token: token, queue: queue, at: now, deviceLabel: deviceLabel, address: address)
        {
        case .welcomed(let welcomed):
            session = welcomed
        case .banned(let ban):
            return refuseBanned(
                ProtocolError(.banned, "an operator banned you from this server", ref: "hello", reason: ban.reason, untilMillis: ban.untilMillis))
        }
        if context.cluster.isClustered { await context.cluster.announceConnection(of: session.player.id, at: now) }
        player = session.player
        self.token = session.token
        logger[metadataKey: "player"] = "\(session.player.id)"
        send(.welcome(Welcome(playerId: session.player.id, name: name, token: session.token, serverTime: context.clock.nowMillis())))
        if let code = session.roomCode, await resume(session.player, in: code, lastSeq: lastSeq) { return }
        if let seat = await remoteSeat(of: session.player.id) {
            // The seat is on another node: the client goes there with its token and `lastSeq`.
            return redirect(to: seat.node, code: PairHosting.redirectCode(forKey: seat.code))
        }
        if await resumeAdopted(session.player, lastSeq: lastSeq) { return }
        if let ticket = await context.pairs.resume(session.player.id, name: name, queue: queue, lastSeq: lastSeq) {
            storedPlace = .pair(ticket)
        }
    }

    /// `error banned`, with the ban's reason and end for the page to show, then 4004.
    private func refuseBanned(_ error: ProtocolError) {
        send(error: error)
        queue.close(.banned, reason: "banned")
    }

    /// How long a resume waits for the node adopting its room to be named in the directory.
    static let adopterWait: Duration = .seconds(2)

    /// Re-seats the player in the room `code` here, if it holds a seat in it, with the name and
    /// avatar of its `hello`.
    private mutating func resume(_ player: PlayerDirectory.Player, in code: String, lastSeq: Int?) async -> Bool {
        guard let room = await context.registry.room(code: code), await room.resume(player.id, queue: queue, lastSeq: lastSeq) else { return false }
        storedPlace = .party(room)
        await room.rename(player.id, to: player.name, avatar: player.avatar)
        return true
    }

    /// The player's seat was on a node that died, and no node has adopted its room yet (its
    /// lease ran out since the last renewal): the room is adopted now, here or by another node,
    /// and the player resumes in it or is sent to it. Without this, a `hello` in that gap would
    /// find no seat and start afresh, and the game would go on without the player.
    private mutating func resumeAdopted(_ profile: PlayerDirectory.Player, lastSeq: Int?) async -> Bool {
        let player = profile.id
        guard context.cluster.isClustered else { return false }
        // This node may have adopted the room since the `hello` first looked here, and the
        // directory then names this node: the seat is here now.
        if let code = await context.playerDirectory.whereabouts(of: player).room, await resume(profile, in: code, lastSeq: lastSeq) {
            return true
        }
        do {
            guard let code = try await context.cluster.seatWithoutHost(of: player) else { return false }
            // False too when this node's running adoption has just brought the room back (its
            // seats not yet recorded): the resume below finds it.
            let waiting = await context.registry.adoptIfWaiting(code: code)
            // Another node may have claimed the room's checkpoint and not yet its code (it
            // adopts room after room): the directory names it within moments.
            let deadline = ContinuousClock.now + Self.adopterWait
            while true {
                if await resume(profile, in: code, lastSeq: lastSeq) { return true }
                if let host = try await context.cluster.remoteHost(of: code) {
                    redirect(to: host, code: code)
                    return true
                }
                guard waiting, await context.registry.room(code: code) == nil, ContinuousClock.now < deadline else { return false }
                try await Task.sleep(for: .milliseconds(25))
            }
        } catch {
            logger.error("looking up a seat without a host failed", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// The name as the room will show it, or nil after answering `invalid_name` (counted).
    private func validName(_ rawName: String, ref: String) -> String? {
        switch NameValidator.validate(rawName, maxLength: context.rules.limits.maxNameLength, blocklist: context.blocklist) {
        case .failure(let refusal):
            context.metrics.nameRefused(forBlockedWord: refusal.reason == .blockedWord)
            send(error: refusal.error.withRef(ref))
            return nil
        case .success(let name):
            return name
        }
    }

    /// - Parameter avatar: nil keeps the player's avatar.
    private mutating func rename(_ player: PlayerDirectory.Player, to rawName: String, avatar: Avatar?) async {
        guard let name = validName(rawName, ref: "rename") else { return }
        var renamed = player
        renamed.name = name
        if let avatar { renamed.avatar = avatar }
        self.player = renamed
        await context.playerDirectory.rename(renamed, tokenHashOf: token)
        let shown = renamed.avatar ?? Avatar(derivedFrom: player.id)
        switch place {
        case .party(let room):
            await room.rename(player.id, to: name, avatar: renamed.avatar)
        case .pair:
            await context.pairs.rename(player.id, to: name)
            send(.event(.playerRenamed(playerId: player.id, name: name, avatar: shown), seq: nil))
        case .lobby:
            send(.event(.playerRenamed(playerId: player.id, name: name, avatar: shown), seq: nil))
        }
    }

    private mutating func createRoom(_ player: PlayerDirectory.Player, mode: RoomMode, patch: SettingsPatch) async {
        switch (place, mode) {
        case (.party, _):
            return send(error: ProtocolError(.alreadyInRoom, "leave your room before creating another", ref: "createRoom"))
        case (.pair, .pair):
            return send(error: ProtocolError(.alreadyInRoom, "you are in your pair room already; leave it first", ref: "createRoom"))
        case (.pair, .party), (.pair, .telephone):
            return send(error: ProtocolError(.alreadyInRoom, "leave your pair room before creating another room", ref: "createRoom"))
        case (.lobby, .pair):
            // Pair mode ignores settings: a pair room has no rounds or turns to set.
            return enteredPair(await context.pairs.enter(player.id, name: player.name, queue: queue), ref: "createRoom")
        case (.lobby, .party), (.lobby, .telephone):
            break
        }
        let settings: RoomSettings
        switch context.settingsValidator.apply(patch, to: context.rules.defaultSettings(for: mode), playerCount: 1, mode: mode) {
        case .failure(let error): return send(error: error.withRef("createRoom"))
        case .success(let valid): settings = valid
        }
        let room: Room
        do {
            room = try await context.registry.create(mode: mode, settings: settings, creator: player.id, creatorName: player.name, creatorAvatar: player.avatar, queue: queue)
        } catch {
            logger.error("creating a room failed", metadata: ["error": "\(error)"])
            return send(error: ProtocolError(.internal, "no room could be opened just now; try again", ref: "createRoom"))
        }
        seated(in: room)
    }

    /// `report`: files a report about a member (now or earlier) of the player's party room, with
    /// the room's context; `reported` with its id, or why not. A pair room has no chat to give
    /// context: a partner's drawing is reported over HTTP (`POST /v1/reports`).
    private mutating func report(_ target: PlayerID, reason: ReportReason, text: String?, by player: PlayerDirectory.Player) async {
        let room: Room
        switch place {
        case .lobby:
            return send(error: ProtocolError(.notInRoom, "report players from the room you share with them", ref: "report"))
        case .pair:
            return send(error: ProtocolError(.invalidPhase, "in pair mode, report a drawing with POST /v1/reports", ref: "report"))
        case .party(let partyRoom):
            room = partyRoom
        }
        guard target != player.id, let roomContext = await room.reportContext(about: target) else {
            return send(error: ProtocolError(.invalidTarget, "you can report another member of your room only", ref: "report"))
        }
        let draft = ReportDraft(
            reporterId: player.id, playerId: target, drawingId: roomContext.drawingId, reason: reason, text: text, context: roomContext,
            at: context.clock.nowMillis())
        let reportId: String?
        do {
            reportId = try await context.reports.fileReport(draft, limit: context.rules.limits.reportsPerHour)
        } catch {
            logger.error("filing a report failed", metadata: ["error": "\(error)"])
            return send(error: ProtocolError(.internal, "the report could not be filed just now; try again", ref: "report"))
        }
        guard let reportId else {
            return send(error: ProtocolError(.rateLimited, "at most \(context.rules.limits.reportsPerHour) reports an hour", ref: "report"))
        }
        send(.reported(reportId: reportId))
    }

    /// The player holds a seat in `room` now, or watches it (the room recorded it for a later
    /// `hello`, ``SeatIndex``): this connection's messages go there.
    private mutating func seated(in room: Room) {
        storedPlace = .party(room)
    }

    /// Takes the place pair mode gave, or tells the client why there is none.
    private mutating func enteredPair(_ entry: PairEntry, ref: String) {
        switch entry {
        case .entered(let ticket): storedPlace = .pair(ticket)
        case .redirected: break
        case .refused(let error): send(error: error.withRef(ref))
        }
    }

    private mutating func joinRoom(_ player: PlayerDirectory.Player, rawCode: String, spectate: Bool) async {
        guard let code = InviteCode.normalize(rawCode) else {
            return send(error: ProtocolError(.invalidCode, "an invite code is 6 letters and digits", ref: "joinRoom"))
        }
        if InviteCode.kind(of: code) == .pair {
            let inPartyRoom = partyRoom != nil
            return enteredPair(await context.pairs.join(player.id, name: player.name, code: code, queue: queue, inPartyRoom: inPartyRoom), ref: "joinRoom")
        }
        guard let target = await context.registry.room(code: code) else {
            return await joinElsewhere(player, code: code, spectate: spectate)
        }
        await join(player, target, spectate: spectate)
    }

    private mutating func join(_ player: PlayerDirectory.Player, _ target: Room, spectate: Bool) async {
        guard case .lobby = place else {
            return send(error: ProtocolError(.alreadyInRoom, "leave your room before joining another", ref: "joinRoom"))
        }
        if let error = await target.join(player.id, name: player.name, avatar: player.avatar, spectate: spectate, queue: queue) {
            return send(error: error.withRef("joinRoom"))
        }
        seated(in: target)
    }

    /// A seat in a public room of the pack: the fullest that takes the player, or a new one; with
    /// `spectate`, a watcher's place in the fullest, or `room_not_found`.
    private mutating func quickPlay(_ player: PlayerDirectory.Player, wordPack: String?, spectate: Bool, mode: RoomMode) async {
        guard mode != .pair else {
            return send(error: ProtocolError(.invalidSettings, "quick play is for party and telephone rooms", ref: "quickPlay"))
        }
        let pack = wordPack ?? context.rules.settings.wordPack
        guard context.settingsValidator.packNames.contains(pack) else {
            return send(error: ProtocolError(.invalidSettings, "there is no word pack '\(EchoedText.of(pack))'; GET /v1/word-packs lists them", ref: "quickPlay"))
        }
        guard case .lobby = place else {
            return send(error: ProtocolError(.alreadyInRoom, "leave your room before playing in another", ref: "quickPlay"))
        }
        switch await context.registry.quickPlay(
            player.id, name: player.name, avatar: player.avatar, wordPack: pack, mode: mode, spectate: spectate, queue: queue)
        {
        case .refused(let error):
            send(error: error.withRef("quickPlay"))
        case .seated(let room):
            seated(in: room)
        case .elsewhere(let node, let code):
            // No seat is taken here: the client joins the room on its node with `joinRoom`.
            redirect(to: node, code: code)
        }
    }

    /// A party code no room here has: another node's room (the client is redirected there, no
    /// seat taken), a room waiting in its checkpoint for a node to adopt it (adopted now, here
    /// or by another node), or no room at all.
    private mutating func joinElsewhere(_ player: PlayerDirectory.Player, code: String, spectate: Bool) async {
        let notFound = ProtocolError(.roomNotFound, "no room has that code", ref: "joinRoom")
        guard context.cluster.isClustered else { return send(error: notFound) }
        var host: ClusterNode?
        do {
            host = try await context.cluster.remoteHost(of: code)
            if host == nil, await context.registry.adoptIfWaiting(code: code) {
                if let adopted = await context.registry.room(code: code) { return await join(player, adopted, spectate: spectate) }
                host = try await context.cluster.remoteHost(of: code)
            }
        } catch {
            logger.error("looking up a room in the directory failed", metadata: ["room": "\(code)", "error": "\(error)"])
            return send(error: ProtocolError(.internal, "the room could not be looked up just now; try again", ref: "joinRoom"))
        }
        guard let host else { return send(error: notFound) }
        // The contract's order of checks: the room exists (elsewhere), then "leave first".
        guard case .lobby = place else {
            return send(error: ProtocolError(.alreadyInRoom, "leave your room before joining another", ref: "joinRoom"))
        }
        redirect(to: host, code: code)
    }

    /// The seat this player holds on another node, if it holds one; a directory that cannot be
    /// reached is logged and counts as no seat (the player starts afresh here).
    private func remoteSeat(of player: PlayerID) async -> SeatLocation? {
        guard context.cluster.isClustered else { return nil }
        do {
            return try await context.cluster.remoteSeat(of: player)
        } catch {
            logger.error("looking up a seat in the directory failed", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The connection is over: keep the seat for the reconnect grace period.
    mutating func ended() async {
        guard let player else { return }
        await context.playerDirectory.connectionEnded(player.id, queueID: queue.id)
        switch place {
        case .lobby: break
        case .party(let room): await room.disconnected(player.id, queueID: queue.id)
        case .pair: await context.pairs.leave(player.id, queueID: queue.id, connectionLost: true)
        }
    }

    // MARK: - Sending

    private func send(_ message: ServerMessage) {
        queue.send(encoder.encode(message))
    }

    /// Sends the client to `node`, which hosts what it asked for (a seat, a room, a pair).
    private func redirect(to node: ClusterNode, code: String?) {
        context.metrics.redirectSent()
        send(.redirect(Redirect(url: node.url, code: code)))
    }

    private func send(error: ProtocolError) {
        context.metrics.errorSent()
        send(.error(error))
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            return "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "field '\(field)' has the wrong type"
        case DecodingError.dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not a JSON object" }
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return field == "type" ? context.debugDescription : "field '\(field)' is malformed: \(context.debugDescription)"
        default:
            return "malformed message"
        }
    }
}

/// Reads only `type`, so errors about a malformed message can still name it in `ref`.
private struct TypePeek: Decodable {
    var type: String?
}
