/// The effective settings of a room: every field has a value (defaults come from GameRules).
public struct RoomSettings: Sendable, Equatable, Codable {
    public var maxPlayers: Int
    public var rounds: Int
    public var drawSeconds: Int
    public var chooseSeconds: Int
    public var revealSeconds: Int
    public var wordChoices: Int
    public var hints: Int
    public var wordPack: String
    public var customWords: [String]
    public var customWordsOnly: Bool
    public var lateJoin: Bool
    /// Listed in `GET /v1/rooms` and open to quick play (`public` on the wire).
    public var isPublic: Bool
    /// Chat is shown with every blocked word masked (`RoomStateMachine+Moderation`).
    public var filter: Bool
    /// Telephone rooms: how chains begin.
    public var start: TelephoneStart
    /// Telephone rooms: the time of a write or describe step (`drawSeconds` is a draw step's).
    public var writeSeconds: Int
    /// Telephone rooms: the steps of a game; nil for as many as players.
    public var steps: Int?

    public init(
        maxPlayers: Int, rounds: Int, drawSeconds: Int, chooseSeconds: Int, revealSeconds: Int,
        wordChoices: Int, hints: Int, wordPack: String, customWords: [String], customWordsOnly: Bool, lateJoin: Bool,
        isPublic: Bool = false, filter: Bool = false, start: TelephoneStart = .write, writeSeconds: Int = 40, steps: Int? = nil
    ) {
        self.start = start
        self.writeSeconds = writeSeconds
        self.steps = steps
        self.maxPlayers = maxPlayers
        self.rounds = rounds
        self.drawSeconds = drawSeconds
        self.chooseSeconds = chooseSeconds
        self.revealSeconds = revealSeconds
        self.wordChoices = wordChoices
        self.hints = hints
        self.wordPack = wordPack
        self.customWords = customWords
        self.customWordsOnly = customWordsOnly
        self.lateJoin = lateJoin
        self.isPublic = isPublic
        self.filter = filter
    }

    /// Applies a patch, field by field; validation is the caller's (see `SettingsValidator`).
    public func merged(with patch: SettingsPatch) -> RoomSettings {
        var result = self
        if let value = patch.maxPlayers { result.maxPlayers = value }
        if let value = patch.rounds { result.rounds = value }
        if let value = patch.drawSeconds { result.drawSeconds = value }
        if let value = patch.chooseSeconds { result.chooseSeconds = value }
        if let value = patch.revealSeconds { result.revealSeconds = value }
        if let value = patch.wordChoices { result.wordChoices = value }
        if let value = patch.hints { result.hints = value }
        if let value = patch.wordPack { result.wordPack = value }
        if let value = patch.customWords { result.customWords = value }
        if let value = patch.customWordsOnly { result.customWordsOnly = value }
        if let value = patch.lateJoin { result.lateJoin = value }
        if let value = patch.isPublic { result.isPublic = value }
        if let value = patch.filter { result.filter = value }
        if let value = patch.start { result.start = value }
        if let value = patch.writeSeconds { result.writeSeconds = value }
        if let value = patch.steps { result.steps = value }
        return result
    }
}

extension RoomSettings {
    /// The stored form (a finished game's settings): fields added since a game was stored are
    /// absent from it and take the value that was in force then, so old games keep their settings.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            maxPlayers: try c.decode(Int.self, forKey: .maxPlayers), rounds: try c.decode(Int.self, forKey: .rounds),
            drawSeconds: try c.decode(Int.self, forKey: .drawSeconds), chooseSeconds: try c.decode(Int.self, forKey: .chooseSeconds),
            revealSeconds: try c.decode(Int.self, forKey: .revealSeconds), wordChoices: try c.decode(Int.self, forKey: .wordChoices),
            hints: try c.decode(Int.self, forKey: .hints), wordPack: try c.decode(String.self, forKey: .wordPack),
            customWords: try c.decode([String].self, forKey: .customWords),
            customWordsOnly: try c.decode(Bool.self, forKey: .customWordsOnly), lateJoin: try c.decode(Bool.self, forKey: .lateJoin),
            isPublic: try c.decodeIfPresent(Bool.self, forKey: .isPublic) ?? false,
            filter: try c.decodeIfPresent(Bool.self, forKey: .filter) ?? false,
            start: try c.decodeIfPresent(TelephoneStart.self, forKey: .start) ?? .write,
            writeSeconds: try c.decodeIfPresent(Int.self, forKey: .writeSeconds) ?? 40,
            steps: try c.decodeIfPresent(Int.self, forKey: .steps))
    }
}

/// Settings as one member sees them: the owner gets the custom word list, everyone else only
/// its size (`customWordCount`), so the custom words cannot be read off by guessers.
///
/// A telephone room's settings show only what a telephone room has: `maxPlayers`, `start`,
/// `writeSeconds`, `drawSeconds`, `steps`, `wordPack`, `public` and `filter`.
public struct SettingsView: Sendable, Equatable {
    public var settings: RoomSettings
    public var showsCustomWords: Bool
    public var mode: RoomMode

    public init(settings: RoomSettings, showsCustomWords: Bool, mode: RoomMode = .party) {
        self.settings = settings
        self.showsCustomWords = showsCustomWords
        self.mode = mode
    }
}

extension SettingsView: Codable {
    /// More custom words than any room's rules allow (GameRules' `customWordsMaxCount` is 100).
    static let maxCustomWordCount = 10_000

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let words: [String]? = try c.optional("customWords")
        let count: Int = try c.optional("customWordCount") ?? words?.count ?? 0
        // A server's number sizes an array here: a negative one would trap, a huge one take the memory.
        if c.contains(JSONKey("start")) {
            settings = RoomSettings(
                maxPlayers: try c.required("maxPlayers"), rounds: 0, drawSeconds: try c.required("drawSeconds"), chooseSeconds: 0,
                revealSeconds: 0, wordChoices: 0, hints: 0, wordPack: try c.required("wordPack"), customWords: [], customWordsOnly: false,
                lateJoin: false, isPublic: try c.optional("public") ?? false, filter: try c.optional("filter") ?? false,
                start: try c.required("start"), writeSeconds: try c.required("writeSeconds"), steps: try c.optional("steps"))
            showsCustomWords = false
            mode = .telephone
            return
        }
        mode = .party
        guard (0...Self.maxCustomWordCount).contains(count) else {
            throw DecodingError.dataCorruptedError(
                forKey: "customWordCount", in: c, debugDescription: "customWordCount must be 0–\(Self.maxCustomWordCount)")
        }
        settings = RoomSettings(
            maxPlayers: try c.required("maxPlayers"), rounds: try c.required("rounds"),
            drawSeconds: try c.required("drawSeconds"), chooseSeconds: try c.required("chooseSeconds"),
            revealSeconds: try c.required("revealSeconds"), wordChoices: try c.required("wordChoices"),
            hints: try c.required("hints"), wordPack: try c.required("wordPack"),
            customWords: words ?? Array(repeating: "", count: count),
            customWordsOnly: try c.required("customWordsOnly"), lateJoin: try c.required("lateJoin"),
            isPublic: try c.optional("public") ?? false,
            // Absent from servers older than rev 4's moderation: nothing was filtered.
            filter: try c.optional("filter") ?? false)
        showsCustomWords = words != nil
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(settings.maxPlayers, "maxPlayers")
        if mode == .telephone {
            try c.put(settings.start, "start")
            try c.put(settings.writeSeconds, "writeSeconds")
            try c.put(settings.drawSeconds, "drawSeconds")
            try c.putNullable(settings.steps, "steps")
            try c.put(settings.wordPack, "wordPack")
            try c.put(settings.isPublic, "public")
            try c.put(settings.filter, "filter")
            return
        }
        try c.put(settings.rounds, "rounds")
        try c.put(settings.drawSeconds, "drawSeconds")
        try c.put(settings.chooseSeconds, "chooseSeconds")
        try c.put(settings.revealSeconds, "revealSeconds")
        try c.put(settings.wordChoices, "wordChoices")
        try c.put(settings.hints, "hints")
        try c.put(settings.wordPack, "wordPack")
        if showsCustomWords { try c.put(settings.customWords, "customWords") }
        try c.put(settings.customWords.count, "customWordCount")
        try c.put(settings.customWordsOnly, "customWordsOnly")
        try c.put(settings.lateJoin, "lateJoin")
        try c.put(settings.isPublic, "public")
        try c.put(settings.filter, "filter")
    }
}

/// A partial settings change as sent by a client. Every field is optional; an explicit `null`
/// is remembered (in `nullFields`) because the contract rejects it with `invalid_settings`
/// rather than treating it as "absent".
public struct SettingsPatch: Sendable, Equatable {
    public var maxPlayers: Int?
    public var rounds: Int?
    public var drawSeconds: Int?
    public var chooseSeconds: Int?
    public var revealSeconds: Int?
    public var wordChoices: Int?
    public var hints: Int?
    public var wordPack: String?
    public var customWords: [String]?
    public var customWordsOnly: Bool?
    public var lateJoin: Bool?
    public var isPublic: Bool?
    public var filter: Bool?
    public var start: TelephoneStart?
    public var writeSeconds: Int?
    /// `.some(nil)`: an explicit `"steps":null`, which a telephone room takes for "as many as
    /// players" (the one setting where null is a value).
    public var steps: Int??
    public var nullFields: [String] = []

    public init(
        maxPlayers: Int? = nil, rounds: Int? = nil, drawSeconds: Int? = nil, chooseSeconds: Int? = nil,
        revealSeconds: Int? = nil, wordChoices: Int? = nil, hints: Int? = nil, wordPack: String? = nil,
        customWords: [String]? = nil, customWordsOnly: Bool? = nil, lateJoin: Bool? = nil, isPublic: Bool? = nil,
        filter: Bool? = nil, start: TelephoneStart? = nil, writeSeconds: Int? = nil, steps: Int?? = nil
    ) {
        self.start = start
        self.writeSeconds = writeSeconds
        self.steps = steps
        self.maxPlayers = maxPlayers
        self.rounds = rounds
        self.drawSeconds = drawSeconds
        self.chooseSeconds = chooseSeconds
        self.revealSeconds = revealSeconds
        self.wordChoices = wordChoices
        self.hints = hints
        self.wordPack = wordPack
        self.customWords = customWords
        self.customWordsOnly = customWordsOnly
        self.lateJoin = lateJoin
        self.isPublic = isPublic
        self.filter = filter
    }

    static let fieldNames = [
        "maxPlayers", "rounds", "drawSeconds", "chooseSeconds", "revealSeconds", "wordChoices", "hints",
        "wordPack", "customWords", "customWordsOnly", "lateJoin", "public", "filter", "start", "writeSeconds",
    ]

    /// The settings only a party room has: a telephone room refuses them.
    public var partyOnlyFields: [String] {
        var names: [String] = []
        if rounds != nil { names.append("rounds") }
        if chooseSeconds != nil { names.append("chooseSeconds") }
        if revealSeconds != nil { names.append("revealSeconds") }
        if wordChoices != nil { names.append("wordChoices") }
        if hints != nil { names.append("hints") }
        if customWords != nil { names.append("customWords") }
        if customWordsOnly != nil { names.append("customWordsOnly") }
        if lateJoin != nil { names.append("lateJoin") }
        return names
    }

    /// The settings only a telephone room has: a party room refuses them.
    public var telephoneOnlyFields: [String] {
        var names: [String] = []
        if start != nil { names.append("start") }
        if writeSeconds != nil { names.append("writeSeconds") }
        if steps != nil { names.append("steps") }
        return names
    }

    public var isEmpty: Bool { self == SettingsPatch() }
}

extension SettingsPatch: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        maxPlayers = try c.optional("maxPlayers")
        rounds = try c.optional("rounds")
        drawSeconds = try c.optional("drawSeconds")
        chooseSeconds = try c.optional("chooseSeconds")
        revealSeconds = try c.optional("revealSeconds")
        wordChoices = try c.optional("wordChoices")
        hints = try c.optional("hints")
        wordPack = try c.optional("wordPack")
        customWords = try c.optional("customWords")
        customWordsOnly = try c.optional("customWordsOnly")
        lateJoin = try c.optional("lateJoin")
        isPublic = try c.optional("public")
        filter = try c.optional("filter")
        start = try c.optional("start")
        writeSeconds = try c.optional("writeSeconds")
        if c.contains(JSONKey("steps")) {
            steps = try c.decodeNil(forKey: JSONKey("steps")) ? .some(nil) : .some(try c.required("steps"))
        }
        nullFields = try Self.fieldNames.filter { name in
            let key = JSONKey(name)
            return c.contains(key) ? try c.decodeNil(forKey: key) : false
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.putIfPresent(maxPlayers, "maxPlayers")
        try c.putIfPresent(rounds, "rounds")
        try c.putIfPresent(drawSeconds, "drawSeconds")
        try c.putIfPresent(chooseSeconds, "chooseSeconds")
        try c.putIfPresent(revealSeconds, "revealSeconds")
        try c.putIfPresent(wordChoices, "wordChoices")
        try c.putIfPresent(hints, "hints")
        try c.putIfPresent(wordPack, "wordPack")
        try c.putIfPresent(customWords, "customWords")
        try c.putIfPresent(customWordsOnly, "customWordsOnly")
        try c.putIfPresent(lateJoin, "lateJoin")
        try c.putIfPresent(isPublic, "public")
        try c.putIfPresent(filter, "filter")
        try c.putIfPresent(start, "start")
        try c.putIfPresent(writeSeconds, "writeSeconds")
        if let steps { try c.putNullable(steps, "steps") }
        for name in nullFields { try c.encodeNil(forKey: JSONKey(name)) }
    }
}
