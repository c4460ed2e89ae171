import Testing

@testable import DoodleCore

/// A public room nobody is connected to closes after the empty-room grace, and quick play and
/// the room list never offer a room where a game cannot go on (PROTOCOL.md rev 5, "Where quick
/// play goes").
@Suite struct UnattendedRoomTests {
    static let emptyGrace: Int64 = 30_000

    private func saveGames(_ effects: [RoomEffect]) -> [FinishedGame] {
        effects.compactMap { if case .saveGame(let game) = $0 { game } else { nil } }
    }

    @Test func aPublicGameWhosePlayersAllDroppedEndsAndClosesAfterTheEmptyRoomGrace() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(isPublic: true), startsOnItsOwn: true)
        h.advance(by: 10_000)
        #expect(h.machine.phase == .choosing)
        let players = h.members
        h.disconnect(h.members[0])
        h.advance(by: 2_000)
        h.disconnect(h.members[1])
        h.disconnect(h.members[2])
        #expect(h.machine.unattendedSince == h.now)
        #expect(h.machine.nextDeadline.map { $0 <= h.now + Self.emptyGrace } == true)
        var effects = h.advance(by: Self.emptyGrace - 1)
        #expect(!effects.contains(.roomExpired))
        effects = h.advance(by: 1)
        #expect(effects.last == .roomExpired)
        #expect(Set(effects.compactMap { if case .seatReleased(let player) = $0 { player } else { nil } }) == Set(players))
        #expect(saveGames(effects).count == 1, "the game ended as its last players left is recorded")
        #expect(h.machine.isEmpty)
        #expect(h.machine.nextDeadline == nil)
    }

    @Test func aMemberBackInTimeKeepsThePublicRoomOpen() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(isPublic: true), startsOnItsOwn: true)
        h.disconnect(h.members[0])
        h.disconnect(h.members[1])
        h.advance(by: Self.emptyGrace - 1)
        h.reconnect(h.members[1])
        #expect(h.machine.unattendedSince == nil)
        #expect(!h.advance(by: 40_000).contains(.roomExpired), "the absent one times out after its reconnect grace; the room stays")
        #expect(h.machine.playerCount == 1)
    }

    @Test func aConnectedWatcherKeepsThePublicRoomOpen() throws {
        var h = try Fixtures.makeMachine(players: 1, settings: SettingsPatch(isPublic: true), startsOnItsOwn: true)
        let watcher = Fixtures.id("Wes")
        _ = try h.machine.join(watcher, name: "Wes", spectate: true, now: h.now).get()
        h.disconnect(h.members[0])
        #expect(h.machine.unattendedSince == nil)
        #expect(!h.advance(by: Self.emptyGrace).contains(.roomExpired))
    }

    @Test func aPrivateRoomKeepsItsAbsentPlayersForTheirWholeReconnectGrace() throws {
        var h = try Fixtures.makeMachine(players: 2)
        h.disconnect(h.members[0])
        h.disconnect(h.members[1])
        #expect(h.machine.unattendedSince == nil)
        #expect(!h.advance(by: 59_999).contains(.roomExpired))
        #expect(h.machine.playerCount == 2)
    }

    @Test func aRestoredPublicRoomStartsItsGraceAtTheRestore() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(isPublic: true), startsOnItsOwn: true)
        let checkpoint = h.machine.checkpoint(at: h.now)
        let restoredAt = h.now + 5_000
        var restored = try RoomStateMachine(
            restoring: checkpoint, strokes: [], rules: Fixtures.rules(), packs: ["en": Fixtures.pack(Fixtures.words)],
            blocklist: Fixtures.blocklist, seed: 7, now: restoredAt)
        #expect(restored.unattendedSince == restoredAt)
        #expect(restored.tick(now: restoredAt + Self.emptyGrace).last == .roomExpired)
    }

    @Test func aGameCanGoOnWithOneConnectedInTheLobbyAndTwoInARunningGame() {
        func status(_ phase: Phase, players: Int) -> PublicRoomStatus {
            PublicRoomStatus(
                code: "K7PQ2M", wordPack: "en", isPublic: true, players: players, seats: 3, maxPlayers: 8, spectators: 0, phase: phase,
                round: nil, rounds: 3, locked: false, lateJoin: true)
        }
        #expect(!status(.lobby, players: 0).gameCanGoOn)
        #expect(status(.lobby, players: 1).gameCanGoOn)
        #expect(status(.gameOver, players: 1).gameCanGoOn)
        for running in [Phase.choosing, .drawing, .turnEnd] {
            #expect(!status(running, players: 1).takesQuickPlayers)
            #expect(!status(running, players: 1).takesQuickSpectators)
            #expect(status(running, players: 2).takesQuickPlayers)
        }
        #expect(!status(.lobby, players: 0).takesQuickPlayers)
    }
}
