import DoodleCore
import DoodleStorage
import Testing

/// The directory's public rooms (what every node of a cluster lists and quick-plays), on the
/// in-process directory and on the PostgreSQL tables: the same answers from both.
@Suite("Room directory: public rooms")
struct PublicRoomDirectoryTests {
    let nodeA = ClusterNode(id: "n_a", url: "ws://a.test/v1/ws")
    let nodeB = ClusterNode(id: "n_b", url: "ws://b.test/v1/ws")

    func status(_ code: String, pack: String = "en", players: Int, phase: Phase = .lobby, mode: RoomMode = .party) -> PublicRoomStatus {
        PublicRoomStatus(
            code: code, wordPack: pack, isPublic: true, players: players, seats: players, maxPlayers: 8, spectators: 1, phase: phase,
            round: phase == .lobby ? nil : 1, rounds: 3, locked: false, lateJoin: mode == .party, mode: mode)
    }

    @Test("rooms list with their mode and filter by it; a telephone game's steps and reveal need two players connected", arguments: DirectoryBackend.allCases)
    func modes(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            try await directory.register(nodeA, leaseMilliseconds: harness.lease)
            for code in ["AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE"] { #expect(try await directory.claim(code: code, for: nodeA.id)) }
            try await directory.publish(
                [
                    status("AAAAAA", players: 2), status("BBBBBB", players: 4, mode: .telephone),
                    status("CCCCCC", players: 3, phase: .step, mode: .telephone), status("DDDDDD", players: 1, phase: .step, mode: .telephone),
                    status("EEEEEE", players: 1, phase: .reveal, mode: .telephone),
                ], unpublish: [], by: nodeA.id)

            let all = try await directory.publicRooms(wordPack: nil, phase: nil, limit: 50)
            #expect(all.map(\.status.code) == ["BBBBBB", "CCCCCC", "AAAAAA"], "a telephone game with one player connected cannot go on")
            #expect(all.map(\.status.mode) == [.telephone, .telephone, .party])
            #expect(all[1].status == status("CCCCCC", players: 3, phase: .step, mode: .telephone))
            let telephone = try await directory.publicRooms(wordPack: nil, phase: nil, mode: .telephone, limit: 50)
            #expect(telephone.map(\.status.code) == ["BBBBBB", "CCCCCC"])
            #expect(try await directory.publicRooms(wordPack: nil, phase: nil, mode: .party, limit: 50).map(\.status.code) == ["AAAAAA"])
            #expect(try await directory.publicRooms(wordPack: nil, phase: .step, mode: .telephone, limit: 50).map(\.status.code) == ["CCCCCC"])

            // A room's mode follows its status, as its other fields do.
            try await directory.publish([status("AAAAAA", players: 2, mode: .telephone)], unpublish: [], by: nodeA.id)
            #expect(try await directory.publicRooms(wordPack: nil, phase: nil, mode: .party, limit: 50).isEmpty)
        }
    }

    @Test("a node lists only rooms whose codes it holds; most players first; filters and limit; another node cannot overwrite", arguments: DirectoryBackend.allCases)
    func listing(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            for node in [nodeA, nodeB] { try await directory.register(node, leaseMilliseconds: harness.lease) }
            for code in ["AAAAAA", "BBBBBB"] { #expect(try await directory.claim(code: code, for: nodeA.id)) }
            #expect(try await directory.claim(code: "CCCCCC", for: nodeB.id))
            try await directory.publish(
                [status("AAAAAA", players: 2), status("BBBBBB", pack: "de", players: 5, phase: .drawing), status("DDDDDD", players: 8)],
                unpublish: [], by: nodeA.id)
            try await directory.publish([status("CCCCCC", players: 3)], unpublish: [], by: nodeB.id)

            let all = try await directory.publicRooms(wordPack: nil, phase: nil, limit: 50)
            #expect(all.map(\.status.code) == ["BBBBBB", "CCCCCC", "AAAAAA"], "DDDDDD is held by nobody, so not listed")
            #expect(all.first?.status == status("BBBBBB", pack: "de", players: 5, phase: .drawing))
            #expect(all.first?.node == nodeA)
            #expect(all[1].node == nodeB)
            #expect(try await directory.publicRooms(wordPack: "en", phase: nil, limit: 50).map(\.status.code) == ["CCCCCC", "AAAAAA"])
            #expect(try await directory.publicRooms(wordPack: nil, phase: .drawing, limit: 50).map(\.status.code) == ["BBBBBB"])
            #expect(try await directory.publicRooms(wordPack: nil, phase: nil, limit: 1).map(\.status.code) == ["BBBBBB"])

            // B cannot publish A's room; A's update keeps the room's place by age.
            try await directory.publish([status("AAAAAA", players: 7)], unpublish: [], by: nodeB.id)
            #expect(try await directory.publicRooms(wordPack: "en", phase: nil, limit: 50).first { $0.status.code == "AAAAAA" }?.status.players == 2)
            try await directory.publish([status("AAAAAA", players: 3)], unpublish: [], by: nodeA.id)
            let tied = try await directory.publicRooms(wordPack: "en", phase: nil, limit: 50)
            #expect(tied.map(\.status.players) == [3, 3])
        }
    }

    @Test("a listing goes when its room turns private, when its code is released, and with its node's lease", arguments: DirectoryBackend.allCases)
    func listingsGo(_ backend: DirectoryBackend) async throws {
        try await DirectoryHarness.with(backend) { harness in
            let directory = harness.directory
            try await directory.register(nodeA, leaseMilliseconds: harness.lease)
            for code in ["AAAAAA", "BBBBBB", "CCCCCC"] { #expect(try await directory.claim(code: code, for: nodeA.id)) }
            try await directory.publish(
                [status("AAAAAA", players: 1), status("BBBBBB", players: 2), status("CCCCCC", players: 3)], unpublish: [], by: nodeA.id)
            try await directory.publish([], unpublish: ["CCCCCC"], by: nodeA.id)
            try await directory.release(code: "BBBBBB", by: nodeA.id)
            #expect(try await directory.publicRooms(wordPack: nil, phase: nil, limit: 50).map(\.status.code) == ["AAAAAA"])
            try await harness.advance(harness.lease + harness.slack)
            #expect(try await directory.publicRooms(wordPack: nil, phase: nil, limit: 50).isEmpty, "a gone node's rooms are not listed")
        }
    }
}
