import DoodleCore

/// The directory shared by several nodes in one process: what the tests run two and three
/// `buildApplication` nodes on. Each method does what its SQL statement in ``RoomDirectory``
/// does, against three dictionaries standing for the three tables, and runs whole on the actor
/// as the statement runs whole in its transaction. Time comes from `now` (milliseconds), so a
/// test can move leases on with a manual clock.
public actor InProcessRoomDirectory: RoomDirectory {
    private struct NodeRow {
        var url: String
        var expiresAt: Int64
    }

    private struct SeatRow {
        var code: String
        var nodeID: String
    }

    /// `cluster_node`
    private var nodes: [String: NodeRow] = [:]
    /// `room_directory`: code → node id
    private var rooms: [String: String] = [:]
    /// `seat_directory`: player → seat
    private var seats: [String: SeatRow] = [:]
    /// `public_room`: code → status, node and opening time
    private var publicRooms: [String: (status: PublicRoomStatus, nodeID: String, openedAt: Int64)] = [:]
    private let now: @Sendable () -> Int64

    /// - Parameter now: the directory's clock in milliseconds (the database's `now()`).
    public init(now: @escaping @Sendable () -> Int64) {
        self.now = now
    }

    public func register(_ node: ClusterNode, leaseMilliseconds: Int64) {
        let now = now()
        for (id, row) in nodes where id != node.id && row.url == node.url && row.expiresAt > now { nodes[id]?.expiresAt = now }
        nodes[node.id] = NodeRow(url: node.url, expiresAt: now + leaseMilliseconds)
    }

    public func renew(_ nodeID: String, leaseMilliseconds: Int64) -> Bool {
        let now = now()
        guard let row = nodes[nodeID], row.expiresAt > now else { return false }
        nodes[nodeID]?.expiresAt = now + leaseMilliseconds
        return true
    }

    public func claim(code: String, for nodeID: String) -> Bool {
        let now = now()
        guard isAlive(nodeID, at: now) else { return false }
        if let holder = rooms[code], isAlive(holder, at: now) { return false }
        rooms[code] = nodeID
        return true
    }

    public func release(code: String, by nodeID: String) {
        guard rooms[code] == nodeID else { return }
        rooms[code] = nil
        // ON DELETE CASCADE from room_directory to seat_directory and public_room.
        seats = seats.filter { $0.value.code != code }
        publicRooms[code] = nil
    }

    public func releaseAll(_ nodeID: String) {
        nodes[nodeID] = nil
        // ON DELETE CASCADE: the node's codes, and through them every seat in those rooms.
        let codes = Set(rooms.filter { $0.value == nodeID }.keys)
        rooms = rooms.filter { $0.value != nodeID }
        seats = seats.filter { !codes.contains($0.value.code) }
        publicRooms = publicRooms.filter { !codes.contains($0.key) }
    }

    public func host(of code: String) -> ClusterNode? {
        guard let nodeID = rooms[code] else { return nil }
        return liveNode(nodeID, at: now())
    }

    public func seatTaken(player: String, code: String, nodeID: String) {
        guard rooms[code] == nodeID else { return }
        seats[player] = SeatRow(code: code, nodeID: nodeID)
    }

    public func seatReleased(player: String, code: String, nodeID: String) {
        guard let seat = seats[player], seat.code == code, seat.nodeID == nodeID else { return }
        seats[player] = nil
    }

    public func seat(of player: String) -> SeatLocation? {
        guard let seat = seats[player], rooms[seat.code] == seat.nodeID, let node = liveNode(seat.nodeID, at: now()) else { return nil }
        return SeatLocation(code: seat.code, node: node)
    }

    public func seatWithoutHost(of player: String) -> String? {
        guard let seat = seats[player], nodes[seat.nodeID] != nil, !isAlive(seat.nodeID, at: now()) else { return nil }
        return seat.code
    }

    public func publish(_ statuses: [PublicRoomStatus], unpublish: [String], by nodeID: String) {
        for status in statuses where rooms[status.code] == nodeID {
            if let row = publicRooms[status.code] {
                guard row.nodeID == nodeID else { continue }
                publicRooms[status.code]?.status = status
            } else {
                publicRooms[status.code] = (status, nodeID, now())
            }
        }
        for code in unpublish where publicRooms[code]?.nodeID == nodeID { publicRooms[code] = nil }
    }

    public func publicRooms(wordPack: String?, phase: Phase?, mode: RoomMode?, limit: Int) -> [ListedPublicRoom] {
        let now = now()
        let listed = publicRooms.compactMap { code, row -> ListedPublicRoom? in
            guard rooms[code] == row.nodeID, let node = liveNode(row.nodeID, at: now) else { return nil }
            guard row.status.gameCanGoOn, wordPack == nil || row.status.wordPack == wordPack, phase == nil || row.status.phase == phase,
                mode == nil || row.status.mode == mode
            else { return nil }
            return ListedPublicRoom(status: row.status, openedAt: row.openedAt, node: node)
        }
        return Array(listed.sorted(by: ListedPublicRoom.listOrder).prefix(limit))
    }

    /// When the lease of the node with `nodeID` runs out, if it is registered (for tests that
    /// watch renewals happen).
    public func liveNodeIDs() -> Set<String> {
        let now = now()
        return Set(nodes.filter { $0.value.expiresAt > now }.keys)
    }

    public func leaseExpiry(of nodeID: String) -> Int64? {
        nodes[nodeID]?.expiresAt
    }

    private func isAlive(_ nodeID: String, at now: Int64) -> Bool {
        guard let row = nodes[nodeID] else { return false }
        return row.expiresAt > now
    }

    private func liveNode(_ nodeID: String, at now: Int64) -> ClusterNode? {
        guard let row = nodes[nodeID], row.expiresAt > now else { return nil }
        return ClusterNode(id: nodeID, url: row.url)
    }
}
