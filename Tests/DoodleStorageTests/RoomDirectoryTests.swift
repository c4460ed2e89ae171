import DoodleStorage
import DoodleStorageTestSupport
import Synchronization
import Testing

/// The room directory's semantics, on the in-process directory (a clock that moves only when
/// the test moves it) and on the PostgreSQL tables (the database's clock, a short lease and real
/// waits): both must answer exactly the same.
@Suite("Room directory: claims, leases, seats")
struct RoomDirectoryTests {
    static let lease: Int64 = 15_000
    let nodeA = ClusterNode(id: "n_a", url: "ws://a.test/v1/ws")
    let nodeB = ClusterNode(id: "n_b", url: "ws://b.test/v1/ws")
    let nodeC = ClusterNode(id: "n_c", url: "ws://c.test/v1/ws")

    private func registerAll(on harness: DirectoryHarness) async throws {
        for node in [nodeA, nodeB, nodeC] { try await harness.directory.register(node, leaseMilliseconds: harness.lease) }
    }

    @Test("of many simultaneous claims of one code, from three nodes, exactly one wins", arguments: DirectoryBackend.allCases)
    func claimRace(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            try await registerAll(on: harness)
            let nodes = [nodeA, nodeB, nodeC]
            // On PostgreSQL the claims run on as many pooled connections as the pool has.
            let winners = try await withThrowingTaskGroup(of: String?.self) { group in
                for attempt in 0..<60 {
                    let node = nodes[attempt % 3]
                    group.addTask { try await directory.claim(code: "K7PQ2M", for: node.id) ? node.id : nil }
                }
                var winners: [String] = []
                for try await winner in group { if let winner { winners.append(winner) } }
                return winners
            }
            #expect(winners.count == 1)
            #expect(try await directory.host(of: "K7PQ2M")?.id == winners.first)
        }
    }

    @Test("a node claims nothing before it registers, nor again a code it holds", arguments: DirectoryBackend.allCases)
    func claimNeedsALiveLease(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            #expect(try await !directory.claim(code: "AAAAAA", for: nodeA.id))
            try await directory.register(nodeA, leaseMilliseconds: harness.lease)
            #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
            #expect(try await !directory.claim(code: "AAAAAA", for: nodeA.id), "a second claim of a held code loses, even by its holder")
            #expect(try await directory.host(of: "AAAAAA") == nodeA)
            #expect(try await directory.host(of: "BBBBBB") == nil)
        }
    }

    @Test("an unrenewed lease runs out by the directory's clock: codes hosted nowhere, free to claim", arguments: DirectoryBackend.allCases)
    func leaseRunsOut(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            try await registerAll(on: harness)
            #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
            try await directory.seatTaken(player: "p_1", code: "AAAAAA", nodeID: nodeA.id)
            try await harness.advance(harness.lease / 2)
            #expect(try await directory.host(of: "AAAAAA") == nodeA, "alive halfway through the lease")
            #expect(try await directory.seatWithoutHost(of: "p_1") == nil, "a seat on a live node has its host")
            #expect(try await !directory.claim(code: "AAAAAA", for: nodeB.id))
            try await harness.advance(harness.lease / 2 + harness.slack)
            #expect(try await directory.host(of: "AAAAAA") == nil, "gone once the lease has run out")
            #expect(try await directory.seat(of: "p_1") == nil, "and its seats with it")
            #expect(try await directory.seatWithoutHost(of: "p_1") == "AAAAAA", "the seat is known to be without a host, for its room's adoption")
            #expect(try await !directory.renew(nodeA.id, leaseMilliseconds: harness.lease), "a lapsed lease is not renewed")
            #expect(try await !directory.claim(code: "CCCCCC", for: nodeA.id), "a node with a lapsed lease claims nothing")
            try await directory.register(nodeB, leaseMilliseconds: harness.lease)
            #expect(try await directory.claim(code: "AAAAAA", for: nodeB.id), "the dead node's code is taken over")
            #expect(try await directory.host(of: "AAAAAA") == nodeB)
        }
    }

    @Test("an unrenewed lease ends to the millisecond (the in-process clock)")
    func expiry() async throws {
        let clock = DirectoryTestClock()
        let directory: any RoomDirectory = InProcessRoomDirectory(now: { clock.now })
        for node in [nodeA, nodeB, nodeC] { try await directory.register(node, leaseMilliseconds: Self.lease) }
        #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
        clock.advance(by: Self.lease - 1)
        #expect(try await directory.host(of: "AAAAAA") == nodeA, "still alive 1 ms before the lease ends")
        clock.advance(by: 1)
        #expect(try await directory.host(of: "AAAAAA") == nil, "gone the moment the lease ends")
    }

    @Test("renewing keeps a node's codes for as long as it renews")
    func renewal() async throws {
        let clock = DirectoryTestClock()
        let inProcess = InProcessRoomDirectory(now: { clock.now })
        let directory: any RoomDirectory = inProcess
        for node in [nodeA, nodeB, nodeC] { try await directory.register(node, leaseMilliseconds: Self.lease) }
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

    @Test("release frees a code and its seats; another node's release of it is ignored", arguments: DirectoryBackend.allCases)
    func release(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            try await registerAll(on: harness)
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
    }

    @Test("releasing everything at shutdown frees every code and seat of that node at once, and only those", arguments: DirectoryBackend.allCases)
    func releaseAll(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            try await registerAll(on: harness)
            #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
            #expect(try await directory.claim(code: "BBBBBB", for: nodeA.id))
            #expect(try await directory.claim(code: "CCCCCC", for: nodeB.id))
            try await directory.seatTaken(player: "p_1", code: "AAAAAA", nodeID: nodeA.id)
            try await directory.seatTaken(player: "p_2", code: "CCCCCC", nodeID: nodeB.id)
            try await directory.releaseAll(nodeA.id)
            #expect(try await directory.host(of: "AAAAAA") == nil)
            #expect(try await directory.host(of: "BBBBBB") == nil)
            #expect(try await directory.seat(of: "p_1") == nil)
            #expect(try await directory.seatWithoutHost(of: "p_1") == nil, "a node that left took its seats along")
            #expect(try await directory.host(of: "CCCCCC") == nodeB)
            #expect(try await directory.seat(of: "p_2") == SeatLocation(code: "CCCCCC", node: nodeB))
            #expect(try await !directory.renew(nodeA.id, leaseMilliseconds: harness.lease))
        }
    }

    @Test("seats: only in a code the node holds, one per player, gone with the node's lease or a takeover", arguments: DirectoryBackend.allCases)
    func seats(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            try await registerAll(on: harness)
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
            // The three leases start afresh here, so the time the steps above took does not count;
            // then A stops renewing while B and C go on.
            for node in [nodeA, nodeB, nodeC] { #expect(try await directory.renew(node.id, leaseMilliseconds: harness.lease)) }
            try await harness.advance(harness.lease * 2 / 3)
            #expect(try await directory.renew(nodeB.id, leaseMilliseconds: harness.lease))
            #expect(try await directory.renew(nodeC.id, leaseMilliseconds: harness.lease))
            try await harness.advance(harness.lease - harness.lease * 2 / 3 + harness.slack)
            #expect(try await directory.seat(of: "p_2") == nil, "a seat on a dead node does not count")
            #expect(try await directory.seat(of: "p_1") == SeatLocation(code: "BBBBBB", node: nodeB))
            #expect(try await directory.seatWithoutHost(of: "p_2") == "AAAAAA")
            #expect(try await directory.seatWithoutHost(of: "p_1") == nil)
            #expect(try await directory.claim(code: "AAAAAA", for: nodeC.id))
            // Even should A come back, its old seat in a code now C's does not count.
            try await directory.register(nodeA, leaseMilliseconds: harness.lease)
            #expect(try await directory.seat(of: "p_2") == nil)
            #expect(try await directory.host(of: "AAAAAA") == nodeC)
            try await directory.seatReleased(player: "p_1", code: "BBBBBB", nodeID: nodeB.id)
            #expect(try await directory.seat(of: "p_1") == nil)
        }
    }

    @Test("a node registering at another node's URL ends that node's lease at once: its codes are free, its seats without a host", arguments: DirectoryBackend.allCases)
    func registeringAtTheSameURLEndsTheEarlierLease(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            try await registerAll(on: harness)
            #expect(try await directory.claim(code: "AAAAAA", for: nodeA.id))
            #expect(try await directory.claim(code: "BBBBBB", for: nodeB.id))
            try await directory.seatTaken(player: "p_1", code: "AAAAAA", nodeID: nodeA.id)
            // A started again by its supervisor: a new node at the same address.
            let restartedA = ClusterNode(id: "n_a2", url: nodeA.url)
            try await directory.register(restartedA, leaseMilliseconds: harness.lease)
            #expect(try await directory.host(of: "AAAAAA") == nil, "the earlier node's code has no host")
            #expect(try await directory.seat(of: "p_1") == nil)
            #expect(try await directory.seatWithoutHost(of: "p_1") == "AAAAAA", "its room waits to be adopted")
            #expect(try await directory.liveNodeIDs() == [restartedA.id, nodeB.id, nodeC.id])
            #expect(try await !directory.renew(nodeA.id, leaseMilliseconds: harness.lease), "the earlier node's lease is over")
            #expect(try await directory.claim(code: "AAAAAA", for: restartedA.id))
            #expect(try await directory.host(of: "BBBBBB") == nodeB, "a node at another address keeps its lease")
        }
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

enum DirectoryBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inProcess
    case postgres

    var testDescription: String { rawValue }
}

/// A directory under test and how its time moves.
struct DirectoryHarness: Sendable {
    let directory: any RoomDirectory
    /// The lease the test's nodes take.
    let lease: Int64
    /// Added to a wait that must end past a lease: real time is never exact.
    let slack: Int64
    /// Moves the directory's clock on by this many milliseconds (or waits them out).
    let advance: @Sendable (Int64) async throws -> Void

    /// In process: a 15 s lease on a manual clock. On PostgreSQL: a fresh database, an 8 s lease
    /// timed by the database's `now()` (long enough for a test's steps beside the whole suite on
    /// 2 cores: with 4 s, steps that took over a second failed it), and real sleeps.
    static func with(_ backend: DirectoryBackend, _ body: (DirectoryHarness) async throws -> Void) async throws {
        switch backend {
        case .inProcess:
            let clock = DirectoryTestClock()
            try await body(
                DirectoryHarness(
                    directory: InProcessRoomDirectory(now: { clock.now }), lease: RoomDirectoryTests.lease, slack: 0,
                    advance: { clock.advance(by: $0) }))
        case .postgres:
            try await PostgresTestDatabase.withMigratedDatabase { database in
                try await body(
                    DirectoryHarness(
                        directory: PostgresRoomDirectory(database: database), lease: 8_000, slack: 300,
                        advance: { try await Task.sleep(for: .milliseconds($0)) }))
            }
        }
    }
}
