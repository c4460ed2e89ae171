import Foundation
import Testing

@testable import DoodleCore

/// Loading and checking GameRules: rules.json and word packs.
@Suite struct RulesLoaderTests {
    /// The real rules.json as a mutable JSON tree.
    private func rulesTree() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: try Fixtures.rulesData()) as? [String: Any])
    }

    /// Applies `change` to one section of the real rules and returns the loader's error message.
    private func brokenRulesMessage(_ section: String, _ change: (inout [String: Any]) -> Void) throws -> String? {
        var tree = try rulesTree()
        var part = try #require(tree[section] as? [String: Any])
        change(&part)
        tree[section] = part
        let data = try JSONSerialization.data(withJSONObject: tree)
        do {
            _ = try RulesLoader.decodeRules(data, path: "broken/rules.json")
            return nil
        } catch {
            return error.message
        }
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("words"), withIntermediateDirectories: true)
        return url
    }

    @Test func realRulesJSONLoadsWithTheDocumentedValues() throws {
        let rules = try Fixtures.rules()
        #expect(rules.settings.maxPlayers == IntSettingRule(default: 8, min: 2, max: 16))
        #expect(rules.settings.rounds == IntSettingRule(default: 3, min: 1, max: 10))
        #expect(rules.settings.drawSeconds == IntSettingRule(default: 80, min: 15, max: 240))
        #expect(rules.settings.chooseSeconds == IntSettingRule(default: 15, min: 5, max: 30))
        #expect(rules.settings.revealSeconds == IntSettingRule(default: 5, min: 0, max: 15))
        #expect(rules.settings.wordChoices == IntSettingRule(default: 3, min: 1, max: 5))
        #expect(rules.settings.hints == IntSettingRule(default: 2, min: 0, max: 5))
        #expect(rules.scoring.guesserBase == 50)
        #expect(rules.scoring.guesserTimeBonus == 450)
        #expect(rules.scoring.drawerMax == 250)
        #expect(rules.timing.reconnectGraceSeconds == 60)
        #expect(rules.timing.drawerGraceSeconds == 15)
        #expect(rules.limits.canvasWidth == 1600 && rules.limits.canvasHeight == 1200)
        #expect(rules.limits.replayBufferEvents == 2048 && rules.limits.replayBufferBytes == 16384)
        #expect(rules.defaultSettings.wordPack == "en")
        #expect(rules.defaultSettings.lateJoin)
        #expect(!rules.defaultSettings.customWordsOnly)
        #expect(!rules.defaultSettings.filter && rules.publicRoom.filter)
        #expect(rules.limits.reportChatLines == 20)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: Fixtures.rulesFolder + "/words/en.txt")))
    func realGameRulesFolderLoadsWithItsEnglishPack() throws {
        let (rules, packs, _) = try RulesLoader.load(folder: Fixtures.rulesFolder)
        let english = try #require(packs["en"])
        #expect(english.words.count >= rules.settings.wordChoices.max)
        #expect(english.words.allSatisfy { WordCheck.problem(with: $0, maxLength: rules.settings.customWordMaxLength) == nil })
        #expect(Set(english.words.map(GuessNormalizer.normalize)).count == english.words.count)
    }

    @Test func folderLoadsRulesAndEveryPack() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.rulesData().write(to: folder.appendingPathComponent("rules.json"))
        try "# comment\napple\nbanana\r\ncherry\n\ndragon\neagle\n".write(
            to: folder.appendingPathComponent("words/en.txt"), atomically: true, encoding: .utf8)
        try "tiger\n".write(to: folder.appendingPathComponent("words/zoo.txt"), atomically: true, encoding: .utf8)
        try "ignored".write(to: folder.appendingPathComponent("words/notes.md"), atomically: true, encoding: .utf8)
        let (rules, packs, blocklist) = try RulesLoader.load(folder: folder.path)
        #expect(rules == (try Fixtures.rules()))
        #expect(packs.keys.sorted() == ["en", "zoo"])
        #expect(blocklist.isEmpty, "no blocklists folder: nothing is blocked")
        #expect(packs["en"]?.words == ["apple", "banana", "cherry", "dragon", "eagle"])
    }

    @Test func folderWithoutTheDefaultPackFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.rulesData().write(to: folder.appendingPathComponent("rules.json"))
        try "tiger\n".write(to: folder.appendingPathComponent("words/zoo.txt"), atomically: true, encoding: .utf8)
        let error = #expect(throws: RulesError.self) { try RulesLoader.load(folder: folder.path) }
        #expect(error?.message.contains("wordPack") == true)
    }

    @Test func defaultPackSmallerThanTheLargestOfferFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.rulesData().write(to: folder.appendingPathComponent("rules.json"))
        try "apple\nbanana\ncherry\ndragon\n".write(to: folder.appendingPathComponent("words/en.txt"), atomically: true, encoding: .utf8)
        let error = #expect(throws: RulesError.self) { try RulesLoader.load(folder: folder.path) }
        #expect(error?.message.contains("wordChoices.max") == true)
    }

    @Test func missingRulesFileFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: RulesError.self) { try RulesLoader.load(folder: folder.path) }
        #expect(error?.message.contains("rules.json") == true)
    }

    @Test func missingFieldIsNamed() throws {
        let message = try brokenRulesMessage("scoring") { $0["drawerMax"] = nil }
        #expect(message?.contains("scoring.drawerMax") == true, "\(message ?? "loaded")")
        #expect(message?.contains("broken/rules.json") == true)
        let nested = try brokenRulesMessage("settings") { settings in
            var rounds = settings["rounds"] as? [String: Any] ?? [:]
            rounds["max"] = nil
            settings["rounds"] = rounds
        }
        #expect(nested?.contains("settings.rounds.max") == true, "\(nested ?? "loaded")")
    }

    @Test func minAboveMaxIsNamed() throws {
        let message = try brokenRulesMessage("settings") { $0["rounds"] = ["default": 3, "min": 5, "max": 3] }
        #expect(message?.contains("settings.rounds") == true, "\(message ?? "loaded")")
        #expect(message?.contains("min ≤ max") == true)
    }

    @Test func defaultOutsideItsRangeIsNamed() throws {
        let message = try brokenRulesMessage("settings") { $0["hints"] = ["default": 9, "min": 0, "max": 5] }
        #expect(message?.contains("settings.hints.default") == true, "\(message ?? "loaded")")
    }

    @Test func wrongTypeAndNullAreNamed() throws {
        let wrongType = try brokenRulesMessage("scoring") { $0["drawerMax"] = "250" }
        #expect(wrongType?.contains("scoring.drawerMax") == true, "\(wrongType ?? "loaded")")
        let null = try brokenRulesMessage("timing") { $0["reconnectGraceSeconds"] = NSNull() }
        #expect(null?.contains("timing.reconnectGraceSeconds") == true, "\(null ?? "loaded")")
    }

    @Test func inconsistentConstantsAreNamed() throws {
        let drawer = try brokenRulesMessage("scoring") { $0["drawerMax"] = 15 }
        #expect(drawer?.contains("scoring.drawerMax") == true, "\(drawer ?? "loaded")")
        let idle = try brokenRulesMessage("timing") { $0["idleTimeoutSeconds"] = 20 }
        #expect(idle?.contains("timing.idleTimeoutSeconds") == true, "\(idle ?? "loaded")")
        let flood = try brokenRulesMessage("rateLimits") { $0["floodMultiplier"] = 1 }
        #expect(flood?.contains("rateLimits.floodMultiplier") == true, "\(flood ?? "loaded")")
        let base = try brokenRulesMessage("scoring") { $0["guesserBase"] = 0 }
        #expect(base?.contains("scoring.guesserBase") == true, "\(base ?? "loaded")")
        let drawerGrace = try brokenRulesMessage("timing") { $0["drawerGraceSeconds"] = -1 }
        #expect(drawerGrace?.contains("timing.drawerGraceSeconds") == true, "\(drawerGrace ?? "loaded")")
        // No grace is allowed too: a drop then ends a drawing at once, as before revision 4.
        #expect(try brokenRulesMessage("timing") { $0["drawerGraceSeconds"] = 0 } == nil)
    }

    @Test func limitsThatDrawingsOrTheReplayCannotHoldAreNamed() throws {
        // Coordinates are held in 16 bits: a canvas of 65,536 is the widest.
        #expect(try brokenRulesMessage("limits") { $0["canvasWidth"] = 65_536 } == nil)
        let wide = try brokenRulesMessage("limits") { $0["canvasWidth"] = 65_537 }
        #expect(wide?.contains("limits.canvasWidth") == true, "\(wide ?? "loaded")")
        let tall = try brokenRulesMessage("limits") { $0["canvasHeight"] = 70_000 }
        #expect(tall?.contains("limits.canvasWidth/canvasHeight") == true, "\(tall ?? "loaded")")
        let points = try brokenRulesMessage("limits") { $0["maxPointsPerDrawing"] = 1 << 29 }
        #expect(points?.contains("limits.maxPointsPerDrawing") == true, "\(points ?? "loaded")")
        let negative = try brokenRulesMessage("limits") { $0["replayBufferBytes"] = -1 }
        #expect(negative?.contains("limits.replayBufferBytes") == true, "\(negative ?? "loaded")")
        let large = try brokenRulesMessage("limits") { $0["replayBufferBytes"] = 600_000 }
        #expect(large?.contains("half of limits.outboundBufferBytes") == true, "\(large ?? "loaded")")
        let noLines = try brokenRulesMessage("limits") { $0["reportChatLines"] = 0 }
        #expect(noLines?.contains("limits.reportChatLines") == true, "\(noLines ?? "loaded")")
        let noFilter = try brokenRulesMessage("publicRoom") { $0["filter"] = nil }
        #expect(noFilter?.contains("publicRoom.filter") == true, "\(noFilter ?? "loaded")")
    }

    @Test func unchangedRulesStillLoadThroughTheSameHelper() throws {
        // Guards the helper above: without a change nothing is reported.
        #expect(try brokenRulesMessage("scoring") { _ in } == nil)
    }

    // MARK: - Word packs

    private func parseError(_ text: String) -> String? {
        do {
            _ = try WordPack.parse(name: "en", text: text, path: "words/en.txt", maxLength: 30)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func packParsingSkipsCommentsAndBlankLinesAndKeepsOrder() throws {
        let pack = try WordPack.parse(
            name: "en", text: "# animals\n\napple\r\nice cream\n   \n#x\nrock'n'roll\n", path: "p", maxLength: 30)
        #expect(pack.words == ["apple", "ice cream", "rock'n'roll"])
        #expect(pack.name == "en")
    }

    @Test func packWithWindowsLineEndingsParsesAndCountsLines() throws {
        let pack = try WordPack.parse(name: "en", text: "apple\r\nice cream\r\n\r\nbanana\r\n", path: "p", maxLength: 30)
        #expect(pack.words == ["apple", "ice cream", "banana"])
        #expect(parseError("apple\r\nbanana\r\n1234\r\n")?.contains("words/en.txt:3") == true)
    }

    @Test func duplicateWordNamesBothLines() {
        let message = parseError("apple\n# c\nIce Cream\nbanana\nice-cream\n")
        #expect(message?.contains("words/en.txt:5") == true, "\(message ?? "parsed")")
        #expect(message?.contains("line 3") == true)
    }

    @Test func tooLongWordNamesItsLine() {
        let message = parseError("apple\n" + String(repeating: "a", count: 31) + "\n")
        #expect(message?.contains("words/en.txt:2") == true, "\(message ?? "parsed")")
        #expect(parseError(String(repeating: "a", count: 30)) == nil)
    }

    @Test func wordWithoutALetterNamesItsLine() {
        let message = parseError("apple\nbanana\n1234\n")
        #expect(message?.contains("words/en.txt:3") == true, "\(message ?? "parsed")")
        #expect(message?.contains("letter") == true)
    }

    @Test func surroundingSpacesAndControlCharactersAreRefused() {
        #expect(parseError("apple\n banana\n")?.contains(":2") == true)
        #expect(parseError("apple\nbanana \n")?.contains(":2") == true)
        #expect(parseError("apple\nban\u{0007}ana\n")?.contains(":2") == true)
        #expect(parseError("apple\nban\u{200B}ana\n")?.contains(":2") == true)
    }

    @Test func emptyPackIsRefused() {
        #expect(parseError("# nothing\n\n") != nil)
    }

    @Test func nameValidation() {
        func code(_ name: String) -> ErrorCode? {
            if case .failure(let refusal) = NameValidator.validate(name, maxLength: 24, blocklist: .empty) { return refusal.error.code }
            return nil
        }
        #expect(code("  Ada  ") == nil)
        #expect(NameValidator.validate("  Ada  ", maxLength: 24, blocklist: .empty) == .success("Ada"))
        #expect(code(String(repeating: "é", count: 24)) == nil)
        #expect(code("🇫🇷" + String(repeating: "x", count: 23)) == nil, "a flag is one grapheme cluster")
        #expect(code("e\u{0301}" + String(repeating: "x", count: 23)) == nil, "e + combining accent is one grapheme cluster")
        #expect(code(String(repeating: "x", count: 25)) == .invalidName)
        #expect(code("   ") == .invalidName)
        #expect(code("A\u{0000}da") == .invalidName)
        #expect(code("A\u{200E}da") == .invalidName)
    }
}
