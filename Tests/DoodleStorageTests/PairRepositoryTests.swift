import DoodleCore
import DoodleStorage
import DrawingTestSupport
import Synchronization
import Testing

@Suite("Pair repository")
struct PairRepositoryTests {
    static let start = StorageFixtures.start

    /// Codes drawn from a fixed list, so a collision can be staged.
    final class CodeSource: Sendable {
        private let codes: Mutex<[String]>
        init(_ codes: [String]) { self.codes = Mutex(codes) }
        func next() -> String { codes.withLock { $0.isEmpty ? "ZZZZZZ" : $0.removeFirst() } }
    }

    static func submission(_ clientId: String, id: String, from sender: PlayerID, to recipient: PlayerID, word: String = "kite") -> PairSubmission {
        let actions = RealisticDrawing.actions(strokes: 3, pointsPerStroke: 20, seed: 1)
        return PairSubmission(
            drawingId: id, clientDrawingId: clientId, senderId: sender, recipientId: recipient, word: word, sentAt: start,
            actions: actions, strokes: CanvasReplay.visibleItems(after: actions))
    }

    @Test("a player's open code is the same every time until spent; a drawn code in use is drawn again", arguments: Backend.allCases)
    func openCodes(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let pairs = storage.pairRepository()
            let source = CodeSource(["AAAAAA", "AAAAAA", "BBBBBB"])
            let first = try await pairs.membership(of: "p_ada", now: Self.start) { source.next() }
            let again = try await pairs.membership(of: "p_ada", now: Self.start) { source.next() }
            let bob = try await pairs.membership(of: "p_bob", now: Self.start) { source.next() }
            #expect(first == .open(code: "AAAAAA"))
            #expect(again == .open(code: "AAAAAA"))
            #expect(bob == .open(code: "BBBBBB"), "AAAAAA is taken, so Bob's draw is repeated")
            #expect(try await pairs.code("AAAAAA") == PairCodeInfo(ownerId: "p_ada", ownerName: "deleted player", isOpen: true))
        }
    }

    @Test("taking a code forms the pair once: own code, spent code, already paired, crossed joins", arguments: Backend.allCases)
    func forming(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let pairs = storage.pairRepository()
            let source = CodeSource(["ADACDE", "BOBCDE", "CYCODE"])
            _ = try await pairs.membership(of: "p_ada", now: Self.start) { source.next() }
            _ = try await pairs.membership(of: "p_bob", now: Self.start) { source.next() }
            _ = try await pairs.membership(of: "p_cy", now: Self.start) { source.next() }
            #expect(try await pairs.form(code: "NOPE00", joiner: "p_bob", joinerName: "Bob", pairId: "pr_1", now: Self.start) == .codeNotFound)
            #expect(try await pairs.form(code: "ADACDE", joiner: "p_ada", joinerName: "Ada", pairId: "pr_1", now: Self.start) == .ownCode)
            #expect(
                try await pairs.form(code: "ADACDE", joiner: "p_bob", joinerName: "Bob", pairId: "pr_1", now: Self.start)
                    == .formed(pairId: "pr_1", ownerId: "p_ada"))
            // Crossed: Ada now takes Bob's code, which was spent with hers.
            #expect(try await pairs.form(code: "BOBCDE", joiner: "p_ada", joinerName: "Ada", pairId: "pr_2", now: Self.start) == .alreadyPaired)
            #expect(try await pairs.form(code: "ADACDE", joiner: "p_cy", joinerName: "Cy", pairId: "pr_3", now: Self.start) == .codeSpent)
            #expect(try await pairs.code("ADACDE")?.isOpen == false)
            #expect(try await pairs.code("BOBCDE")?.isOpen == false, "the joiner's own open code is spent too")
            let bob = try await pairs.membership(of: "p_bob", now: Self.start) { source.next() }
            #expect(bob == .paired(pairId: "pr_1"))
        }
    }

    @Test("of 20 joiners racing for one code exactly one wins", arguments: Backend.allCases)
    func joinRace(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let pairs = storage.pairRepository()
            _ = try await pairs.membership(of: "p_owner", now: Self.start) { "OWNER1" }
            let outcomes = try await withThrowingTaskGroup(of: PairFormation.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await pairs.form(code: "OWNER1", joiner: "p_\(index)", joinerName: "J\(index)", pairId: "pr_\(index)", now: Self.start)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { if case .formed = $0 { true } else { false } }.count == 1)
            #expect(outcomes.filter { $0 == .codeSpent }.count == 19, "the losers find the code spent: room_full")
        }
    }

    @Test("a drawing is stored once per clientDrawingId; the live pair loads it pending with its attempts", arguments: Backend.allCases)
    func storingAndLoading(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let pairs = storage.pairRepository()
            _ = try await pairs.membership(of: "p_ada", now: Self.start) { "ADACDE" }
            _ = try await pairs.form(code: "ADACDE", joiner: "p_bob", joinerName: "Bob", pairId: "pr_1", now: Self.start)
            let first = Self.submission("c_00000001", id: "d_1", from: "p_ada", to: "p_bob")
            #expect(try await pairs.store(first, pairId: "pr_1") == .stored)
            let retry = Self.submission("c_00000001", id: "d_2", from: "p_ada", to: "p_bob")
            #expect(try await pairs.store(retry, pairId: "pr_1") == .alreadyStored(drawingId: "d_1"))
            try await pairs.storeAttempt(drawingId: "d_1", attempts: 2)
            try await pairs.storeDraft(
                of: "p_bob", PairDraft(replaying: first.actions, clientDrawingId: "c_bobdraft", word: "moon", limits: StorageFixtures.limits),
                at: Self.start)

            let loaded = try #require(try await pairs.livePair("pr_1"))
            #expect(loaded.partners.map(\.id) == ["p_ada", "p_bob"])
            #expect(loaded.pending.count == 1)
            #expect(loaded.pending.first?.submission == first)
            #expect(loaded.pending.first?.attempts == 2)
            #expect(loaded.drafts["p_bob"]?.word == "moon")
            #expect(loaded.drafts["p_bob"]?.actions == first.actions)
        }
    }

    @Test("a resolution stores scores and streak; ending closes pending drawings and leaves a notice for the partner", arguments: Backend.allCases)
    func resolvingAndEnding(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let pairs = storage.pairRepository()
            _ = try await pairs.membership(of: "p_ada", now: Self.start) { "ADACDE" }
            _ = try await pairs.form(code: "ADACDE", joiner: "p_bob", joinerName: "Bob", pairId: "pr_1", now: Self.start)
            _ = try await pairs.store(Self.submission("c_00000001", id: "d_1", from: "p_ada", to: "p_bob"), pairId: "pr_1")
            _ = try await pairs.store(Self.submission("c_00000002", id: "d_2", from: "p_ada", to: "p_bob"), pairId: "pr_1")
            let resolution = DrawingResolution(
                drawingId: "d_1", guesserId: "p_bob", word: "kite", attempts: 1, gained: 100, drawerGained: 50, streak: 1,
                scores: ["p_bob": 100, "p_ada": 50])
            try await pairs.storeResolution(resolution, status: .guessed, pairId: "pr_1", seq: 7, at: Self.start)
            let loaded = try #require(try await pairs.livePair("pr_1"))
            #expect(loaded.scores == ["p_ada": 50, "p_bob": 100])
            #expect(loaded.streak == 1)
            #expect(loaded.seq == 7)
            #expect(loaded.pending.map(\.submission.drawingId) == ["d_2"])

            try await pairs.end(pairId: "pr_1", by: "p_ada", seq: 8, at: Self.start)
            #expect(try await pairs.livePair("pr_1") == nil)
            let notices = try await pairs.takeNotices(for: "p_bob")
            #expect(notices.map(\.pairId) == ["pr_1"])
            #expect(notices.first?.by == "p_ada")
            #expect(try await pairs.takeNotices(for: "p_bob").isEmpty, "told once")
            #expect(try await pairs.takeNotices(for: "p_ada").isEmpty, "the one who unpaired needs no notice")
            if case .open(let code) = try await pairs.membership(of: "p_ada", now: Self.start, newCode: { "FRESH1" }) {
                #expect(code == "FRESH1", "a fresh code after unpairing")
            } else {
                Issue.record("Ada is unpaired now")
            }
        }
    }
}
