import Foundation

/// Loads and checks `rules.json` and the word packs of a GameRules folder.
public enum RulesLoader {
    /// Reads `<folder>/rules.json`, every `<folder>/words/*.txt` and every
    /// `<folder>/blocklists/*.txt`. The game applies one blocklist, the union of all of them:
    /// names, custom words and chat are refused or masked alike in every room, whatever its pack.
    public static func load(folder: String) throws(RulesError) -> (rules: GameRules, packs: [String: WordPack], blocklist: Blocklist) {
        let rulesPath = folder + "/rules.json"
        guard let data = FileManager.default.contents(atPath: rulesPath) else {
            throw RulesError("\(rulesPath): cannot read the file")
        }
        let rules = try decodeRules(data, path: rulesPath)
        let wordsFolder = folder + "/words"
        var packs: [String: WordPack] = [:]
        for (name, path) in textFiles(in: wordsFolder) {
            packs[name] = try WordPack.parse(name: name, text: try readText(path), path: path, maxLength: rules.settings.customWordMaxLength)
        }
        guard let defaultPack = packs[rules.settings.wordPack] else {
            throw RulesError("\(rulesPath): settings.wordPack names '\(rules.settings.wordPack)' but \(wordsFolder) has no such .txt pack")
        }
        guard defaultPack.words.count >= rules.settings.wordChoices.max else {
            throw RulesError("\(defaultPack.name) pack: needs at least settings.wordChoices.max (\(rules.settings.wordChoices.max)) words")
        }
        return (rules, packs, try loadBlocklists(folder: folder + "/blocklists", packNames: Set(packs.keys)))
    }

    /// The union of every `<pack>.txt` in `folder`; no folder means no list. A list must be
    /// named after a pack (a misnamed file would otherwise be ignored without a word).
    static func loadBlocklists(folder: String, packNames: Set<String>) throws(RulesError) -> Blocklist {
        var union = Blocklist.empty
        for (name, path) in textFiles(in: folder) {
            guard packNames.contains(name) else {
                throw RulesError("\(path): there is no word pack '\(name)'; a blocklist is named after one (have: \(packNames.sorted().joined(separator: ", ")))")
            }
            union = union.union(Blocklist(terms: try BlocklistFile.parse(text: try readText(path), path: path)))
        }
        return union
    }

    /// The `.txt` files of a folder, by name without `.txt`, sorted; none if the folder is missing.
    private static func textFiles(in folder: String) -> [(name: String, path: String)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
            .map { (String($0.dropLast(".txt".count)), folder + "/" + $0) }
    }

    private static func readText(_ path: String) throws(RulesError) -> String {
        guard let bytes = FileManager.default.contents(atPath: path), let text = String(data: bytes, encoding: .utf8) else {
            throw RulesError("\(path): cannot read the file as UTF-8")
        }
        return text
    }

    public static func decodeRules(_ data: Data, path: String) throws(RulesError) -> GameRules {
        let rules: GameRules
        do {
            rules = try JSONDecoder().decode(GameRules.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw RulesError("\(path): missing field \(fieldPath(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw RulesError("\(path): field \(fieldPath(context.codingPath)) has the wrong type: \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw RulesError("\(path): field \(fieldPath(context.codingPath)) must not be null")
        } catch let DecodingError.dataCorrupted(context) {
            throw RulesError("\(path): \(fieldPath(context.codingPath)) is malformed: \(context.debugDescription)")
        } catch {
            throw RulesError("\(path): \(error)")
        }
        try validate(rules, path: path)
        return rules
    }

    static func fieldPath(_ path: [any CodingKey]) -> String {
        path.isEmpty ? "(top level)" : path.map(\.stringValue).joined(separator: ".")
    }

    /// The checks that JSON shape cannot express; each failure names the field.
    static func validate(_ rules: GameRules, path: String) throws(RulesError) {
        func require(_ condition: Bool, _ field: String, _ why: String) throws(RulesError) {
            if !condition { throw RulesError("\(path): field \(field) \(why)") }
        }
        let s = rules.settings
        let intSettings: [(String, IntSettingRule)] = [
            ("maxPlayers", s.maxPlayers), ("rounds", s.rounds), ("drawSeconds", s.drawSeconds),
            ("chooseSeconds", s.chooseSeconds), ("revealSeconds", s.revealSeconds),
            ("wordChoices", s.wordChoices), ("hints", s.hints),
        ]
        for (name, rule) in intSettings {
            try require(rule.min >= 0, "settings.\(name).min", "must not be negative")
            try require(rule.min <= rule.max, "settings.\(name)", "must have min ≤ max")
            try require(rule.contains(rule.default), "settings.\(name).default", "must lie between min and max")
        }
        try require(s.maxPlayers.min >= 2, "settings.maxPlayers.min", "must be at least 2")
        try require(s.rounds.min >= 1, "settings.rounds.min", "must be at least 1")
        try require(s.drawSeconds.min >= 1, "settings.drawSeconds.min", "must be at least 1")
        try require(s.chooseSeconds.min >= 1, "settings.chooseSeconds.min", "must be at least 1")
        try require(s.wordChoices.min >= 1, "settings.wordChoices.min", "must be at least 1")
        try require(s.customWordsMaxCount >= 0, "settings.customWordsMaxCount", "must not be negative")
        try require(s.customWordMaxLength >= 1, "settings.customWordMaxLength", "must be at least 1")
        let p = rules.scoring
        try require(p.guesserBase >= 1, "scoring.guesserBase", "must be at least 1 (a correct guess always scores)")
        try require(p.guesserTimeBonus >= 0, "scoring.guesserTimeBonus", "must not be negative")
        try require(p.drawerMax >= s.maxPlayers.max, "scoring.drawerMax", "must be at least settings.maxPlayers.max so one guess always pays the drawer")
        let pair = rules.pair
        try require(pair.guesserMin >= 1, "pair.guesserMin", "must be at least 1")
        try require(pair.guesserBase - pair.attemptPenalty >= pair.guesserMin, "pair.guesserBase", "must leave at least pair.guesserMin for a first-try guess")
        try require(pair.attemptPenalty >= 0, "pair.attemptPenalty", "must not be negative")
        try require(pair.drawer >= 1, "pair.drawer", "must be at least 1")
        try require(pair.maxGuessesPerDrawing >= 1, "pair.maxGuessesPerDrawing", "must be at least 1")
        try require(pair.wordMaxLength >= 1, "pair.wordMaxLength", "must be at least 1")
        try require((1...10).contains(pair.wordSuggestions), "pair.wordSuggestions", "must be 1–10")
        try require((1...10_000).contains(pair.maxWaitingPerSender), "pair.maxWaitingPerSender", "must be 1–10000")
        let r = rules.rateLimits
        for (name, rule) in [("guess", r.guess), ("drawing", r.drawing), ("joinRoom", r.joinRoom), ("other", r.other), ("signIn", r.signIn)] {
            try require(rule.count >= 1, "rateLimits.\(name).count", "must be at least 1")
            try require(rule.windowMilliseconds >= 1, "rateLimits.\(name).windowMilliseconds", "must be at least 1")
        }
        try require(r.floodMultiplier >= 2, "rateLimits.floodMultiplier", "must be at least 2")
        let t = rules.timing
        try require(t.reconnectGraceSeconds >= 0, "timing.reconnectGraceSeconds", "must not be negative")
        try require(t.drawerGraceSeconds >= 0, "timing.drawerGraceSeconds", "must not be negative")
        try require(t.emptyRoomGraceSeconds >= 0, "timing.emptyRoomGraceSeconds", "must not be negative")
        try require(t.pingIntervalSeconds >= 1, "timing.pingIntervalSeconds", "must be at least 1")
        try require(t.idleTimeoutSeconds > t.pingIntervalSeconds, "timing.idleTimeoutSeconds", "must exceed timing.pingIntervalSeconds")
        try require(t.outboundStallSeconds >= 1, "timing.outboundStallSeconds", "must be at least 1")
        try require((50...60_000).contains(t.checkpointMillis), "timing.checkpointMillis", "must be 50–60000")
        let l = rules.limits
        try require(l.maxFrameBytes >= 1024, "limits.maxFrameBytes", "must be at least 1024")
        try require(l.canvasWidth >= 1 && l.canvasHeight >= 1, "limits.canvasWidth/canvasHeight", "must be at least 1")
        // A drawing holds its coordinates in 16 bits (DrawingStore).
        try require(l.canvasWidth <= 65_536 && l.canvasHeight <= 65_536, "limits.canvasWidth/canvasHeight", "must be at most 65,536")
        try require(l.minStrokeWidth >= 1 && l.minStrokeWidth <= l.maxStrokeWidth, "limits.minStrokeWidth", "must be ≥ 1 and ≤ limits.maxStrokeWidth")
        try require(l.maxPointsPerMessage >= 1, "limits.maxPointsPerMessage", "must be at least 1")
        try require(l.maxItemsPerDrawing >= 1, "limits.maxItemsPerDrawing", "must be at least 1")
        try require(l.maxPointsPerDrawing >= l.maxPointsPerMessage, "limits.maxPointsPerDrawing", "must be at least limits.maxPointsPerMessage")
        try require(
            l.maxPointsPerDrawing <= DrawingStore.Entry.maxPoints, "limits.maxPointsPerDrawing", "must be at most \(DrawingStore.Entry.maxPoints)")
        try require(l.maxNameLength >= 1, "limits.maxNameLength", "must be at least 1")
        try require(l.maxGuessLength >= 1, "limits.maxGuessLength", "must be at least 1")
        try require(l.replayBufferEvents >= 0, "limits.replayBufferEvents", "must not be negative")
        try require(l.replayBufferBytes >= 0, "limits.replayBufferBytes", "must not be negative")
        // A catch-up is queued at once: it must leave room in the connection's queue.
        try require(
            l.replayBufferBytes <= l.outboundBufferBytes / 2, "limits.replayBufferBytes", "must be at most half of limits.outboundBufferBytes")
        try require(l.outboundBufferFrames >= 16, "limits.outboundBufferFrames", "must be at least 16")
        try require(l.outboundBufferBytes >= 4 * l.maxFrameBytes, "limits.outboundBufferBytes", "must be at least 4 × limits.maxFrameBytes")
        try require(
            l.serverOutboundBytes >= l.outboundBufferBytes, "limits.serverOutboundBytes", "must be at least limits.outboundBufferBytes")
        try require(l.maxSpectators >= 0, "limits.maxSpectators", "must not be negative")
        try require(l.connectionsPerAddress >= 1, "limits.connectionsPerAddress", "must be at least 1")
        try require(l.reportsPerHour >= 1, "limits.reportsPerHour", "must be at least 1")
        try require(l.reportChatLines >= 1, "limits.reportChatLines", "must be at least 1")
        let room = rules.publicRoom
        try require(s.maxPlayers.contains(room.maxPlayers), "publicRoom.maxPlayers", "must lie within settings.maxPlayers")
        try require(s.rounds.contains(room.rounds), "publicRoom.rounds", "must lie within settings.rounds")
        try require(s.drawSeconds.contains(room.drawSeconds), "publicRoom.drawSeconds", "must lie within settings.drawSeconds")
        try require(
            room.autoStartPlayers >= 2 && room.autoStartPlayers <= room.maxPlayers, "publicRoom.autoStartPlayers",
            "must be at least 2 (a game needs two) and at most publicRoom.maxPlayers")
        // Every seconds field is multiplied by 1000 into milliseconds: a day bounds them far
        // from an overflow.
        let day = 86_400
        try require((0...day).contains(room.autoStartSeconds), "publicRoom.autoStartSeconds", "must be 0–\(day)")
        try require((0...day).contains(room.botAfterSeconds), "publicRoom.botAfterSeconds", "must be 0–\(day)")
        for (name, seconds) in [
            ("timing.reconnectGraceSeconds", t.reconnectGraceSeconds), ("timing.drawerGraceSeconds", t.drawerGraceSeconds),
            ("timing.emptyRoomGraceSeconds", t.emptyRoomGraceSeconds), ("settings.drawSeconds.max", s.drawSeconds.max),
            ("settings.chooseSeconds.max", s.chooseSeconds.max), ("settings.revealSeconds.max", s.revealSeconds.max),
        ] {
            try require(seconds <= day, name, "must be at most \(day)")
        }
        let phone = rules.telephone
        for (name, rule) in [("maxPlayers", phone.maxPlayers), ("writeSeconds", phone.writeSeconds), ("drawSeconds", phone.drawSeconds)] {
            try require(rule.min <= rule.max, "telephone.\(name)", "must have min ≤ max")
            try require(rule.contains(rule.default), "telephone.\(name).default", "must lie between min and max")
        }
        try require(phone.minPlayers >= 2, "telephone.minPlayers", "must be at least 2")
        try require(phone.maxPlayers.min >= phone.minPlayers, "telephone.maxPlayers.min", "must be at least telephone.minPlayers")
        try require(phone.maxPlayers.max <= 64, "telephone.maxPlayers.max", "must be at most 64")
        try require(phone.writeSeconds.min >= 1 && phone.writeSeconds.max <= day, "telephone.writeSeconds", "must lie within 1–\(day)")
        try require(phone.drawSeconds.min >= 1 && phone.drawSeconds.max <= day, "telephone.drawSeconds", "must lie within 1–\(day)")
        try require(phone.steps.min >= 2 && phone.steps.min <= phone.steps.max, "telephone.steps", "must have 2 ≤ min ≤ max")
        try require(phone.maxTextLength >= 1, "telephone.maxTextLength", "must be at least 1")
        try require((0...60).contains(phone.revealSeconds), "telephone.revealSeconds", "must be 0–60")
        try require(
            room.houseBotsFillTo >= 2 && room.houseBotsFillTo <= room.maxPlayers, "publicRoom.houseBotsFillTo",
            "must be at least 2 (a game needs two) and at most publicRoom.maxPlayers")
    }
}
