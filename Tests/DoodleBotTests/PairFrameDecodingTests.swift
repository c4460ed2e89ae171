import DoodleClient
import DoodleCore
import Testing

@Suite("The client reads pair-mode frames as the contract writes them")
struct PairFrameDecodingTests {
    @Test("the waiting room and the pair room")
    func roomStates() throws {
        guard case .roomState(let waiting) = try PairFrames.waiting(seq: 2).pairMessage() else {
            Issue.record("not a roomState")
            return
        }
        #expect(waiting.phase == .waiting && waiting.code == "K7PQ2M" && waiting.pair == nil && waiting.seq == 2)
        let paired = try PairFrames.paired(seq: 4, inbox: "[\(PairFrames.inboxItem("d_1"))]", draft: #"{"clientDrawingId":"c_12345678","word":"kite","strokes":[]}"#)
            .pairMessage()
        guard case .roomState(let snapshot) = paired else {
            Issue.record("not a roomState")
            return
        }
        #expect(snapshot.phase == .paired && snapshot.code == nil && snapshot.pair?.pairId == "pr_1")
        #expect(snapshot.inbox.map(\.drawingId) == ["d_1"] && snapshot.draft?.word == "kite")
        #expect(paired.seq == 4)
    }

    @Test("a party room's roomState is not a pair message")
    func partyRoomState() {
        #expect(throws: DoodleClientError.self) { try Frames.frame(Frames.lobby(seq: 1)).pairMessage() }
    }

    @Test("events carry their seq; a repeated drawingSent and an unpaired from away do not")
    func eventSeqs() throws {
        #expect(try PairFrames.drawingSent("c_12345678", "d_1", seq: 3).pairMessage().seq == 3)
        #expect(try PairFrames.drawingSent("c_12345678", "d_1", seq: nil).pairMessage().seq == nil)
        #expect(try PairFrames.unpaired(by: "p_ada", seq: nil).pairMessage() == .pair(.unpaired(by: "p_ada", seq: nil)))
        #expect(try PairFrames.unpaired(by: "p_ada", seq: 9).pairMessage().seq == 9)
        #expect(try PairFrames.drawingReceived("d_1", seq: 5).pairMessage().seq == 5)
        #expect(try PairFrames.chat("d_1", text: "kit", seq: 6).pairMessage().seq == 6)
        #expect(try PairFrames.guessResult("d_1", correct: false, close: true).pairMessage() == .pair(.guessResult(drawingId: "d_1", correct: false, close: true, gained: 0)))
        #expect(try PairFrames.frame(#"{"type":"wordSuggestions","words":["kite","pear","tent"]}"#).pairMessage() == .pair(.wordSuggestions(["kite", "pear", "tent"])))
        #expect(try PairFrames.frame(#"{"type":"playerConnection","seq":7,"playerId":"p_ada","connected":false}"#).pairMessage().seq == 7)
    }

    @Test("the sequence tracker re-bases on each roomState and ignores messages without seq")
    func sequenceTracking() throws {
        var tracker = SequenceTracker()
        #expect(tracker.observe(try PairFrames.waiting(seq: 5).pairMessage()) == nil)
        // The pair forms: its room is a new room starting at 0.
        #expect(tracker.observe(try PairFrames.paired(seq: 0).pairMessage()) == nil)
        #expect(tracker.observe(try PairFrames.drawingSent("c_12345678", "d_1", seq: 1).pairMessage()) == nil)
        #expect(tracker.observe(try PairFrames.drawingSent("c_12345678", "d_1", seq: nil).pairMessage()) == nil)
        let gap = tracker.observe(try PairFrames.chat("d_2", text: "no", seq: 3).pairMessage())
        #expect(gap?.kind == .gap && gap?.expected == 2)
    }
}
