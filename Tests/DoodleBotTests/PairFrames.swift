import DoodleClient

/// Pair-mode server frames as the contract (PROTOCOL.md rev 3) writes them, for feeding a pair
/// bot's brain. Written as JSON text, so the client's decoding is under test too.
enum PairFrames {
    static let me = "p_bot"
    static let partner = "p_ada"

    static func frame(_ json: String) -> ServerFrame {
        ServerFrame(text: json, message: nil)
    }

    static let welcome = frame(#"{"type":"welcome","protocol":1,"playerId":"p_bot","name":"Pair1a","token":"secret","serverTime":0}"#)

    static func waiting(seq: Int = 0, code: String = "K7PQ2M") -> ServerFrame {
        frame(
            #"{"type":"roomState","seq":\#(seq),"code":"\#(code)","mode":"pair","phase":"waiting","players":[{"id":"p_bot","name":"Pair1a","connected":true}],"pair":null,"draft":null,"inbox":[],"sent":[]}"#
        )
    }

    /// The pair room; `inbox` and `sent` are JSON arrays, `draft` a JSON object or null.
    static func paired(seq: Int, inbox: String = "[]", sent: String = "[]", draft: String = "null") -> ServerFrame {
        frame(
            #"{"type":"roomState","seq":\#(seq),"code":null,"mode":"pair","phase":"paired","players":[{"id":"p_bot","name":"Pair1a","connected":true},{"id":"p_ada","name":"Ada","connected":true}],"pair":{"pairId":"pr_1","since":1,"scores":{"p_bot":0,"p_ada":0},"streak":0},"draft":\#(draft),"inbox":\#(inbox),"sent":\#(sent)}"#
        )
    }

    static func inboxItem(_ drawingId: String, hint: String = "____") -> String {
        ##"{"drawingId":"\##(drawingId)","fromId":"p_ada","hint":"\##(hint)","sentAt":5,"attempts":0,"strokes":[{"kind":"fill","x":10,"y":20,"color":"#ffcc00"}]}"##
    }

    static func drawingReceived(_ drawingId: String, seq: Int, hint: String = "____") -> ServerFrame {
        frame(
            ##"{"type":"drawingReceived","seq":\##(seq),"drawingId":"\##(drawingId)","fromId":"p_ada","hint":"\##(hint)","sentAt":5,"attempts":0,"strokes":[{"kind":"fill","x":10,"y":20,"color":"#ffcc00"}]}"##
        )
    }

    static func drawingSent(_ clientDrawingId: String, _ drawingId: String, seq: Int?) -> ServerFrame {
        let seqField = seq.map { #","seq":\#($0)"# } ?? ""
        return frame(#"{"type":"drawingSent"\#(seqField),"clientDrawingId":"\#(clientDrawingId)","drawingId":"\#(drawingId)"}"#)
    }

    static func guessResult(_ drawingId: String, correct: Bool, close: Bool = false) -> ServerFrame {
        frame(#"{"type":"guessResult","drawingId":"\#(drawingId)","correct":\#(correct),"close":\#(close),"gained":\#(correct ? 100 : 0)}"#)
    }

    static func drawingGuessed(_ drawingId: String, word: String, seq: Int, guesser: String = me) -> ServerFrame {
        frame(
            #"{"type":"drawingGuessed","seq":\#(seq),"drawingId":"\#(drawingId)","guesserId":"\#(guesser)","word":"\#(word)","attempts":1,"gained":100,"drawerGained":50,"streak":1,"scores":{"p_bot":100,"p_ada":50}}"#
        )
    }

    static func drawingRevealed(_ drawingId: String, word: String, seq: Int) -> ServerFrame {
        frame(#"{"type":"drawingRevealed","seq":\#(seq),"drawingId":"\#(drawingId)","word":"\#(word)","streak":0,"scores":{"p_bot":0,"p_ada":0}}"#)
    }

    static func chat(_ drawingId: String, text: String, seq: Int, from player: String = partner) -> ServerFrame {
        frame(#"{"type":"chat","seq":\#(seq),"playerId":"\#(player)","text":"\#(text)","drawingId":"\#(drawingId)"}"#)
    }

    static func unpaired(by player: String, seq: Int?) -> ServerFrame {
        let seqField = seq.map { #","seq":\#($0)"# } ?? ""
        return frame(#"{"type":"unpaired"\#(seqField),"by":"\#(player)"}"#)
    }

    static func error(_ code: String, ref: String) -> ServerFrame {
        frame(#"{"type":"error","code":"\#(code)","message":"no","ref":"\#(ref)"}"#)
    }
}
