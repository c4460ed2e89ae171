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

    /// What `DrawingJSON.write` writes for `message` on its own; nil when it writes nothing.
    static func json(_ message: ServerMessage) -> ByteBuffer? {
        var out = ByteBuffer()
        return DrawingJSON.write(message, to: &out) ? out : nil
    }

    @Test("decodes to the same message JSONEncoder's output decodes to", arguments: sampleActions)
    func sameMessage(action: DrawingAction) throws {
        for seq in [Int?.some(42), nil] {
            let message = ServerMessage.event(.drawing(action, playerId: "p\"1\\é"), seq: seq)
            let fast = try #require(Self.json(message))
            let decoded = try JSONDecoder().decode(ServerMessage.self, from: Data(fast.readableBytesView))
            #expect(decoded == message)
            let viaCodable = try JSONDecoder().decode(ServerMessage.self, from: try JSONEncoder().encode(message))
            #expect(decoded == viaCodable)
        }
    }

    /// A snapshot whose names hold the very text the fast path looks for, so a match inside a
    /// string would show.
    static func snapshot(strokes: [CanvasItem]) -> RoomSnapshot {
        RoomSnapshot(
            seq: 41, code: "K7PQ2M", mode: .party, ownerId: "p_a", locked: false,
            settings: SettingsView(
                settings: RoomSettings(
                    maxPlayers: 8, rounds: 3, drawSeconds: 80, chooseSeconds: 15, revealSeconds: 5, wordChoices: 3, hints: 2,
                    wordPack: "en", customWords: [#""strokes":[]"#], customWordsOnly: false, lateJoin: true),
                showsCustomWords: true),
            players: [
                PlayerInfo(id: "p_a", name: #"Ada "strokes":[]"#, score: 120, connected: true, guessed: false),
                PlayerInfo(id: "p_b", name: "Bob\\\"", score: 0, connected: false, guessed: true),
            ],
            phase: .drawing, round: 1, rounds: 3, drawerId: "p_a", deadline: 1_732_230_080_123, hint: "__a__", word: "snake",
            choices: nil, strokes: strokes)
    }

    @Test("a roomState with strokes written by hand decodes and parses as JSONEncoder's does")
    func snapshotSameAsCodable() throws {
        var random = SystemRandomNumberGenerator()
        var strokes: [CanvasItem] = []
        for id in 1...300 {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let points = (0..<Int.random(in: 0...40, using: &random)).flatMap { _ in [Int.random(in: 0..<1600), Int.random(in: 0..<1200)] }
                strokes.append(.stroke(StrokeBegin(strokeId: id, tool: .pen, color: "#1a2b3c", width: Int.random(in: 1...64), points: PointList(points))))
            case 1:
                strokes.append(.stroke(StrokeBegin(strokeId: id, tool: .eraser, color: nil, width: 20, points: [3, 4])))
            default:
                strokes.append(.fill(FillAction(x: Int.random(in: 0..<1600), y: Int.random(in: 0..<1200), color: "#ffcc00")))
            }
        }
        let message = ServerMessage.roomState(Self.snapshot(strokes: strokes))
        let fast = try #require(DrawingJSON.encodeSnapshot(message, encoder: JSONEncoder()))
        let fastData = Data(fast.readableBytesView)
        let codableData = try JSONEncoder().encode(message)
        #expect(try JSONDecoder().decode(ServerMessage.self, from: fastData) == message)
        let fastObject = try JSONSerialization.jsonObject(with: fastData) as? NSDictionary
        let codableObject = try JSONSerialization.jsonObject(with: codableData) as? NSDictionary
        #expect(fastObject != nil)
        #expect(fastObject == codableObject)
    }

    @Test("an empty canvas and other messages are left to JSONEncoder")
    func snapshotFallsBack() {
        #expect(DrawingJSON.encodeSnapshot(.roomState(Self.snapshot(strokes: [])), encoder: JSONEncoder()) == nil)
        #expect(DrawingJSON.encodeSnapshot(.event(.hint("_ _"), seq: 3), encoder: JSONEncoder()) == nil)
    }

    @Test("other messages are left to JSONEncoder")
    func othersFallBack() {
        #expect(Self.json(.event(.drawing(.undo, playerId: "p1"), seq: 3)) == nil)
        #expect(Self.json(.event(.hint("_ _"), seq: 3)) == nil)
    }

    @Test("points are written with the digits String gives them, 16-bit or wider", arguments: [
        [0, 1, 9, 10, 99, 100, 999, 1_000, 1_599, 9_999, 10_000, 12_345, 65_535],
        [70_000, 3, 65_536],
    ])
    func pointDigits(values: [Int]) throws {
        let points = PointList(values)
        #expect((points.narrowNumbers != nil) == values.allSatisfy { $0 <= 65_535 }, "each list goes the way it is meant to test")
        let message = ServerMessage.event(.drawing(.strokePoints(strokeId: 3, points: points), playerId: "p1"), seq: nil)
        let json = String(buffer: try #require(Self.json(message)))
        #expect(json.contains(#""points":[\#(values.map(String.init).joined(separator: ","))]"#))
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

    @Test("a frame written in place has the bytes of the payload framed afterwards, at every header size", arguments: [0, 1, 125, 126, 300, 65_535, 65_536, 70_000])
    func frameWrittenInPlace(length: Int) throws {
        let payload = ByteBuffer(repeating: UInt8(ascii: "x"), count: length)
        let written = WireFrame(textWrittenBy: { out in
            out.writeImmutableBuffer(payload)
            return true
        })
        let inPlace = try #require(written)
        #expect(inPlace.bytes.readableBytesView.elementsEqual(WireFrame(text: payload).bytes.readableBytesView))
        let refused = WireFrame(textWrittenBy: { _ in false })
        #expect(refused == nil)
    }

    @Test("a stroke's frame is the text frame header followed by its JSON", arguments: sampleActions)
    func strokeFrame(action: DrawingAction) throws {
        let message = ServerMessage.event(.drawing(action, playerId: "p_4kq9"), seq: 1_234)
        let payload = try #require(Self.json(message))
        let frame = FrameEncoder().encode(message)
        #expect(frame.bytes.readableBytesView.elementsEqual(WireFrame(text: payload).bytes.readableBytesView))
    }

    @Test("numbers are written with the digits String gives them")
    func numbers() {
        for value in [0, 7, 10, 99, 1_234, 65_536, 1_732_230_080_123, Int.max, -1, -42, Int.min] {
            var out = ByteBuffer()
            DrawingJSON.writeNumber(value, to: &out)
            #expect(out.readString(length: out.readableBytes) == String(value))
        }
    }

    @Test("string literals: plain text whole, and every character JSON needs escaped escaped")
    func stringLiterals() throws {
        for text in ["p_4kq9", "#1a2b3c", "", "é✏️", "a\"b", "back\\slash", "line\nbreak\ttab\r", "bell\u{07}"] {
            var out = ByteBuffer()
            DrawingJSON.writeString(text, to: &out)
            let written = Array(out.readableBytesView)
            #expect(try JSONDecoder().decode(String.self, from: Data(written)) == text)
            #expect(!written.dropFirst().dropLast().contains { $0 < 0x20 }, "no raw control character in \(text.debugDescription)")
        }
    }
}
