/// How a telephone game's chains begin (the room setting `start`).
public enum TelephoneStart: String, Sendable, Codable, Equatable, CaseIterable {
    /// Each player writes the first prompt of its chain.
    case write
    /// Each chain starts from a word of the room's pack, drawn by its first player.
    case words
}

/// What a telephone step asks of every seat.
public enum TelephoneStepKind: String, Sendable, Codable, Equatable {
    case write
    case draw
    case describe
}

/// The messages only a telephone room reads.
public enum TelephoneCommand: Sendable, Equatable {
    /// A write or describe step's text.
    case submitText(String)
    /// A draw step: the drawing as it is now.
    case submitDrawing
    /// Take the submission back while the step runs.
    case unsubmit
    /// The owner shows the next entry of the reveal.
    case revealNext

    public var typeName: String {
        switch self {
        case .submitText: "submitText"
        case .submitDrawing: "submitDrawing"
        case .unsubmit: "unsubmit"
        case .revealNext: "revealNext"
        }
    }
}

/// One player's task in a step, sent to it alone and without `seq`: the previous entry of the
/// chain it works on, and nothing of any other chain.
public struct TelephoneTask: Sendable, Equatable {
    public var step: Int
    public var chain: Int
    public var kind: TelephoneStepKind
    /// A draw step's prompt: the previous entry's text, or the chain's word.
    public var prompt: String?
    /// A describe step's drawing: the previous entry's visible strokes and fills.
    public var drawing: [CanvasItem]?

    public init(step: Int, chain: Int, kind: TelephoneStepKind, prompt: String? = nil, drawing: [CanvasItem]? = nil) {
        self.step = step
        self.chain = chain
        self.kind = kind
        self.prompt = prompt
        self.drawing = drawing
    }

    func encodeFields(into c: inout JSONEncodingContainer) throws {
        try c.put(step, "step")
        try c.put(chain, "chain")
        try c.put(kind, "kind")
        try c.putIfPresent(prompt, "prompt")
        try c.putIfPresent(drawing, "drawing")
    }

    init(from c: JSONDecodingContainer) throws {
        self.init(
            step: try c.required("step"), chain: try c.required("chain"), kind: try c.required("kind"), prompt: try c.optional("prompt"),
            drawing: try c.optional("drawing"))
    }
}

/// One entry of a chain: a text written or described, or a drawing (`drawingId` nil when
/// nothing was drawn). `text` is `""` for a write or describe entry never submitted.
public struct ChainEntry: Sendable, Equatable {
    public var kind: TelephoneStepKind
    public var playerId: PlayerID
    public var text: String?
    public var drawingId: String?

    public init(kind: TelephoneStepKind, playerId: PlayerID, text: String? = nil, drawingId: String? = nil) {
        self.kind = kind
        self.playerId = playerId
        self.text = text
        self.drawingId = drawingId
    }

    /// The wire form, in `chainEntry`, `roomState.entries` and `GET /v1/games/{id}`'s `chains`:
    /// `text` for texts, `drawingId` (null when nothing was drawn) for drawings.
    func encodeFields(into c: inout JSONEncodingContainer) throws {
        try c.put(kind, "kind")
        try c.put(playerId, "playerId")
        if kind == .draw {
            try c.putNullable(drawingId, "drawingId")
        } else {
            try c.put(text ?? "", "text")
        }
    }

    init(from c: JSONDecodingContainer) throws {
        self.init(kind: try c.required("kind"), playerId: try c.required("playerId"), text: try c.optional("text"), drawingId: try c.optional("drawingId"))
    }
}

/// Stored (with a game, in a checkpoint) in its wire form.
extension ChainEntry: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: JSONKey.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try encodeFields(into: &c)
    }
}

/// An entry as the reveal shows it: where it stands, and what it is.
public struct RevealedEntry: Sendable, Equatable {
    public var chain: Int
    public var index: Int
    public var entry: ChainEntry

    public init(chain: Int, index: Int, entry: ChainEntry) {
        self.chain = chain
        self.index = index
        self.entry = entry
    }
}

extension RevealedEntry: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(chain: try c.required("chain"), index: try c.required("index"), entry: try ChainEntry(from: c))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try encodeFields(into: &c)
    }

    func encodeFields(into c: inout JSONEncodingContainer) throws {
        try c.put(chain, "chain")
        try c.put(index, "index")
        try entry.encodeFields(into: &c)
    }
}

/// What `roomState` of a telephone room adds during and after a game: the step under way
/// (kind, deadline, who has submitted) and, during the reveal, every entry shown so far.
public struct TelephoneRoomView: Sendable, Equatable {
    public var step: Int?
    public var steps: Int?
    public var kind: TelephoneStepKind?
    public var submitted: [PlayerID]
    public var entries: [RevealedEntry]

    public init(step: Int?, steps: Int?, kind: TelephoneStepKind?, submitted: [PlayerID], entries: [RevealedEntry]) {
        self.step = step
        self.steps = steps
        self.kind = kind
        self.submitted = submitted
        self.entries = entries
    }
}

extension TelephoneRoomView {
    init(from c: JSONDecodingContainer) throws {
        self.init(
            step: try c.optional("step"), steps: try c.optional("steps"), kind: try c.optional("kind"),
            submitted: try c.optional("submitted") ?? [], entries: try c.optional("entries") ?? [])
    }
}
