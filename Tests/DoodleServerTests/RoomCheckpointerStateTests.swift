import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Synchronization
import Testing

@testable import DoodleServer

/// When a checkpoint carries the room's state and when the stored one does: a chat line alone
/// leaves the stored state as it is for up to `chatIntervals` intervals (RoomCheckpointer).
@Suite("Checkpoint state")
struct RoomCheckpointerStateTests {
    /// Keeps every checkpoint handed over.
    private final class RecordingArchive: GameArchive {
        private let saves = Mutex<[RoomCheckpointSave]>([])

        var checkpoints: [RoomCheckpointSave] { saves.withLock { $0 } }

        func submit(_ drawing: FinishedDrawing) {}
        func submit(_ game: FinishedGame) {}
        func submit(_ reaction: DrawingReaction) {}
        func submit(_ checkpoint: RoomCheckpointSave) { saves.withLock { $0.append(checkpoint) } }
        func submitCheckpointRemoval(code: String, nodeId: String?) {}
        func flush() async -> Bool { true }
        var statistics: ArchiveWriterStatistics { ArchiveWriterStatistics() }
    }

    private static let interval: Int64 = 1_000
    private static let start: Int64 = 1_765_000_000_000

    /// Ada's new room at `start`, under the shipped rules.
    private func room() throws -> RoomStateMachine {
        let (rules, packs, blocklist) = try RulesLoader.load(folder: TestServer.repositoryRoot + "/GameRules")
        return RoomStateMachine(
            code: "K7PQ2M", mode: .party, settings: rules.defaultSettings, creator: "p_ada", creatorName: "Ada",
            rules: rules, packs: packs, blocklist: blocklist, seed: 7, createdAt: Self.start)
    }

    /// A lobby of two, its first checkpoint written (state and all) at `start`.
    private func lobby() throws -> (RoomStateMachine, RoomCheckpointer, RecordingArchive) {
        var machine = try room()
        _ = try machine.join("p_bob", name: "Bob", now: Self.start).get()
        let archive = RecordingArchive()
        var checkpointer = RoomCheckpointer(archive: archive, nodeId: nil, intervalMillis: Int(Self.interval), slot: 0)
        checkpointer.write(machine, now: Self.start)
        return (machine, checkpointer, archive)
    }

    /// What the room does after its effects: a lazy change falls due, a due one is written.
    private func chat(_ text: String, by player: PlayerID, in machine: inout RoomStateMachine, checkpointer: inout RoomCheckpointer, at now: Int64) {
        var change = RoomCheckpointer.Change.none
        for effect in machine.handle(.guess(text: text), from: player, now: now) { change.note(effect) }
        #expect(change == .lazy, "a chat line is a lazy change")
        let writeNow = checkpointer.shouldWriteNow(after: change, now: now)
        #expect(!writeNow)
    }

    @Test("a chat line alone keeps the stored state until the chat interval is up, then the state is written")
    func chatAloneWaits() throws {
        var (machine, checkpointer, archive) = try lobby()
        #expect(archive.checkpoints.map(\.stateUnchanged) == [false], "the first checkpoint carries the state")

        chat("hello", by: "p_bob", in: &machine, checkpointer: &checkpointer, at: Self.start + 100)
        let firstDue = try #require(checkpointer.due)
        #expect(firstDue <= Self.start + 100 + Self.interval, "the lazy change falls due within an interval")
        checkpointer.write(machine, now: firstDue)
        #expect(archive.checkpoints.last?.stateUnchanged == true, "a chat line alone does not rewrite the state")
        let chatDue = try #require(checkpointer.due, "the chat line still waits")
        #expect(chatDue > firstDue && chatDue <= firstDue + RoomCheckpointer.chatIntervals * Self.interval)

        // More chat in between changes nothing of that: the lines wait for the same instant.
        chat("anyone?", by: "p_ada", in: &machine, checkpointer: &checkpointer, at: firstDue + 2_000)
        let secondDue = try #require(checkpointer.due)
        #expect(secondDue < chatDue)
        checkpointer.write(machine, now: secondDue)
        #expect(archive.checkpoints.last?.stateUnchanged == true)
        #expect(checkpointer.due == chatDue)

        checkpointer.write(machine, now: chatDue)
        let written = try #require(archive.checkpoints.last)
        #expect(!written.stateUnchanged, "once the chat interval is up the state, with both lines, is written")
        #expect(written.checkpoint.hasSameState(as: machine.checkpoint(at: chatDue)))
        #expect(checkpointer.due == nil, "nothing waits any more")
    }

    @Test("any other change writes the state with the chat lines at its own time")
    func otherChangesCarryTheChat() throws {
        var (machine, checkpointer, archive) = try lobby()
        chat("hello", by: "p_bob", in: &machine, checkpointer: &checkpointer, at: Self.start + 100)
        let due = try #require(checkpointer.due)
        checkpointer.write(machine, now: due)
        #expect(archive.checkpoints.last?.stateUnchanged == true)

        _ = machine.rename("p_bob", to: "Robert")
        checkpointer.write(machine, now: due + 50)
        #expect(archive.checkpoints.last?.stateUnchanged == false)
        #expect(checkpointer.due == nil, "the chat line went with the rename")
    }

    @Test("a room's final checkpoint writes its chat lines at once")
    func finalWritesChat() throws {
        var (machine, checkpointer, archive) = try lobby()
        chat("hello", by: "p_bob", in: &machine, checkpointer: &checkpointer, at: Self.start + 100)
        checkpointer.write(machine, now: Self.start + 200, final: true)
        #expect(archive.checkpoints.last?.stateUnchanged == false)
        #expect(checkpointer.due == nil)
    }

    @Test("a room that keeps no checkpoint has nothing due once its write came (its wake is not armed again)")
    func noArchiveClearsDue() throws {
        var checkpointer = RoomCheckpointer(archive: nil, nodeId: nil, intervalMillis: Int(Self.interval), slot: 0)
        _ = checkpointer.shouldWriteNow(after: .lazy, now: Self.start)
        let due = try #require(checkpointer.due)
        checkpointer.write(try room(), now: due)
        #expect(checkpointer.due == nil)
    }

    @Test("a checkpoint with nothing new keeps the stored state")
    func nothingNewKeepsTheState() throws {
        let (machine, checkpointer, archive) = try lobby()
        var again = checkpointer
        again.write(machine, now: Self.start + 5_000)
        #expect(archive.checkpoints.map(\.stateUnchanged) == [false, true])
        #expect(again.due == nil)
    }
}
