import DoodleStorage
import DrawingTestSupport
import Testing

import DoodleCore

@Suite("Stroke record encoding")
struct StrokeCodecTests {
    @Test("every kind of action round-trips exactly")
    func roundTripsEveryAction() throws {
        let actions: [DrawingAction] = [
            .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#1a2b3c", width: 8, points: [10, 20, 11, 22, 1599, 1199])),
            .strokePoints(strokeId: 1, points: [0, 0, 5, 7]),
            .strokeEnd(strokeId: 1),
            .strokeBegin(StrokeBegin(strokeId: 7, tool: .eraser, color: nil, width: 64, points: [800, 600])),
            .undo,
            .fill(FillAction(x: 10, y: 20, color: "#ffcc00")),
            .clear,
            .strokeBegin(StrokeBegin(strokeId: 3, tool: .pen, color: "#ABCDEF", width: 1, points: [1, 2])),
            .fill(FillAction(x: -5, y: Int.max, color: "not a colour")),
            .strokePoints(strokeId: Int.min, points: [Int.min, Int.max, 3]),
        ]
        let bytes = StrokeCodec.encode(actions)
        #expect(bytes.first == StrokeCodec.version)
        #expect(try StrokeCodec.decode(bytes) == actions)
    }

    @Test("an empty record round-trips", arguments: [[DrawingAction](), [.undo], [.clear, .clear]])
    func roundTripsSmallRecords(_ actions: [DrawingAction]) throws {
        #expect(try StrokeCodec.decode(StrokeCodec.encode(actions)) == actions)
    }

    @Test("generated drawings round-trip", arguments: 1...20)
    func roundTripsGenerated(seed: UInt64) throws {
        let actions = RealisticDrawing.actions(strokes: 1 + Int(seed % 7) * 5, pointsPerStroke: 5 + Int(seed) * 3, seed: seed)
        #expect(try StrokeCodec.decode(StrokeCodec.encode(actions)) == actions)
    }

    @Test("a realistic drawing takes under 3 bytes per point")
    func isCompact() {
        let actions = RealisticDrawing.actions(strokes: 30, pointsPerStroke: 40, seed: 9)
        let bytes = StrokeCodec.encode(actions)
        #expect(bytes.count < 30 * 40 * 3)
    }

    @Test("malformed records are rejected, not trapped on")
    func rejectsMalformed() {
        let valid = StrokeCodec.encode([.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#000000", width: 4, points: [1, 2, 3, 4]))])
        #expect(throws: StrokeCodecError.unsupportedVersion(9)) { try StrokeCodec.decode([9, 0]) }
        #expect(throws: StrokeCodecError.truncated(offset: 0)) { try StrokeCodec.decode([]) }
        for length in 1..<valid.count {
            #expect(throws: StrokeCodecError.self) { try StrokeCodec.decode(Array(valid.prefix(length))) }
        }
        #expect(throws: StrokeCodecError.trailingBytes(offset: valid.count)) { try StrokeCodec.decode(valid + [0]) }
        #expect(throws: StrokeCodecError.countTooLarge(offset: 1)) { try StrokeCodec.decode([1, 0xff, 0xff, 0x7f]) }
        #expect(throws: StrokeCodecError.unknownAction(tag: 0x07, offset: 2)) { try StrokeCodec.decode([1, 1, 0x07]) }
        #expect(throws: StrokeCodecError.malformedVarint(offset: 1)) {
            try StrokeCodec.decode([1] + [UInt8](repeating: 0xff, count: 10) + [0x01])
        }
    }
}
