/// One formed pair's room as a value: who is present, each partner's draft, the drawings still
/// waiting to be guessed, scores and streak (PROTOCOL.md rev 3, "Pair mode"). No I/O and no
/// clock: every event carries `now`, and the result is the effects for the pair's actor to
/// carry out — messages, and what to store. Storage is the arbiter of what was submitted: a
/// submit is only answered once storage has reported back (`stored`).
public struct PairStateMachine: Sendable {
    public let pairId: String
    public let since: Int64
    let rules: PairRules
    let limits: LimitRules
    public internal(set) var seq: Int
    var partners: [Partner]
    public internal(set) var scores: [PlayerID: Int]
    public internal(set) var streak: Int
    var drafts: [PlayerID: PairDraft]
    /// Stored drawings not yet guessed or given up, oldest first.
    var pending: [PendingDrawing]
    /// Submissions handed to storage and not yet reported back, with the submits waiting on them.
    var storing: [String: Storing] = [:]
    /// Client drawing ids known to be stored, per sender, with their drawing ids.
    var storedIds: [PlayerID: [String: String]] = [:]
    var random: SeededRandom
    /// Where `suggestWords` draws from: the default word pack.
    let suggestionWords: [String]
    public internal(set) var isEnded = false

    struct Partner: Sendable {
        var id: PlayerID
        var name: String
        var connected = false
    }

    struct PendingDrawing: Sendable {
        var submission: PairSubmission
        var attempts: Int
        var normalizedWord: String
    }

    struct Storing: Sendable {
        var submission: PairSubmission
        /// Repeated submits of the same drawing while it was being stored.
        var repeats = 0
    }

    /// What a pair room is loaded from.
    public struct Stored: Sendable {
        public var pairId: String
        public var since: Int64
        /// Both partners, the one who owned the code first.
        public var partners: [(id: PlayerID, name: String)]
        public var seq: Int
        public var scores: [PlayerID: Int]
        public var streak: Int
        public var pending: [(submission: PairSubmission, attempts: Int)]
        public var drafts: [PlayerID: PairDraftRecord]

        public init(
            pairId: String, since: Int64, partners: [(id: PlayerID, name: String)], seq: Int = 0, scores: [PlayerID: Int] = [:],
            streak: Int = 0, pending: [(submission: PairSubmission, attempts: Int)] = [], drafts: [PlayerID: PairDraftRecord] = [:]
        ) {
            self.pairId = pairId
            self.since = since
            self.partners = partners
            self.seq = seq
            self.scores = scores
            self.streak = streak
            self.pending = pending
            self.drafts = drafts
        }
    }

    public init(_ stored: Stored, rules: PairRules, limits: LimitRules, suggestionWords: [String] = [], seed: UInt64) {
        precondition(stored.partners.count == 2, "a pair has two partners")
        pairId = stored.pairId
        since = stored.since
        self.rules = rules
        self.limits = limits
        seq = stored.seq
        partners = stored.partners.map { Partner(id: $0.id, name: $0.name) }
        scores = Dictionary(uniqueKeysWithValues: stored.partners.map { ($0.id, stored.scores[$0.id] ?? 0) })
        streak = stored.streak
        drafts = stored.drafts.mapValues { record in
            PairDraft(replaying: record.actions, clientDrawingId: record.clientDrawingId, word: record.word, limits: limits)
        }
        pending = stored.pending.map {
            PendingDrawing(submission: $0.submission, attempts: $0.attempts, normalizedWord: GuessNormalizer.normalize($0.submission.word))
        }
        for item in stored.pending {
            storedIds[item.submission.senderId, default: [:]][item.submission.clientDrawingId] = item.submission.drawingId
        }
        random = SeededRandom(seed: seed)
        self.suggestionWords = suggestionWords
    }

    public var partnerIDs: [PlayerID] { partners.map(\.id) }

    public func isPartner(_ player: PlayerID) -> Bool { partners.contains { $0.id == player } }

    public func partner(of player: PlayerID) -> PlayerID? { partners.first { $0.id != player }?.id }

    /// A partner renamed itself: the next `roomState`s show it (a pair room has no rename event).
    public mutating func rename(_ player: PlayerID, to name: String) {
        guard let index = partners.firstIndex(where: { $0.id == player }) else { return }
        partners[index].name = name
    }

    /// A partner's name as the pair room knows it.
    public func name(of player: PlayerID) -> String? { partners.first { $0.id == player }?.name }

    // MARK: - Presence

    /// The pair has just formed: the partners who are there enter together, and the room's
    /// first `roomState` (at `seq` 0) is all they are told.
    public mutating func formed(present: [PlayerID]) {
        for index in partners.indices where present.contains(partners[index].id) {
            partners[index].connected = true
        }
    }

    /// A partner entered the pair room (or came back on a new connection).
    public mutating func connect(_ player: PlayerID) -> [PairEffect] {
        guard let index = partners.firstIndex(where: { $0.id == player }), !partners[index].connected else { return [] }
        partners[index].connected = true
        return [broadcast(.playerConnection(playerId: player, connected: true, seq: nextSeq()))]
    }

    /// A partner's connection ended or it left: its draft is stored so nothing it drew is lost.
    public mutating func disconnect(_ player: PlayerID) -> [PairEffect] {
        guard let index = partners.firstIndex(where: { $0.id == player }), partners[index].connected else { return [] }
        partners[index].connected = false
        return [
            broadcast(.playerConnection(playerId: player, connected: false, seq: nextSeq())),
            .storeDraft(player, drafts[player]),
        ]
    }

    // MARK: - Helpers

    mutating func nextSeq() -> Int {
        seq += 1
        return seq
    }

    func broadcast(_ message: PairMessage) -> PairEffect {
        .send(to: partnerIDs, message)
    }

    func error(_ code: ErrorCode, _ message: String, to player: PlayerID, ref: String) -> [PairEffect] {
        [.send(to: [player], .error(ProtocolError(code, message, ref: ref)))]
    }
}
