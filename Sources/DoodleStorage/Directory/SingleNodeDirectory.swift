import DoodleCore

/// The directory of a server that runs alone, the default: every live room is in this process,
/// so nothing is ever hosted elsewhere and nothing leaves the process. The room registry's own
/// map keeps codes unique, which on one node is the whole cluster.
public struct SingleNodeDirectory: RoomDirectory {
    public init() {}

    public func register(_ node: ClusterNode, leaseMilliseconds: Int64) async throws {}

    /// A lone node's lease never runs out: there is nobody to take its codes.
    public func renew(_ nodeID: String, leaseMilliseconds: Int64) async throws -> Bool { true }

    /// Always this node's: the registry has already checked its own rooms.
    public func claim(code: String, for nodeID: String) async throws -> Bool { true }

    public func release(code: String, by nodeID: String) async throws {}

    public func releaseAll(_ nodeID: String) async throws {}

    /// No other node hosts anything.
    public func host(of code: String) async throws -> ClusterNode? { nil }

    public func seatTaken(player: String, code: String, nodeID: String) async throws {}

    public func seatReleased(player: String, code: String, nodeID: String) async throws {}

    /// Seats are the player directory's business on a lone node.
    public func seat(of player: String) async throws -> SeatLocation? { nil }

    public func seatWithoutHost(of player: String) async throws -> String? { nil }

    /// The room registry lists a lone node's public rooms itself.
    public func publish(_ statuses: [PublicRoomStatus], unpublish: [String], by nodeID: String) async throws {}

    public func publicRooms(wordPack: String?, phase: Phase?, mode: RoomMode?, limit: Int) async throws -> [ListedPublicRoom] { [] }

    /// A lone node claims every checkpoint at start and adopts nothing later.
    public func liveNodeIDs() async throws -> Set<String> { [] }
}
