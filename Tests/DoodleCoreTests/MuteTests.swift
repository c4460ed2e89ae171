import Foundation
import Testing

@testable import DoodleCore

extension Harness {
    @discardableResult
    mutating func mute(_ target: PlayerID, by player: PlayerID, muted: Bool = true) -> [RoomEffect] {
        send(.mute(playerId: target, muted: muted), from: player)
    }
}

/// `mute`: a member's chat hidden from its muters only, their seq unbroken.
@Suite struct MuteTests {
    @Test func theMuterAloneIsAnsweredWithoutSeqAndNothingChangesForOthers() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        let seq = h.machine.seq
        let effects = h.mute(b, by: a)
        #expect(effects == [.send(to: [a], .muted(playerId: b, muted: true))])
        #expect(h.machine.seq == seq)
        let object = try JSON.object(ServerMessage.muted(playerId: b, muted: true))
        #expect(NSDictionary(dictionary: object) == ["type": "muted", "playerId": b, "muted": true])
    }

    @Test func roomChatOfAMutedPlayerReachesItsMuterAsAnEmptyVariantUnderTheSameSeq() throws {
        var h = try Fixtures.makeMachine(players: 4)
        let (a, b, c, d) = (h.members[0], h.members[1], h.members[2], h.members[3])
        h.mute(b, by: a)
        h.mute(b, by: d)
        let effects = h.guess("you all draw badly", from: b)
        let seq = h.machine.seq
        #expect(
            effects == [
                .send(to: [b, c], .event(.chat(playerId: b, text: "you all draw badly", guessedOnly: false), seq: seq)),
                .send(to: [a, d], .event(.mutedChat(playerId: b), seq: seq)),
            ])
        let muterCopy = try JSON.object(try #require(effects.messages(to: a).first))
        #expect(NSDictionary(dictionary: muterCopy) == ["type": "chat", "seq": seq, "playerId": b, "text": "", "muted": true])
        // Others' chat still reaches the muter in full.
        #expect(h.guess("hello", from: c).messages(to: a) == [.event(.chat(playerId: c, text: "hello", guessedOnly: false), seq: seq + 1)])
        h.checkSequencing(continuous: h.members)
    }

    @Test func nothingOfTheTextReachesTheMuterInAnyFrame() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.mute(b, by: a)
        h.guess("secretsauce", from: b)
        h.startGame()
        h.guess("secretsauce", from: b)
        for message in h.inbox[a] ?? [] {
            #expect(!(try JSON.text(message)).contains("secretsauce"))
        }
        #expect((h.inbox[h.members[2]] ?? []).filter { (try? JSON.text($0))?.contains("secretsauce") == true }.count == 2)
    }

    @Test func scopedChatOfAMutedPlayerSimplyDoesNotReachItsMuters() throws {
        var h = try Fixtures.makeMachine(players: 4, settings: SettingsPatch(wordChoices: 1), words: ["ice cream"])
        h.startGame()
        try h.chooseFirst()
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.guess("ice cream", from: b)
        h.guess("ice cream", from: c)
        h.mute(b, by: a)
        let effects = h.guess("that was easy", from: b)
        #expect(effects == [.send(to: [b, c], .event(.chat(playerId: b, text: "that was easy", guessedOnly: true), seq: nil))])
    }

    @Test func aMutedPlayerStillGuessesScoresAndRanksForItsMuter() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(wordChoices: 1), words: ["ice cream"])
        h.startGame()
        try h.chooseFirst()
        let (a, b) = (h.members[0], h.members[1])
        h.mute(b, by: a)
        let effects = h.guess("ice cream", from: b)
        #expect(effects.events(to: a).contains { if case .playerGuessed(b, _) = $0 { true } else { false } })
    }

    @Test func aWatchersChatIsMutedLikeAPlayers() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let watcher = Fixtures.id("Zed")
        _ = try h.watch(watcher, name: "Zed").get()
        h.mute(watcher, by: h.members[0])
        let effects = h.guess("hi all", from: watcher)
        #expect(effects.messages(to: h.members[0]) == [.event(.mutedChat(playerId: watcher), seq: h.machine.seq)])
        #expect(effects.messages(to: h.members[1]) == [.event(.chat(playerId: watcher, text: "hi all", guessedOnly: false), seq: h.machine.seq)])
        // A watcher may mute too.
        h.mute(h.members[1], by: watcher)
        #expect(h.guess("yo", from: h.members[1]).messages(to: watcher) == [.event(.mutedChat(playerId: h.members[1]), seq: h.machine.seq)])
    }

    @Test func unmutingShowsTheChatAgain() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.mute(b, by: a)
        #expect(h.mute(b, by: a, muted: false) == [.send(to: [a], .muted(playerId: b, muted: false))])
        #expect(h.guess("back", from: b).messages(to: a) == [.event(.chat(playerId: b, text: "back", guessedOnly: false), seq: h.machine.seq)])
    }

    @Test func theTargetMustBeAnotherMember() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        #expect(h.mute(a, by: a).errors(to: a) == [.invalidTarget])
        #expect(h.mute(Fixtures.id("Zed"), by: a).errors(to: a) == [.invalidTarget])
        #expect(h.mute(Fixtures.id("Zed"), by: a, muted: false).errors(to: a) == [.invalidTarget])
        // Unmuting someone who left is still possible, so a client's list can be cleared.
        h.mute(b, by: a)
        h.leave(b)
        #expect(h.mute(b, by: a, muted: false) == [.send(to: [a], .muted(playerId: b, muted: false))])
    }

    @Test func aMuteLastsWhileTheMuterStaysAndEvenIfTheTargetComesBack() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.mute(b, by: a)
        h.leave(b)
        _ = try h.join(b, name: "Bob").get()
        #expect(h.guess("I am back", from: b).messages(to: a) == [.event(.mutedChat(playerId: b), seq: h.machine.seq)])
        // The muter leaves and comes back: its mutes are gone.
        h.leave(a)
        _ = try h.join(a, name: "Ada").get()
        #expect(
            h.guess("hello again", from: b).messages(to: a) == [.event(.chat(playerId: b, text: "hello again", guessedOnly: false), seq: h.machine.seq)])
        h.checkSequencing(continuous: [c])
    }

    @Test func aMuteFromANonMemberIsRefusedLikeAnyMessage() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let stranger = Fixtures.id("Zed")
        #expect(h.mute(h.members[1], by: stranger).errors(to: stranger) == [.notInRoom])
    }
}
