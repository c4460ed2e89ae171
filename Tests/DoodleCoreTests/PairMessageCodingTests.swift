import Foundation
import Testing

@testable import DoodleCore

@Suite("Pair messages on the wire")
struct PairMessageCodingTests {
    static let item = PairInboxItem(
        drawingId: "d_1", fromId: "p_ada", hint: "___ _____", sentAt: 1_732_230_000_123, attempts: 2,
        strokes: [.stroke(StrokeBegin(strokeId: 1, tool: .pen, color: "#112233", width: 4, points: [1, 2, 3, 4]))])
    static let resolution = DrawingResolution(
        drawingId: "d_1", guesserId: "p_bob", word: "ice cream", attempts: 3, gained: 80, drawerGained: 50, streak: 4,
        scores: ["p_ada": 50, "p_bob": 80])

    static let messages: [PairMessage] = [
        .playerConnection(playerId: "p_bob", connected: true, seq: 3),
        .drawingSent(clientDrawingId: "c_8f2abcde", drawingId: "d_1", seq: 4),
        .drawingSent(clientDrawingId: "c_8f2abcde", drawingId: "d_1", seq: nil),
        .drawingReceived(item, seq: 4),
        .guessResult(drawingId: "d_1", correct: false, close: true, gained: 0),
        .chat(playerId: "p_bob", text: "tree", drawingId: "d_1", seq: 5),
        .drawingGuessed(resolution, seq: 6),
        .drawingRevealed(
            DrawingResolution(
                drawingId: "d_2", guesserId: nil, word: "pear", attempts: 0, gained: 0, drawerGained: 0, streak: 0, scores: ["p_ada": 50]),
            seq: 7),
        .unpaired(by: "p_ada", seq: 8),
        .error(ProtocolError(.invalidTarget, "no such drawing", ref: "guess")),
    ]

    @Test(arguments: messages)
    func roundTrips(message: PairMessage) throws {
        let data = try JSONEncoder().encode(message)
        #expect(try JSONDecoder().decode(PairMessage.self, from: data) == message)
        let object = try JSON.object(message)
        #expect(object["type"] as? String == message.typeName)
        #expect((object["seq"] as? Int) == message.seq)
    }

    @Test("drawingReceived carries exactly the inbox item's fields, never a word")
    func receivedFields() throws {
        let object = try JSON.object(PairMessage.drawingReceived(Self.item, seq: 4))
        #expect(Set(object.keys) == ["type", "seq", "drawingId", "fromId", "hint", "sentAt", "attempts", "strokes"])
    }

    @Test("the pair roomState has exactly the contract's fields, with code and pair null where they do not apply")
    func roomStateFields() throws {
        let waiting = PairRoomSnapshot.waiting(seq: 0, code: "K7PQ2M", player: "p_ada", name: "Ada")
        let object = try JSON.object(waiting)
        #expect(Set(object.keys) == ["type", "seq", "code", "mode", "phase", "players", "pair", "draft", "inbox", "sent"])
        #expect(object["mode"] as? String == "pair")
        #expect(object["phase"] as? String == "waiting")
        #expect(object["pair"] is NSNull)
        #expect(try JSONDecoder().decode(PairRoomSnapshot.self, from: JSONEncoder().encode(waiting)) == waiting)

        let paired = PairRoomSnapshot(
            seq: 9, code: nil, phase: .paired, players: [.init(id: "p_bob", name: "Bob", connected: true)],
            pair: .init(pairId: "pr_1", since: 1_732_230_000_000, scores: ["p_bob": 80], streak: 1),
            draft: .init(clientDrawingId: "c_8f2abcde", word: "moon", strokes: []), inbox: [Self.item],
            sent: [PairSentItem(drawingId: "d_9", clientDrawingId: "c_00000009", word: "sun", sentAt: 1, attempts: 0)])
        let pairedObject = try JSON.object(paired)
        #expect(pairedObject["code"] is NSNull)
        #expect(try JSONDecoder().decode(PairRoomSnapshot.self, from: JSONEncoder().encode(paired)) == paired)
    }
}
