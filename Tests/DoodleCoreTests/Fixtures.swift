import Foundation
import Testing

@testable import DoodleCore

/// Shared test fixtures: the real rules, a small word pack, a room harness with a test clock,
/// and helpers to pick messages out of `[RoomEffect]`.
enum Fixtures {
    /// …/Tests/DoodleCoreTests/Fixtures.swift → repository root.
    static let repoRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let rulesFolder = repoRoot + "/GameRules"
    static let rulesPath = rulesFolder + "/rules.json"

    /// The words of the default test pack: all at least 5 letters (so the default `hints` 2 always
    /// gives 2 reveals), none a substring of a JSON key, enum value, player id or name used here.
    static let words = ["apple", "banana", "cherry", "dragon", "eagle", "forest", "guitar", "hammer", "island", "jacket"]

    static func rulesData() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: rulesPath))
    }

    /// The real `GameRules/rules.json`, decoded and validated (independent of the word packs).
    static func rules() throws -> GameRules {
        try RulesLoader.decodeRules(try rulesData(), path: rulesPath)
    }

    /// The blocklist test rooms get: made-up curses, so that tests read plainly. One is a phrase.
    static let blocklist = Blocklist(terms: ["frak", "gorram", "smeg head"])

    static func pack(_ words: [String] = Fixtures.words) -> WordPack {
        WordPack(name: "en", words: words)
    }

    static let names = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Max", "Ned", "Oz", "Pia"]

    static func id(_ name: String) -> PlayerID { "p_" + name.lowercased() }

    static let start: Int64 = 1_700_000_000_000

    /// A party room created by `players[0]` and joined by the others (in order) at `start`.
    /// - Parameter otherPacks: installed besides the `en` pack of `words`.
    static func makeMachine(
        players: Int = 3, settings patch: SettingsPatch = SettingsPatch(), seed: UInt64 = 42,
        words: [String] = Fixtures.words, otherPacks: [WordPack] = [], rules customRules: GameRules? = nil,
        startsOnItsOwn: Bool = false, blocklist: Blocklist = Fixtures.blocklist
    ) throws -> Harness {
        let rules = try customRules ?? Fixtures.rules()
        let settings = rules.defaultSettings.merged(with: patch)
        let creator = names[0]
        var installed = ["en": pack(words)]
        for other in otherPacks { installed[other.name] = other }
        var harness = Harness(
            machine: RoomStateMachine(
                code: "K7PQ2M", mode: .party, settings: settings, creator: id(creator), creatorName: creator,
                rules: rules, packs: installed, blocklist: blocklist, seed: seed, startsOnItsOwn: startsOnItsOwn, createdAt: start),
            now: start)
        harness.apply(harness.machine.creationEffects())
        for name in names[1..<players] {
            _ = try harness.join(id(name), name: name).get()
        }
        return harness
    }
}

/// A room plus a test clock. Every effect is logged with the time it was produced and every
/// message is appended to its recipients' inboxes, as a room actor would deliver them.
struct Harness {
    struct Logged {
        var at: Int64
        var effect: RoomEffect
    }

    var machine: RoomStateMachine
    var now: Int64
    var inbox: [PlayerID: [ServerMessage]] = [:]
    var log: [Logged] = []

    init(machine: RoomStateMachine, now: Int64) {
        self.machine = machine
        self.now = now
    }

    /// Members in join order.
    var members: [PlayerID] { machine.memberIDs }

    @discardableResult
    mutating func apply(_ effects: [RoomEffect]) -> [RoomEffect] {
        for effect in effects {
            log.append(Logged(at: now, effect: effect))
            if case .send(let recipients, let message) = effect {
                for player in recipients { inbox[player, default: []].append(message) }
            }
        }
        return effects
    }

    /// Sends what a client would: the message as a party room reads it (the session refuses
    /// the others before a room sees them).
    @discardableResult
    mutating func send(_ message: ClientMessage, from player: PlayerID, sourceLocation: SourceLocation = #_sourceLocation) -> [RoomEffect] {
        guard let partyMessage = message.forPartyRoom else {
            Issue.record("\(message.typeName) never reaches a party room", sourceLocation: sourceLocation)
            return []
        }
        return apply(machine.handle(partyMessage, from: player, now: now))
    }

    @discardableResult
    mutating func guess(_ text: String, from player: PlayerID) -> [RoomEffect] {
        send(.guess(text: text), from: player)
    }

    @discardableResult
    mutating func draw(_ action: DrawingAction, from player: PlayerID) -> [RoomEffect] {
        send(.draw(action), from: player)
    }

    mutating func join(_ player: PlayerID, name: String) -> Result<[RoomEffect], ProtocolError> {
        let result = machine.join(player, name: name, now: now)
        if case .success(let effects) = result { apply(effects) }
        return result
    }

    @discardableResult
    mutating func leave(_ player: PlayerID) -> [RoomEffect] { apply(machine.leave(player, now: now)) }

    @discardableResult
    mutating func disconnect(_ player: PlayerID) -> [RoomEffect] { apply(machine.disconnect(player, now: now)) }

    @discardableResult
    mutating func reconnect(_ player: PlayerID) -> [RoomEffect] { apply(machine.reconnect(player, now: now)) }

    /// Moves the clock to `target`, running `tick` at every deadline on the way, exactly when it
    /// falls due (as the room actor's timer would). Returns the effects of those ticks.
    @discardableResult
    mutating func advance(to target: Int64) -> [RoomEffect] {
        var produced: [RoomEffect] = []
        var rounds = 0
        while let deadline = machine.nextDeadline, deadline <= target {
            rounds += 1
            if rounds > 10_000 {
                Issue.record("nextDeadline never moves past \(deadline)")
                break
            }
            now = max(now, deadline)
            produced += apply(machine.tick(now: now))
        }
        now = max(now, target)
        return produced
    }

    @discardableResult
    mutating func advance(by milliseconds: Int64) -> [RoomEffect] { advance(to: now + milliseconds) }

    /// Calls `tick` once at the current time, without moving the clock.
    @discardableResult
    mutating func tick() -> [RoomEffect] { apply(machine.tick(now: now)) }

    // MARK: - Queries

    var snapshotDrawer: PlayerID? { machine.snapshot(for: members[0]).drawerId }

    /// Lets the game run out on its timers and returns every word offered to a drawer, in order.
    mutating func wordsOfferedUntilGameOver() throws -> [String] {
        var offered: [String] = []
        while machine.phase != .gameOver {
            if machine.phase == .choosing, let drawer = snapshotDrawer {
                offered += machine.snapshot(for: drawer).choices ?? []
            }
            advance(to: try #require(machine.nextDeadline))
        }
        return offered
    }

    /// The word of the current turn, as the drawer's snapshot shows it.
    var currentWord: String? {
        guard let drawer = snapshotDrawer else { return nil }
        return machine.snapshot(for: drawer).word
    }

    /// The drawer chooses the first offered word; returns the word.
    @discardableResult
    mutating func chooseFirst() throws -> String {
        let drawer = try #require(snapshotDrawer)
        #expect(machine.phase == .choosing)
        send(.chooseWord(index: 0), from: drawer)
        #expect(machine.phase == .drawing)
        return try #require(currentWord)
    }

    /// Starts a game (from the owner) and returns its effects.
    @discardableResult
    mutating func startGame() -> [RoomEffect] { send(.startGame, from: owner) }

    /// The room's owner; a room that starts on its own has none, and this names nobody.
    var owner: PlayerID { machine.ownerId ?? "(no owner)" }

    /// All seq'd messages each player received, in order.
    func seqs(of player: PlayerID) -> [Int] { (inbox[player] ?? []).compactMap(\.seq) }

    /// Checks the ordering guarantees on everything logged so far: seqs appear in the log in
    /// increasing steps of exactly 1, variants of one event share its seq and never reach a player
    /// twice, and each player in `continuous` received an unbroken run of seqs from its first
    /// `roomState` up to the room's current seq (or to its own `playerLeft`).
    func checkSequencing(continuous players: [PlayerID], sourceLocation: SourceLocation = #_sourceLocation) {
        var lastSeq = 0
        var recipientsOfSeq: [Int: [PlayerID]] = [:]
        for entry in log {
            guard case .send(let to, let message) = entry.effect, let seq = message.seq else { continue }
            if case .roomState = message {
                #expect(seq <= lastSeq, "roomState must reflect an existing seq", sourceLocation: sourceLocation)
                continue
            }
            if seq != lastSeq {
                #expect(seq == lastSeq + 1, "seq jumped from \(lastSeq) to \(seq)", sourceLocation: sourceLocation)
                lastSeq = seq
            }
            for player in to {
                #expect(
                    !(recipientsOfSeq[seq] ?? []).contains(player), "\(player) got seq \(seq) twice", sourceLocation: sourceLocation)
            }
            recipientsOfSeq[seq, default: []] += to
        }
        #expect(lastSeq == machine.seq, sourceLocation: sourceLocation)
        for player in players {
            let seqs = seqs(of: player)
            guard let first = seqs.first else {
                Issue.record("\(player) received nothing", sourceLocation: sourceLocation)
                continue
            }
            let expected = Array(first...(seqs.last ?? first))
            #expect(seqs == expected, "\(player) saw a gap or repeat", sourceLocation: sourceLocation)
            if isMember(player) {
                #expect(seqs.last == machine.seq, "\(player) missed the latest events", sourceLocation: sourceLocation)
            }
        }
    }

    func isMember(_ player: PlayerID) -> Bool { machine.isMember(player) }
}

// MARK: - Picking messages out of effects

extension Array where Element == RoomEffect {
    var sends: [(to: [PlayerID], message: ServerMessage)] {
        compactMap { effect in
            if case .send(let to, let message) = effect { return (to, message) }
            return nil
        }
    }

    func messages(to player: PlayerID) -> [ServerMessage] {
        sends.filter { $0.to.contains(player) }.map(\.message)
    }

    func events(to player: PlayerID) -> [RoomEvent] {
        messages(to: player).compactMap(\.event)
    }

    func errors(to player: PlayerID) -> [ErrorCode] {
        messages(to: player).compactMap { message in
            if case .error(let error) = message { return error.code }
            return nil
        }
    }

    /// Every room event once (the first variant of each), in order.
    var broadcastEvents: [RoomEvent] {
        var seen = Set<Int>()
        var result: [RoomEvent] = []
        for (_, message) in sends {
            guard case .event(let event, let seq?) = message, seen.insert(seq).inserted else { continue }
            result.append(event)
        }
        return result
    }

    var turnEnds: [TurnSummary] {
        broadcastEvents.compactMap { event in
            if case .turnEnded(let summary) = event { return summary }
            return nil
        }
    }

    var gameEnds: [GameSummary] {
        broadcastEvents.compactMap { event in
            if case .gameEnded(let summary) = event { return summary }
            return nil
        }
    }

    var hints: [String] {
        broadcastEvents.compactMap { event in
            if case .hint(let hint) = event { return hint }
            return nil
        }
    }

    var closes: [(PlayerID, CloseCode)] {
        compactMap { effect in
            if case .close(let player, let code) = effect { return (player, code) }
            return nil
        }
    }

    var released: [PlayerID] {
        compactMap { effect in
            if case .seatReleased(let player) = effect { return player }
            return nil
        }
    }

    var guessResults: [(to: [PlayerID], result: GuessResult)] {
        sends.compactMap { send in
            if case .guessResult(let result) = send.message { return (send.to, result) }
            return nil
        }
    }
}

extension ServerMessage {
    var event: RoomEvent? {
        if case .event(let event, _) = self { return event }
        return nil
    }

    var snapshot: RoomSnapshot? {
        if case .roomState(let snapshot) = self { return snapshot }
        return nil
    }
}

extension TurnSummary {
    func gained(_ player: PlayerID) -> Int? { scores.first { $0.playerId == player }?.gained }
    func total(_ player: PlayerID) -> Int? { scores.first { $0.playerId == player }?.total }
}

enum JSON {
    static func text<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func object<T: Encodable>(_ value: T) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}

extension DrawingAction {
    static func begin(_ id: Int, color: String? = "#112233", width: Int = 8, tool: DrawingTool = .pen, points: PointList = [10, 10, 20, 20])
        -> DrawingAction
    {
        .strokeBegin(StrokeBegin(strokeId: id, tool: tool, color: color, width: width, points: points))
    }
}
