import Testing

@testable import DoodleLoad

@Suite("Stream frame scan (the receivers' fast path)")
struct StreamFrameScanTests {
    @Test("reads a relayed stroke's seq, stroke id and the head of its points")
    func readsStroke() {
        let scan = StreamFrameScan(#"{"type":"strokePoints","seq":12,"strokeId":3,"points":[7,9,10,11],"playerId":"p_a"}"#)
        #expect(scan == StreamFrameScan(kind: .strokePoints, seq: 12, strokeId: 3, head: (7, 9), pointCount: 4))
    }

    /// The same rule the fuzzers found missing in the server's stroke reader (docs/fuzzing.md).
    @Test(
        "a value that does not read, or a key met twice, declines the frame",
        arguments: [
            #"{"type":"strokeEnd","seq": ,"seq":4,"strokeId":1}"#,
            #"{"type":"strokeEnd","seq":4,"strokeId":-,"strokeId":1}"#,
            #"{"type":"strokeEnd","seq":4,"seq":5,"strokeId":1}"#,
        ])
    func declines(text: String) {
        #expect(StreamFrameScan(text) == nil)
    }

    @Test("reads a chat line's seq; a chat line it cannot read plainly is left to the decoder")
    func chatLine() {
        #expect(
            StreamFrameScan(#"{"type":"chat","seq":14,"playerId":"p_bob","text":"bird","drawingId":"d_1234567890abcdef"}"#)
                == StreamFrameScan(kind: .chat, seq: 14, strokeId: 0, head: nil, pointCount: 0))
        #expect(StreamFrameScan(#"{"type":"chat","seq":14,"playerId":"p_bob","text":"say \"bird\""}"#) == nil)
        #expect(StreamFrameScan(#"{"type":"chat","playerId":"p_bob","text":"bird"}"#) == nil)
    }

    @Test("a drawing event without its stroke id, or any other event, is left to the decoder")
    func declinesOthers() {
        #expect(StreamFrameScan(#"{"type":"strokePoints","seq":12,"points":[7,9]}"#) == nil)
        #expect(StreamFrameScan(#"{"type":"hint","seq":12,"hint":"_ _ _"}"#) == nil)
    }
}
