import Testing

@testable import DoodleLoad

@Suite("Drawing frame scan (the receivers' fast path)")
struct DrawingFrameScanTests {
    @Test("reads a relayed stroke's seq, stroke id and the head of its points")
    func readsStroke() {
        let scan = DrawingFrameScan(#"{"type":"strokePoints","seq":12,"strokeId":3,"points":[7,9,10,11],"playerId":"p_a"}"#)
        #expect(scan == DrawingFrameScan(kind: .strokePoints, seq: 12, strokeId: 3, head: (7, 9), pointCount: 4))
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
        #expect(DrawingFrameScan(text) == nil)
    }
}
