import DoodleCore
import Foundation
import NIOCore
import Testing

@testable import DoodleServer

@Suite("Hand-written stroke JSON")
struct DrawingJSONTests {
    static let sampleActions: [DrawingAction] = [
        .strokeBegin(StrokeBegin(strokeId: 7, tool: .pen, color: "#1a2b3c", width: 8, points: [1, 2, 30, 40])),
        .strokeBegin(StrokeBegin(strokeId: 8, tool: .eraser, color: nil, width: 20, points: [])),
        .strokePoints(strokeId: 7, points: [5, 6, 1599, 1199]),
        .strokeEnd(strokeId: 7),
    ]

    @Test("decodes to the same message JSONEncoder's output decodes to", arguments: sampleActions)
    func sameMessage(action: DrawingAction) throws {
        for seq in [Int?.some(42), nil] {
            let message = ServerMessage.event(.drawing(action, playerId: "p\"1\\é"), seq: seq)
            let fast = try #require(DrawingJSON.encode(message))
            let decoded = try JSONDecoder().decode(ServerMessage.self, from: Data(fast.readableBytesView))
            #expect(decoded == message)
            let viaCodable = try JSONDecoder().decode(ServerMessage.self, from: try JSONEncoder().encode(message))
            #expect(decoded == viaCodable)
        }
    }

    @Test("other messages are left to JSONEncoder")
    func othersFallBack() {
        #expect(DrawingJSON.encode(.event(.drawing(.undo, playerId: "p1"), seq: 3)) == nil)
        #expect(DrawingJSON.encode(.event(.hint("_ _"), seq: 3)) == nil)
    }

    @Test("a wire frame is the text frame header followed by the payload")
    func wireFrame() {
        let short = WireFrame(text: ByteBuffer(string: "hi"))
        #expect(Array(short.bytes.readableBytesView) == [0x81, 2] + Array("hi".utf8))
        let long = WireFrame(text: ByteBuffer(repeating: 0x41, count: 300))
        #expect(Array(long.bytes.readableBytesView.prefix(4)) == [0x81, 126, 0x01, 0x2C])
        #expect(long.bytes.readableBytes == 4 + 300)
        #expect(Array(WireFrame.ping.bytes.readableBytesView) == [0x89, 0])
    }
}
