import Foundation
import DoodleBot
import Testing

@Suite("The pair bot's leak watch")
struct PairLeakWatchTests {
    static let received = ##"{"type":"drawingReceived","seq":1,"drawingId":"d_1","fromId":"p_ada","hint":"___","sentAt":5,"attempts":0,"strokes":[{"kind":"stroke","id":"s_1","tool":"pen","color":"#112233","width":4,"points":[1,2,3,4]},{"kind":"stroke","id":"s_2","tool":"eraser","width":9,"points":[5,6]}]}"##

    @Test("a canvas item's tool, kind and colour are no leak, even of a drawing whose word is \"pen\" or \"eraser\"")
    func canvasVocabularyIsNotALeak() {
        for word in ["pen", "eraser", "stroke"] {
            var watch = PairLeakWatch()
            watch.watch("d_1")
            watch.record(Self.received, me: "p_bot", received: ["d_1"])
            #expect(watch.resolve("d_1", word: word) == nil, "\(word)")
        }
    }

    @Test("the word in any other string of a frame is a leak")
    func wordElsewhereIsALeak() {
        var watch = PairLeakWatch()
        watch.watch("d_1")
        watch.record(Self.received.replacingOccurrences(of: #""hint":"___""#, with: #""hint":"pen""#), me: "p_bot", received: ["d_1"])
        #expect(watch.resolve("d_1", word: "pen") == "drawingReceived")
    }
}
