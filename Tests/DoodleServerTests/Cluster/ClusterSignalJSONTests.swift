import DoodleCore
import DoodleStorage
import Foundation
import Testing

@testable import DoodleServer

/// What travels between nodes on PostgreSQL: every signal survives its JSON unchanged, and
/// what cannot be read is refused rather than misread.
@Suite("Cluster signals as JSON")
struct ClusterSignalJSONTests {
    static let stroke = CanvasItem.stroke(
        StrokeBegin(strokeId: 3, tool: .pen, color: "#112233", width: 4, points: PointList([1, 2, 30, 40])))

    static let signals: [ClusterSignal] = [
        ClusterSignal(.connected(player: "p_ada", nodeID: "n_a", at: 1_700_000_000_123)),
        ClusterSignal(.pairCall(callID: 1, from: "n_a", call: .upload(PairUpload(clientDrawingId: "c1", word: "cat", items: [stroke, .fill(FillAction(x: 5, y: 6, color: "#ffffff"))]), by: "p_ada"))),
        ClusterSignal(.pairCall(callID: 2, from: "n_a", call: .guess(drawingId: "d_1", text: "a \"cat\" ✏️", by: "p_bob"))),
        ClusterSignal(.pairCall(callID: 3, from: "n_a", call: .giveUp(drawingId: "d_1", by: "p_bob"))),
        ClusterSignal(.pairCall(callID: UInt64.max, from: "n_a", call: .unpair(by: "p_bob"))),
        ClusterSignal(.pairAnswer(callID: 1, answer: .uploaded(PairUploadReceipt(drawingId: "d_2", created: true)))),
        ClusterSignal(.pairAnswer(callID: 2, answer: .guessed(PairGuessAnswer(drawingId: "d_1", correct: false, close: true, gained: 0)))),
        ClusterSignal(.pairAnswer(callID: 3, answer: .gaveUp(word: "cat"))),
        ClusterSignal(.pairAnswer(callID: 4, answer: .unpaired(pairId: "pr_1"))),
        ClusterSignal(.pairAnswer(callID: 5, answer: .failed(.notFound))),
        ClusterSignal(.pairAnswer(callID: 6, answer: .failed(.refused(ProtocolError(.rateLimited, "slow down", ref: "guess"))))),
        ClusterSignal(.pairAnswer(callID: 7, answer: .failed(.refused(ProtocolError(.notPaired, "no partner"))))),
        ClusterSignal(.pairAnswer(callID: 8, answer: .failed(.hostedElsewhere(ClusterNode(id: "n_b", url: "ws://b/v1/ws"))))),
        ClusterSignal(.pairAnswer(callID: 9, answer: .failed(.hostUnreachable(retryAfterSeconds: 15)))),
        ClusterSignal(.headsChanged(players: ["p_ada", "p_bob"])),
        ClusterSignal(.headsChanged(players: nil)),
        ClusterSignal(.deviceRevoked(player: "p_ada", tokenHash: String(repeating: "9f", count: 32))),
    ]

    @Test("every kind of signal, in an envelope, reads back as it was sent", arguments: signals)
    func roundTrip(_ signal: ClusterSignal) throws {
        for from in [nil, "n_a"] {
            let envelope = DatabaseClusterSignals.Envelope(from: from, signal: signal)
            let text = try DatabaseClusterSignals.encode(envelope)
            #expect(try JSONDecoder().decode(DatabaseClusterSignals.Envelope.self, from: Data(text.utf8)) == envelope)
        }
    }

    @Test("a signal of an unknown kind or with a field missing is refused", arguments: [
        #"{"signal":{"kind":"teleport","node":"n_a"}}"#,
        #"{"signal":{"kind":"connected","player":"p_1","at":1}}"#,
        #"{"signal":{"kind":"pairCall","callId":1,"from":"n_a","call":{"action":"dance","by":"p_1"}}}"#,
        #"{"signal":{"kind":"pairAnswer","callId":1,"answer":{"outcome":"failed","error":{"kind":"refused","code":"no_such_code","message":"x"}}}}"#,
        #"{"signal":{"kind":"pairAnswer","callId":-1,"answer":{"outcome":"gaveUp","word":"cat"}}}"#,
        #"{"signal":{"kind":"deviceRevoked","player":"p_1"}}"#,
    ])
    func refused(_ text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DatabaseClusterSignals.Envelope.self, from: Data(text.utf8)) }
    }
}
