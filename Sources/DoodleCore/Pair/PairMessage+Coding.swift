/// The pair room's messages on the wire (PROTOCOL.md rev 3, "Pair mode" and its fine print):
/// flat objects with a `type`, as every other message.
extension PairMessage: Codable {
    public var typeName: String {
        switch self {
        case .playerConnection: "playerConnection"
        case .drawingSent: "drawingSent"
        case .drawingReceived: "drawingReceived"
        case .guessResult: "guessResult"
        case .chat: "chat"
        case .drawingGuessed: "drawingGuessed"
        case .drawingRevealed: "drawingRevealed"
        case .unpaired: "unpaired"
        case .wordSuggestions: "wordSuggestions"
        case .error: "error"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(typeName, "type")
        try c.putIfPresent(seq, "seq")
        switch self {
        case .playerConnection(let playerId, let connected, _):
            try c.put(playerId, "playerId")
            try c.put(connected, "connected")
        case .drawingSent(let clientDrawingId, let drawingId, _):
            try c.put(clientDrawingId, "clientDrawingId")
            try c.put(drawingId, "drawingId")
        case .drawingReceived(let item, _):
            try item.encodeFields(into: &c)
        case .guessResult(let drawingId, let correct, let close, let gained):
            try c.put(drawingId, "drawingId")
            try c.put(correct, "correct")
            try c.put(close, "close")
            try c.put(gained, "gained")
        case .chat(let playerId, let text, let drawingId, _):
            try c.put(playerId, "playerId")
            try c.put(text, "text")
            try c.put(drawingId, "drawingId")
        case .drawingGuessed(let resolution, _):
            try c.put(resolution.drawingId, "drawingId")
            try c.putIfPresent(resolution.guesserId, "guesserId")
            try c.put(resolution.word, "word")
            try c.put(resolution.attempts, "attempts")
            try c.put(resolution.gained, "gained")
            try c.put(resolution.drawerGained, "drawerGained")
            try c.put(resolution.streak, "streak")
            try c.put(resolution.scores, "scores")
        case .drawingRevealed(let resolution, _):
            try c.put(resolution.drawingId, "drawingId")
            try c.put(resolution.word, "word")
            try c.put(resolution.streak, "streak")
            try c.put(resolution.scores, "scores")
        case .unpaired(let by, _):
            try c.put(by, "by")
        case .wordSuggestions(let words):
            try c.put(words, "words")
        case .error(let error):
            try error.encodeFields(into: &c)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let type: String = try c.required("type")
        switch type {
        case "playerConnection":
            self = .playerConnection(playerId: try c.required("playerId"), connected: try c.required("connected"), seq: try c.required("seq"))
        case "drawingSent":
            self = .drawingSent(clientDrawingId: try c.required("clientDrawingId"), drawingId: try c.required("drawingId"), seq: try c.optional("seq"))
        case "drawingReceived":
            self = .drawingReceived(try PairInboxItem(from: c), seq: try c.required("seq"))
        case "guessResult":
            self = .guessResult(
                drawingId: try c.required("drawingId"), correct: try c.required("correct"), close: try c.required("close"),
                gained: try c.required("gained"))
        case "chat":
            self = .chat(playerId: try c.required("playerId"), text: try c.required("text"), drawingId: try c.required("drawingId"), seq: try c.required("seq"))
        case "drawingGuessed":
            self = .drawingGuessed(
                DrawingResolution(
                    drawingId: try c.required("drawingId"), guesserId: try c.optional("guesserId"), word: try c.required("word"),
                    attempts: try c.required("attempts"), gained: try c.required("gained"), drawerGained: try c.required("drawerGained"),
                    streak: try c.required("streak"), scores: try c.required("scores")),
                seq: try c.required("seq"))
        case "drawingRevealed":
            // Attempts and gains are not on the wire for a reveal: they are known to be none.
            self = .drawingRevealed(
                DrawingResolution(
                    drawingId: try c.required("drawingId"), guesserId: nil, word: try c.required("word"), attempts: 0, gained: 0,
                    drawerGained: 0, streak: try c.required("streak"), scores: try c.required("scores")),
                seq: try c.required("seq"))
        case "unpaired":
            self = .unpaired(by: try c.required("by"), seq: try c.optional("seq"))
        case "wordSuggestions":
            self = .wordSuggestions(try c.required("words"))
        case "error":
            self = .error(try ProtocolError(from: c))
        default:
            throw DecodingError.dataCorruptedError(forKey: "type", in: c, debugDescription: "not a pair message: '\(type)'")
        }
    }
}

extension PairInboxItem {
    func encodeFields(into c: inout JSONEncodingContainer) throws {
        try c.put(drawingId, "drawingId")
        try c.put(fromId, "fromId")
        try c.put(hint, "hint")
        try c.put(sentAt, "sentAt")
        try c.put(attempts, "attempts")
        try c.put(strokes, "strokes")
    }

    init(from c: JSONDecodingContainer) throws {
        self.init(
            drawingId: try c.required("drawingId"), fromId: try c.required("fromId"), hint: try c.required("hint"),
            sentAt: try c.required("sentAt"), attempts: try c.required("attempts"), strokes: try c.required("strokes"))
    }
}

extension PairInboxItem: Codable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try encodeFields(into: &c)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: JSONKey.self))
    }
}
