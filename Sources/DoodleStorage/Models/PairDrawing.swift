import DoodleCore

/// One drawing a partner sent the other, as the pair HTTP routes list it for one viewer.
/// `word` is there only where the viewer may see it (`wordVisible`); in JSON it is then absent.
public struct PairDrawing: Sendable, Equatable, Encodable {
    public var drawingId: String
    public var pairId: String
    /// nil once the sender deleted itself.
    public var fromId: PlayerID?
    /// The sender's current name, else the one the pair recorded; "deleted player" once deleted.
    public var fromName: String
    /// nil once the recipient deleted itself.
    public var toId: PlayerID?
    /// Milliseconds since 1970.
    public var sentAt: Int64
    public var status: PairDrawingStatus
    public var attempts: Int
    public var word: String?
    /// What is on the canvas at the end (after undo and clear), as `roomState.strokes` lists it.
    public var strokes: [CanvasItem]

    public init(
        drawingId: String, pairId: String, fromId: PlayerID?, fromName: String, toId: PlayerID?, sentAt: Int64,
        status: PairDrawingStatus, attempts: Int, word: String?, strokes: [CanvasItem]
    ) {
        self.drawingId = drawingId
        self.pairId = pairId
        self.fromId = fromId
        self.fromName = fromName
        self.toId = toId
        self.sentAt = sentAt
        self.status = status
        self.attempts = attempts
        self.word = word
        self.strokes = strokes
    }

    /// Whether `viewer` may read the word: the sender always; the recipient once it guessed or
    /// gave up, never while pending, and never for a drawing closed by an unpairing.
    public static func wordVisible(to viewer: PlayerID, senderId: PlayerID?, recipientId: PlayerID?, status: PairDrawingStatus) -> Bool {
        if viewer == senderId { return true }
        guard viewer == recipientId else { return false }
        switch status {
        case .guessed, .gaveUp: return true
        case .pending, .closed: return false
        }
    }

    enum CodingKeys: String, CodingKey {
        case drawingId, pairId, fromId, fromName, toId, sentAt, status, attempts, word, strokes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(drawingId, forKey: .drawingId)
        try container.encode(pairId, forKey: .pairId)
        try container.encode(fromId, forKey: .fromId)
        try container.encode(fromName, forKey: .fromName)
        try container.encode(toId, forKey: .toId)
        try container.encode(sentAt, forKey: .sentAt)
        try container.encode(status, forKey: .status)
        try container.encode(attempts, forKey: .attempts)
        try container.encodeIfPresent(word, forKey: .word)
        try container.encode(strokes, forKey: .strokes)
    }
}

/// A pair drawing with its full stroke record, for `GET /v1/drawings/{id}`: the listing's fields
/// plus `resolvedAt` (null while pending) and `actions`, the record in arrival order.
public struct PairDrawingDetails: Sendable, Equatable, Encodable {
    public var drawing: PairDrawing
    public var resolvedAt: Int64?
    public var actions: [DrawingAction]

    public init(drawing: PairDrawing, resolvedAt: Int64?, actions: [DrawingAction]) {
        self.drawing = drawing
        self.resolvedAt = resolvedAt
        self.actions = actions
    }

    enum CodingKeys: String, CodingKey {
        case resolvedAt, actions
    }

    public func encode(to encoder: any Encoder) throws {
        try drawing.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(resolvedAt, forKey: .resolvedAt)
        try container.encode(actions, forKey: .actions)
    }
}

/// Which side of a player's pair history to list.
public enum PairBox: String, Sendable, CaseIterable {
    /// Drawings sent to the player.
    case received
    /// Drawings the player sent.
    case sent
}

/// One page of a player's pair history, newest first. `nextBefore` is the last drawing's id
/// when more follow (pass it as `before`), else nil.
public struct PairDrawingPage: Sendable, Equatable, Encodable {
    public var drawings: [PairDrawing]
    public var nextBefore: String?

    public init(drawings: [PairDrawing], nextBefore: String?) {
        self.drawings = drawings
        self.nextBefore = nextBefore
    }

    /// The page from up to `limit + 1` drawings fetched newest first: one past `limit` means
    /// there is a next page, which starts after the page's last drawing.
    init(fetched: [PairDrawing], limit: Int) {
        let kept = Array(fetched.prefix(max(limit, 0)))
        self.init(drawings: kept, nextBefore: fetched.count > kept.count ? kept.last?.drawingId : nil)
    }

    enum CodingKeys: String, CodingKey {
        case drawings, nextBefore
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(drawings, forKey: .drawings)
        try container.encode(nextBefore, forKey: .nextBefore)
    }
}

/// A live pair as one partner sees it: `GET /v1/me/pair` when paired.
public struct PairOverview: Sendable, Equatable {
    public var pairId: String
    public var partnerId: PlayerID
    public var partnerName: String
    /// Milliseconds since 1970.
    public var since: Int64
    /// Points within this pair, by partner id.
    public var scores: [PlayerID: Int]
    public var streak: Int

    public init(pairId: String, partnerId: PlayerID, partnerName: String, since: Int64, scores: [PlayerID: Int], streak: Int) {
        self.pairId = pairId
        self.partnerId = partnerId
        self.partnerName = partnerName
        self.since = since
        self.scores = scores
        self.streak = streak
    }
}
