import DoodleCore
import Foundation
import Testing

@testable import DoodleServer

@Suite("Fast decoding of client strokes")
struct ClientStrokeDecodingTests {
    static let acceptedInputs: [String] = [
        #"{"type":"strokePoints","strokeId":7,"points":[1,2,30,40]}"#,
        #"{ "strokeId" : 7 , "type" : "strokePoints", "points" : [ ] } "#,
        ##"{"type":"strokeBegin","strokeId":7,"tool":"pen","color":"#1a2b3c","width":8,"points":[1,2]}"##,
        #"{"type":"strokeBegin","strokeId":7,"tool":"eraser","width":8,"points":[1,-2]}"#,
        ##"{"type":"strokeBegin","strokeId":7,"tool":"eraser","color":"#ffffff","width":8,"points":[0,2]}"##,
        #"{"type":"strokeEnd","strokeId":0}"#,
    ]

    /// Left to JSONDecoder: malformed, unusual or simply not a plain stroke.
    static let declinedInputs: [String] = [
        #"{"type":"strokeEnd","strokeId":"7"}"#,
        ##"{"type":"strokeBegin","strokeId":7,"tool":"pen","color":"#000000","width":8.5,"points":[1,2]}"##,
        #"{"type":"strokePoints","strokeId":7,"points":[1,2.25]}"#,
        #"{"type":"strokePoints","strokeId":7,"points":[1,2e3]}"#,
        #"{"type":"strokePoints","strokeId":07,"points":[1,2]}"#,
        #"{"type":"strokePoints","strokeId":7,"strokeId":8,"points":[1,2]}"#,
        #"{"type":"strokePoints","strokeId":7,"points":[1,2],"extra":1}"#,
        #"{"type":"strokePoints","strokeId":7,"points":[1,2]} x"#,
        #"{"type":"strokePoints","strokeId":7,"points":[1,2]"#,
        #"{"type":"strokePoints","strokeId":12345678901234567890,"points":[1,2]}"#,
        #"{"type":"strokeBegin","strokeId":7,"tool":"pen","width":8,"points":[1,2]}"#,
        #"{"type":"str\u006bePoints","strokeId":7,"points":[1,2]}"#,
        #"{"type":"guess","text":"cat"}"#,
        #"{"type":"undo"}"#,
        "[]",
        "",
    ]

    /// Found by fuzzing (docs/fuzzing.md): a value that did not read left the scanner inside it,
    /// and the reader carried on from there, accepting what is not JSON at all. The first is the
    /// fuzzer's own input (Tests/Fuzz/ClientStroke/corpus/found-strokeid-empty-values).
    static let invalidJSONAfterAnUnreadableValue: [String] = [
        #"{"type":"strokeBegin","strokeId": ,"strokeId":- ,"strokeId":  ,"strokeId":8,"tool":"eraser","width":24,"points":[100,200,101,202]}"#,
        #"{"type":"strokeEnd","strokeId":,"strokeId":5}"#,
        "{\"type\":\"strokeEnd\",\"strokeId\":1,\"tool\":\"\t}",
        "{\"type\":\"strokeBegin\",\"strokeId\":7,\"tool\":\"eraser\",\"color\":\"\t,\"width\":8,\"points\":[1,2]}",
        #"{"type":"strokeEnd","strokeId":-,"strokeId":5}"#,
        #"{"type":"strokePoints","strokeId":-,"strokeId":5,"points":[]}"#,
    ]

    @Test("accepts plain strokes and decodes them as JSONDecoder does", arguments: acceptedInputs)
    func accepted(text: String) throws {
        let fast = try #require(DrawingJSON.decodeClientStroke(text))
        #expect(fast == (try JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8))))
    }

    @Test("declines anything else", arguments: declinedInputs)
    func declined(text: String) {
        #expect(DrawingJSON.decodeClientStroke(text) == nil)
    }

    @Test("declines what JSONDecoder rejects, even after a field it could not read", arguments: invalidJSONAfterAnUnreadableValue)
    func declinesInvalidJSON(text: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8)) }
        #expect(DrawingJSON.decodeClientStroke(text) == nil)
    }
}
