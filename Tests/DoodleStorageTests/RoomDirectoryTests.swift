import DoodleStorage
import Synchronization
import Testing

/// The room directory's semantics, on the in-process directory with a clock that moves only
/// when the test moves it. The PostgreSQL table must answer exactly the same.
@Suite("Room directory: claims, leases, seats")
struct RoomDirectoryTests {
    static let lease: Int64 = 15_000
    let clock = DirectoryTestClock()
    let inProcess: InProcessRoomDirectory
    /// What the servers see: the directory through its protocol.
    var directory: any RoomDirectory { inProcess }
    let nodeA = ClusterNode(id: "n_a", url: "ws://a.test/v1/ws")
    let nodeB = ClusterNode(id: "n_b", url: "ws://b.test/v1/ws")
    let nodeC = ClusterNode(id: "n_c", url: "ws://c.test/v1/ws")

    init() {
        let clock = clock
        inProcess = InProcessRoomDirectory(now: { clock.now })
    }

    private func registerAll() async throws {
        for node in [nodeA, nodeB, nodeC] { try await directory.register(node, leaseMilliseconds: Self.lease) }
    }

    @Test("of many simultaneous claims of one code, from three nodes, exactly one wins")
    func claimRace() async throws {
        try await registerAll()
        let nodes = [nodeA, nodeB, nodeC]
        let winners = await withTaskGroup(of: String?.self) { group in
            for attempt in 0..<60 {
                let node = nodes[attempt % 3]
                group.addTask { try? await directory.claim(code: "K7PQ2M", for: node.id) == true ? node.id : nil }
            }
            var winners: [String] = []
            for await winner in group { if let winner { winners.append(winner) } }
            return winners
        }
        #expect(winners.count == 1)
        #expect(try await directory.host(of: "K7PQ2M")?.id == winners.first)
    }

    @Test("a node claims nothing before it registers, nor again a code it holds")
    func claimNeedsALiveLease() async throws {
        #expect(try await !directory.claim(code: "AAAAAA", for: nodeA.id))
        try await directory.register(nodeA, leaseMilliseconds: Self.lease)
        #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
        #expect(try await !directory.claim(code: "AAAAAA", for: nodeA.id), "a second claim of a held code loses, even by its holder")
        #expect(try await directory.host(of: "AAAAAA") == nodeA)
        #expect(try await directory.host(of: "BBBBBB") == nil)
    }

    @Test("an unrenewed lease runs out: the node's codes are hosted nowhere and free to claim")
    func expiry() async throws {
        try await registerAll()
        #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
        clock.advance(by: Self.lease - 1)
        #expect(try await directory.host(of: "AAAAAA") == nodeA, "still alive 1 ms before the lease ends")
        #expect(try await !directory.claim(code: "AAAAAA", for: nodeB.id))
        clock.advance(by: 1)
        #expect(try await directory.host(of: "AAAAAA") == nil, "gone the moment the lease ends")
        #expect(try await !directory.renew(nodeA.id, leaseMilliseconds: Self.lease), "a lapsed lease is not renewed")
        #expect(try await !directory.claim(code: "CCCCCC", for: nodeA.id), "a node with a lapsed lease claims nothing")
        // B's lease, started with A's, ran out too: B registers again.
        try await directory.register(nodeB, leaseMilliseconds: Self.lease)
        #expect(try await directory.claim(code: "AAAAAA", for: nodeB.id), "the dead node's code is taken over")
        #expect(try await directory.host(of: "AAAAAA") == nodeB)
    }

    @Test("renewing keeps a node's codes for as long as it renews")
    func renewal() async throws {
        try await registerAll()
        #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
        for _ in 0..<10 {
            clock.advance(by: 5_000)
            #expect(try await directory.renew(nodeA.id, leaseMilliseconds: Self.lease))
        }
        #expect(clock.now - DirectoryTestClock.start == 50_000)
        #expect(try await directory.host(of: "AAAAAA") == nodeA, "50 s on, three times the lease, still hosted")
        #expect(await inProcess.leaseExpiry(of: nodeA.id) == clock.now + Self.lease)
        clock.advance(by: Self.lease)
        #expect(try await directory.host(of: "AAAAAA") == nil)
    }

    @Test("release frees a code and its seats; another node's release of it is ignored")
    func release() async throws {
        try await registerAll()
        #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
        try await directory.seatTaken(player: "p_1", code: "AAAAAA", nodeID: nodeA.id)
        try await directory.release(code: "AAAAAA", by: nodeB.id)
        #expect(try await directory.host(of: "AAAAAA") == nodeA)
        #expect(try await directory.seat(of: "p_1") == SeatLocation(code: "AAAAAA", node: nodeA))
        try await directory.release(code: "AAAAAA", by: nodeA.id)
        #expect(try await directory.host(of: "AAAAAA") == nil)
        #expect(try await directory.seat(of: "p_1") == nil)
        #expect(try await directory.claim(code: "AAAAAA", for: nodeC.id))
    }

    @Test("releasing everything at shutdown frees every code and seat of that node at once, and only those")
    func releaseAll() async throws {
        try await registerAll()
        #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
        #expect(try await directory.claim(code: "BBBBBB", for: nodeA.id))
        #expect(try await directory.claim(code: "CCCCCC", for: nodeB.id))
        try await directory.seatTaken(player: "p_1", code: "AAAAAA", nodeID: nodeA.id)
        try await directory.seatTaken(player: "p_2", code: "CCCCCC", nodeID: nodeB.id)
        try await directory.releaseAll(nodeA.id)
        #expect(try await directory.host(of: "AAAAAA") == nil)
        #expect(try await directory.host(of: "BBBBBB") == nil)
        #expect(try await directory.seat(of: "p_1") == nil)
        #expect(try await directory.host(of: "CCCCCC") == nodeB)
        #expect(try await directory.seat(of: "p_2") == SeatLocation(code: "CCCCCC", node: nodeB))
        #expect(try await !directory.renew(nodeA.id, leaseMilliseconds: Self.lease))
    }

    @Test("seats: only in a code the node holds, one per player, gone with the node's lease or a takeover")
    func seats() async throws {
        try await registerAll()
        #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
        #expect(try await directory.claim(code: "BBBBBB", for: nodeB.id))
        try await directory.seatTaken(player: "p_1", code: "BBBBBB", nodeID: nodeA.id)
        #expect(try await directory.seat(of: "p_1") == nil, "A does not hold BBBBBB")
        try await directory.seatTaken(player: "p_1", code: "AAAAAA", nodeID: nodeA.id)
        try await directory.seatTaken(player: "p_1", code: "BBBBBB", nodeID: nodeB.id)
        #expect(try await directory.seat(of: "p_1") == SeatLocation(code: "BBBBBB", node: nodeB), "the later seat replaces the earlier")
        try await directory.seatReleased(player: "p_1", code: "AAAAAA", nodeID: nodeA.id)
        #expect(try await directory.seat(of: "p_1") != nil, "releasing a seat it no longer holds changes nothing")
        try await directory.seatTaken(player: "p_2", code: "AAAAAA", nodeID: nodeA.id)
        // A stops renewing; B and C go on.
        clock.advance(by: 10_000)
        #expect(try await directory.renew(nodeB.id, leaseMilliseconds: Self.lease))
        #expect(try await directory.renew(nodeC.id, leaseMilliseconds: Self.lease))
        clock.advance(by: 5_000)
        #expect(try await directory.seat(of: "p_2") == nil, "a seat on a dead node does not count")
        #expect(try await directory.seat(of: "p_1") == SeatLocation(code: "BBBBBB", node: nodeB))
        #expect(try await directory.claim(code: "AAAAAA", for: nodeC.id))
        // Even should A come back, its old seat in a code now C's does not count.
        try await directory.register(nodeA, leaseMilliseconds: Self.lease)
        #expect(try await directory.seat(of: "p_2") == nil)
        #expect(try await directory.host(of: "AAAAAA") == nodeC)
        try await directory.seatReleased(player: "p_1", code: "BBBBBB", nodeID: nodeB.id)
        #expect(try await directory.seat(of: "p_1") == nil)
    }

    @Test("the single-node directory: every claim is this node's, nothing is elsewhere")
    func singleNode() async throws {
        let alone = SingleNodeDirectory()
        try await alone.register(nodeA, leaseMilliseconds: Self.lease)
        #expect(try await alone.claim(code: "AAAAAA", for: nodeA.id))
        try await alone.seatTaken(player: "p_1", code: "AAAAAA", nodeID: nodeA.id)
        #expect(try await alone.host(of: "AAAAAA") == nil)
        #expect(try await alone.seat(of: "p_1") == nil)
        #expect(try await alone.renew(nodeA.id, leaseMilliseconds: Self.lease))
    }

    @Test("lease timings: the bound is the lease; a renewal must fit twice in it")
    func leaseTimings() {
        #expect(DirectoryLease.standard.bound == 15_000)
        #expect(DirectoryLease.standard.renewalMilliseconds == 5_000)
        #expect(DirectoryLease.standard.problem == nil)
        #expect(DirectoryLease(leaseMilliseconds: 9_000, renewalMilliseconds: 5_000).problem != nil)
        #expect(DirectoryLease(leaseMilliseconds: 100, renewalMilliseconds: 50).problem != nil)
    }
}

/// Milliseconds that move only when a test moves them.
final class DirectoryTestClock: Sendable {
    static let start: Int64 = 1_700_000_000_000
    private let millis = Mutex<Int64>(start)

    var now: Int64 { millis.withLock { $0 } }

    func advance(by delta: Int64) {
        millis.withLock { $0 += delta }
    }
}
