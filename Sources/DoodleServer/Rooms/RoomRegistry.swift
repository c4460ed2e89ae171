import DoodleCore
import Logging
import ServiceLifecycle

/// Hands out invite codes, finds rooms by code, and runs every room's timers inside its own
/// task group for as long as the room lives.
actor RoomRegistry: Service {
    private var rooms: [String: Room] = [:]
    private let newRooms: AsyncStream<Room>.Continuation
    private nonisolated let newRoomStream: AsyncStream<Room>
    private var random = SystemRandomNumberGenerator()
    private let rules: GameRules
    private let packs: [String: WordPack]
    private let clock: any GameClock
    private let archive: any GameArchive
    private let logger: Logger
    private let metrics: ServerMetrics
    /// Told when a room releases a seat (the player directory forgets the player's room).
    private let seatReleased: @Sendable (PlayerID, String) async -> Void

    init(
        rules: GameRules, packs: [String: WordPack], clock: any GameClock, archive: any GameArchive, metrics: ServerMetrics, logger: Logger,
        seatReleased: @escaping @Sendable (PlayerID, String) async -> Void
    ) {
        self.rules = rules
        self.packs = packs
        self.clock = clock
        self.archive = archive
        self.metrics = metrics
        self.logger = logger
        self.seatReleased = seatReleased
        (newRoomStream, newRooms) = AsyncStream.makeStream(of: Room.self)
    }

    nonisolated func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask {
                // Ends the loop below on shutdown; rooms' timers are cancelled with the group.
                try? await gracefulShutdown()
                self.newRooms.finish()
            }
            for await room in newRoomStream {
                group.addTask { await room.runTimers() }
            }
            group.cancelAll()
        }
    }

    func room(code: String) -> Room? {
        rooms[code]
    }

    /// Creates a room with its creator seated and sends the creator its `roomState`.
    func create(mode: RoomMode, settings: RoomSettings, creator: PlayerID, creatorName: String, queue: OutboundQueue) async -> Room {
        var code = InviteCode.random(.party, using: &random)
        while rooms[code] != nil { code = InviteCode.random(.party, using: &random) }
        let machine = RoomStateMachine(
            code: code, mode: mode, settings: settings, creator: creator, creatorName: creatorName, rules: rules, packs: packs,
            seed: random.next())
        let room = Room(
            machine: machine, creatorQueue: queue, replayCapacity: rules.limits.replayBufferEvents,
            replayByteLimit: rules.limits.replayBufferBytes, clock: clock, archive: archive,
            logger: logger,
            onSeatReleased: seatReleased,
            onExpired: { [weak self] code in await self?.remove(code: code) })
        rooms[code] = room
        metrics.roomsChanged(rooms.count)
        newRooms.yield(room)
        await room.start()
        logger.debug("room created", metadata: ["room": "\(code)", "mode": "\(mode.rawValue)"])
        return room
    }

    private func remove(code: String) async {
        guard let room = rooms.removeValue(forKey: code) else { return }
        metrics.roomsChanged(rooms.count)
        await room.close()
    }
}
