import DoodleCore

/// Pairs in the database: codes, forming a pair, the live pair's state, and every change a pair
/// room makes. Each call is one transaction, durable before it returns: a pair drawing is the
/// sender's only copy once its client drops the draft, so `store` is what `drawingSent` waits for.
/// Back ends created to queue notifications write each `PushNotification` given here to the
/// outbox in the same transaction as its cause.
public protocol PairRepository: Sendable {
    /// The player's live pair, or its open code, opening one drawn from `newCode` if it has
    /// none. `newCode` is called again if a drawn code exists already.
    func membership(of player: PlayerID, now: Int64, newCode: @escaping @Sendable () -> String) async throws -> PairMembership

    /// The player's live pair, without opening a code.
    func pairId(of player: PlayerID) async throws -> String?

    /// Who a pair drawing is between and where it stands.
    func parties(ofDrawing drawingId: String) async throws -> PairDrawingParties?

    /// What a code is, for `joinRoom` and `GET /v1/rooms/{code}`.
    func code(_ code: String) async throws -> PairCodeInfo?

    /// `joiner` takes `code`: in one transaction the pair is stored, both become its members,
    /// and the code (and the joiner's own open code) are spent. Of racing joiners exactly one
    /// wins; the others find the code spent, or the owner already paired.
    /// - Parameter notifyOwner: queue a `paired` notification for the code's owner (it is away).
    func form(code: String, joiner: PlayerID, joinerName: String, pairId: String, now: Int64, notifyOwner: Bool) async throws
        -> PairFormation

    /// The live pair `pairId` as its room is loaded: partners, scores, streak, `seq`, the
    /// drawings still waiting, and both drafts. Nil once it has ended.
    func livePair(_ pairId: String) async throws -> PairStateMachine.Stored?

    /// Stores a submitted drawing, unless its sender stored that `clientDrawingId` before:
    /// then nothing is written and the earlier drawing's id is the answer. The sender's saved
    /// draft goes, now that the drawing is safe.
    ///
    /// - Parameter notification: queued with a new drawing (not with a retry), when the partner is away.
    func store(_ submission: PairSubmission, pairId: String, notification: PushNotification?) async throws -> PairStoreOutcome

    /// A pending drawing's wrong guesses so far.
    func storeAttempt(drawingId: String, attempts: Int) async throws

    /// How a drawing ended, and the pair's scores, streak and `seq` after it.
    ///
    /// - Parameter notification: queued with the resolution, when the one to tell is away.
    func storeResolution(
        _ resolution: DrawingResolution, status: PairDrawingStatus, pairId: String, seq: Int, at now: Int64,
        notification: PushNotification?
    ) async throws

    /// Saves a partner's open draft, or forgets it (nil).
    func storeDraft(of player: PlayerID, _ draft: PairDraft?, at now: Int64) async throws

    /// The pair room's latest `seq`, which never goes back, across restarts too.
    func storeSeq(_ seq: Int, pairId: String) async throws

    /// Ends the pair: no members any more, pending drawings closed, drafts gone, and a notice
    /// for each partner but `by`, to be told at its next entry if it was away.
    ///
    /// - Parameter notification: `unpaired`, queued with the ending, for a partner who is away.
    /// - Parameter toldLive: partners who hear of it now, in the room: they get no notice later.
    func end(pairId: String, by player: PlayerID, seq: Int, at now: Int64, toldLive: Set<PlayerID>, notification: PushNotification?)
        async throws

    /// Unpairings `player` has not been told of, oldest first; each is forgotten once read.
    func takeNotices(for player: PlayerID) async throws -> [(pairId: String, by: PlayerID?)]
}

extension PairRepository {
    public func form(code: String, joiner: PlayerID, joinerName: String, pairId: String, now: Int64) async throws -> PairFormation {
        try await form(code: code, joiner: joiner, joinerName: joinerName, pairId: pairId, now: now, notifyOwner: false)
    }

    public func store(_ submission: PairSubmission, pairId: String) async throws -> PairStoreOutcome {
        try await store(submission, pairId: pairId, notification: nil)
    }

    public func storeResolution(_ resolution: DrawingResolution, status: PairDrawingStatus, pairId: String, seq: Int, at now: Int64)
        async throws
    {
        try await storeResolution(resolution, status: status, pairId: pairId, seq: seq, at: now, notification: nil)
    }

    public func end(pairId: String, by player: PlayerID, seq: Int, at now: Int64) async throws {
        try await end(pairId: pairId, by: player, seq: seq, at: now, toldLive: [], notification: nil)
    }
}

/// Where a player's pair room is.
public enum PairMembership: Sendable, Equatable {
    case paired(pairId: String)
    /// Unpaired: its open code (the same one every time until it is spent).
    case open(code: String)
}

/// Who a pair drawing is between and where it stands: what a guess or give-up from outside
/// the pair room is checked against.
public struct PairDrawingParties: Sendable, Equatable {
    public var pairId: String
    public var senderKey: PlayerID
    public var recipientId: PlayerID?
    public var status: PairDrawingStatus

    public init(pairId: String, senderKey: PlayerID, recipientId: PlayerID?, status: PairDrawingStatus) {
        self.pairId = pairId
        self.senderKey = senderKey
        self.recipientId = recipientId
        self.status = status
    }
}

/// What a pair code is: whose, and whether it can still be taken.
public struct PairCodeInfo: Sendable, Equatable {
    public var ownerId: PlayerID
    public var ownerName: String
    public var isOpen: Bool

    public init(ownerId: PlayerID, ownerName: String, isOpen: Bool) {
        self.ownerId = ownerId
        self.ownerName = ownerName
        self.isOpen = isOpen
    }
}

/// How taking a code ended, in the contract's order of checks.
public enum PairFormation: Sendable, Equatable {
    case formed(pairId: String, ownerId: PlayerID)
    case codeNotFound
    case ownCode
    case alreadyPaired
    case codeSpent
}

public enum PairRepositoryError: Error, CustomStringConvertible {
    case noFreeCode

    public var description: String {
        switch self {
        case .noFreeCode: "no free pair code could be drawn"
        }
    }
}
