/// Checks a settings patch against GameRules and the room, all or nothing.
public struct SettingsValidator: Sendable {
    public let rules: GameRules
    public let packNames: Set<String>
    /// Custom words holding a blocked word are refused.
    public let blocklist: Blocklist

    public init(rules: GameRules, packNames: Set<String>, blocklist: Blocklist) {
        self.rules = rules
        self.packNames = packNames
        self.blocklist = blocklist
    }

    /// The merged settings, or `invalid_settings` naming the first bad field. A room of one mode
    /// refuses the settings only the other mode has.
    public func apply(
        _ patch: SettingsPatch, to current: RoomSettings, playerCount: Int, mode: RoomMode = .party
    ) -> Result<RoomSettings, ProtocolError> {
        func fail(_ message: String) -> Result<RoomSettings, ProtocolError> {
            .failure(ProtocolError(.invalidSettings, message))
        }
        if let field = patch.nullFields.first { return fail("\(field) must not be null") }
        if mode == .telephone { return applyTelephone(patch, to: current, playerCount: playerCount) }
        if let field = patch.telephoneOnlyFields.first { return fail("\(field) is a telephone room's setting") }
        let s = rules.settings
        let bounded: [(String, Int?, IntSettingRule)] = [
            ("maxPlayers", patch.maxPlayers, s.maxPlayers), ("rounds", patch.rounds, s.rounds),
            ("drawSeconds", patch.drawSeconds, s.drawSeconds), ("chooseSeconds", patch.chooseSeconds, s.chooseSeconds),
            ("revealSeconds", patch.revealSeconds, s.revealSeconds), ("wordChoices", patch.wordChoices, s.wordChoices),
            ("hints", patch.hints, s.hints),
        ]
        for (name, value, rule) in bounded {
            if let value, !rule.contains(value) { return fail("\(name) must be \(rule.min)–\(rule.max)") }
        }
        if let maxPlayers = patch.maxPlayers, maxPlayers < playerCount {
            return fail("maxPlayers must not be below the current \(playerCount) players")
        }
        if let pack = patch.wordPack, !packNames.contains(pack) {
            return fail("wordPack '\(pack)' does not exist (have: \(packNames.sorted().joined(separator: ", ")))")
        }
        var patch = patch
        if let words = patch.customWords {
            if words.count > s.customWordsMaxCount { return fail("customWords holds at most \(s.customWordsMaxCount) words") }
            var cleaned: [String] = []
            var seen = Set<String>()
            for raw in words {
                let word = raw.trimmingWhitespace()
                if let problem = WordCheck.problem(with: word, maxLength: s.customWordMaxLength) {
                    return fail("customWords: \(problem)")
                }
                if blocklist.containsBlockedWord(word) { return fail("customWords: '\(word)' is not allowed") }
                if seen.insert(GuessNormalizer.normalize(word)).inserted { cleaned.append(word) }
            }
            patch.customWords = cleaned
        }
        let merged = current.merged(with: patch)
        if merged.customWordsOnly && merged.customWords.count < merged.wordChoices {
            return fail("customWordsOnly needs at least wordChoices (\(merged.wordChoices)) distinct custom words")
        }
        return .success(merged)
    }

    /// A telephone room's settings: its own bounds for players and times, and `steps`.
    private func applyTelephone(_ patch: SettingsPatch, to current: RoomSettings, playerCount: Int) -> Result<RoomSettings, ProtocolError> {
        func fail(_ message: String) -> Result<RoomSettings, ProtocolError> {
            .failure(ProtocolError(.invalidSettings, message))
        }
        if let field = patch.partyOnlyFields.first { return fail("\(field) is not a telephone room's setting") }
        let t = rules.telephone
        let bounded: [(String, Int?, IntSettingRule)] = [
            ("maxPlayers", patch.maxPlayers, t.maxPlayers), ("writeSeconds", patch.writeSeconds, t.writeSeconds),
            ("drawSeconds", patch.drawSeconds, t.drawSeconds),
        ]
        for (name, value, rule) in bounded {
            if let value, !rule.contains(value) { return fail("\(name) must be \(rule.min)–\(rule.max)") }
        }
        if case .some(.some(let steps)) = patch.steps, !t.steps.contains(steps) {
            return fail("steps must be \(t.steps.min)–\(t.steps.max), or null for as many as players")
        }
        if let maxPlayers = patch.maxPlayers, maxPlayers < playerCount {
            return fail("maxPlayers must not be below the current \(playerCount) players")
        }
        if let pack = patch.wordPack, !packNames.contains(pack) {
            return fail("wordPack '\(pack)' does not exist (have: \(packNames.sorted().joined(separator: ", ")))")
        }
        return .success(current.merged(with: patch))
    }
}
