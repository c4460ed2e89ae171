import Foundation
import Testing

@testable import DoodleCore

/// Matching whole words after the guess normalisation, masking, the list files and their loading.
@Suite struct BlocklistTests {
    private let list = Blocklist(terms: ["cunt", "scheiße", "enculé", "blow job", "smeg", "smeg head"])

    // MARK: - Matching

    @Test(arguments: ["cunt", "CUNT", "CÜNT!", "cu\u{0308}nt", "you cunt.", "'cunt'", "(Cunt)", "ｃｕｎｔ"])
    func aBlockedWordIsFoundWhateverItsCaseAccentsOrPunctuation(text: String) {
        #expect(list.containsBlockedWord(text), "\(text)")
    }

    @Test(arguments: ["Scunthorpe", "cunts", "cuntry", "scunt", "c u n t", "c-u-n-t", "", "!!!"])
    func onlyWholeWordsMatch(text: String) {
        #expect(!list.containsBlockedWord(text), "\(text)")
    }

    @Test func theNormalisationOfGuessesAppliesToTermsAndTextAlike() {
        #expect(list.containsBlockedWord("SCHEISSE"), "ß folds to ss")
        #expect(list.containsBlockedWord("so eine Scheisse"))
        #expect(list.containsBlockedWord("ENCULE"), "accents dropped")
        #expect(list.containsBlockedWord("encule\u{0301}"), "decomposed accents too")
        #expect(!list.containsBlockedWord("enculer"))
    }

    @Test func aPhraseMatchesARunOfWholeWords() {
        #expect(list.containsBlockedWord("a blow job"))
        #expect(list.containsBlockedWord("a Blow-Job!"))
        #expect(list.containsBlockedWord("blow\n\tjob"))
        #expect(!list.containsBlockedWord("blowjob"), "one word is not the two-word term")
        #expect(!list.containsBlockedWord("blow the job"))
        #expect(!list.containsBlockedWord("blow"))
        #expect(!list.containsBlockedWord("job blow"))
    }

    @Test func anEmptyListBlocksNothing() {
        #expect(Blocklist.empty.isEmpty)
        #expect(!Blocklist.empty.containsBlockedWord("cunt"))
        #expect(Blocklist.empty.masked("cunt") == ("cunt", 0))
        #expect(Blocklist(terms: ["", "  ", "!?"]).isEmpty, "terms without a letter or digit block nothing")
    }

    @Test func theUnionBlocksWhatEitherListBlocks() {
        let german = Blocklist(terms: ["Fotze", "Arschloch"])
        let english = Blocklist(terms: ["cunt", "fotze"])
        let union = german.union(english)
        #expect(union.count == 3, "Fotze and fotze are one term")
        for text in ["Fotze", "arschloch", "CUNT"] { #expect(union.containsBlockedWord(text), "\(text)") }
        #expect(union == english.union(german))
        #expect(german.union(.empty) == german)
    }

    // MARK: - Masking

    @Test func maskingReplacesEachBlockedWordByStarsOfItsLengthAndKeepsEverythingElse() {
        #expect(list.masked("You CÜNT!!  Scunthorpe 🙂") == ("You ****!!  Scunthorpe 🙂", 1))
        #expect(list.masked("nice Blow-Job, mate") == ("nice ****-***, mate", 2))
        #expect(list.masked("Scheiße, so eine scheiße") == ("*******, so eine *******", 2), "ß is one character")
        #expect(list.masked("cu\u{0308}nt") == ("****", 1), "a decomposed Ü is one character too")
    }

    @Test func textWithoutABlockedWordComesBackUnchanged() {
        let text = "  Scunthorpe, blow the job!\r\n\u{0301}ok  "
        let masked = list.masked(text)
        #expect(masked.maskedWords == 0)
        #expect(Array(masked.text.utf8) == Array(text.utf8), "byte for byte")
    }

    @Test func overlappingTermsMaskEveryWordOfTheLongest() {
        #expect(list.masked("you smeg head") == ("you **** ****", 2))
        #expect(list.masked("smeg smeg") == ("**** ****", 2))
        #expect(list.masked("head smeg") == ("head ****", 1))
    }

    @Test func maskedTextHasAsManyCharactersAsTheOriginal() {
        for text in ["CÜNT", "enculé et encule\u{0301}", "blow  job", "a cunt, a blow job and a smeg head"] {
            let masked = list.masked(text)
            #expect(masked.text.count == text.count, "\(text)")
            #expect(!list.containsBlockedWord(masked.text), "\(masked.text)")
        }
    }

    // MARK: - List files

    @Test func aListFileHoldsOneTermPerLineWithCommentsAndPhrases() throws {
        let terms = try BlocklistFile.parse(text: "# slurs\n\nfoo\r\n  Blow Job  \n#bar\nbaz qux\n", path: "x.txt")
        #expect(terms == ["foo", "Blow Job", "baz qux"])
    }

    @Test func aTermTwiceInOneListIsRefusedNamingBothLines() {
        #expect(throws: RulesError("x.txt:3: 'Blow-Job' duplicates line 1")) {
            try BlocklistFile.parse(text: "blow job\nfoo\nBlow-Job\n", path: "x.txt")
        }
    }

    @Test func aTermWithoutLetterOrDigitIsRefused() {
        #expect(throws: RulesError("x.txt:2: '*!*' has no letter or digit")) {
            try BlocklistFile.parse(text: "foo\n*!*\n", path: "x.txt")
        }
    }

    // MARK: - Loading

    private func rulesFolder(words: [String: String], blocklists: [String: String]?) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-blocklists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("words"), withIntermediateDirectories: true)
        try Fixtures.rulesData().write(to: url.appendingPathComponent("rules.json"))
        for (pack, text) in words {
            try text.write(to: url.appendingPathComponent("words/\(pack).txt"), atomically: true, encoding: .utf8)
        }
        if let blocklists {
            try FileManager.default.createDirectory(at: url.appendingPathComponent("blocklists"), withIntermediateDirectories: true)
            for (pack, text) in blocklists {
                try text.write(to: url.appendingPathComponent("blocklists/\(pack).txt"), atomically: true, encoding: .utf8)
            }
        }
        return url
    }

    private let fivePacks = ["en": "apple\nbanana\ncherry\ndragon\neagle\n", "de": "Apfel\n"]

    @Test func theLoaderJoinsEveryListIntoOne() throws {
        let folder = try rulesFolder(words: fivePacks, blocklists: ["en": "frak\n", "de": "# de\nVerflixt\nfrak\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocklist = try RulesLoader.load(folder: folder.path).blocklist
        #expect(blocklist == Blocklist(terms: ["frak", "verflixt"]))
    }

    @Test func aListForAnUnknownPackStopsTheLoaderNamingTheFile() throws {
        let folder = try rulesFolder(words: fivePacks, blocklists: ["en": "frak\n", "xx": "frak\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: RulesError.self) { try RulesLoader.load(folder: folder.path) }
        #expect(error?.message.contains("blocklists/xx.txt") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("no word pack 'xx'") == true)
    }

    @Test func aBadLineInAListStopsTheLoaderNamingFileAndLine() throws {
        let folder = try rulesFolder(words: fivePacks, blocklists: ["de": "frak\n-\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: RulesError.self) { try RulesLoader.load(folder: folder.path) }
        #expect(error?.message.contains("blocklists/de.txt:2") == true, "\(error?.message ?? "")")
    }

    @Test func withoutAListsFolderNothingIsBlocked() throws {
        let folder = try rulesFolder(words: fivePacks, blocklists: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try RulesLoader.load(folder: folder.path).blocklist.isEmpty)
    }

    // MARK: - Names

    @Test func aNameWithABlockedWordIsRefusedForThatReason() {
        func reason(_ name: String) -> NameRefusal.Reason? {
            if case .failure(let refusal) = NameValidator.validate(name, maxLength: 24, blocklist: list) {
                #expect(refusal.error.code == .invalidName)
                return refusal.reason
            }
            return nil
        }
        #expect(reason("Cünt") == .blockedWord)
        #expect(reason("  The Cunt 2000 ") == .blockedWord)
        #expect(reason("Blow Job") == .blockedWord)
        #expect(reason("Scunthorpe") == nil)
        #expect(reason("   ") == .empty)
        #expect(reason(String(repeating: "x", count: 25)) == .tooLong)
        #expect(reason("A\u{200E}da") == .forbiddenCharacters)
    }

    @Test func refusalsSayWhyInTheContractsWords() {
        func wireReason(_ name: String) -> String? {
            if case .failure(let refusal) = NameValidator.validate(name, maxLength: 24, blocklist: list) { return refusal.error.reason }
            return nil
        }
        #expect(wireReason("Cünt") == "blocked")
        #expect(wireReason("  ") == "length")
        #expect(wireReason(String(repeating: "x", count: 25)) == "length")
        #expect(wireReason("A\u{202E}da") == "characters")
    }

    @Test func emojiSequencesAreNamesOfOneCharacterEach() throws {
        let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let name = "🎨🐱 Zoë \(family)"
        #expect(try NameValidator.validate(name, maxLength: 24, blocklist: list).get() == name)
        #expect(family.count == 1)
        // A coder at work with a skin tone, a rainbow flag (a selector before the joiner), a red heart.
        for emoji in ["\u{1F468}\u{1F3FD}\u{200D}\u{1F4BB}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "\u{2764}\u{FE0F}", "1\u{FE0F}\u{20E3}"] {
            #expect(try NameValidator.validate("Ada " + emoji, maxLength: 24, blocklist: list).get() == "Ada " + emoji)
        }
        // A joiner anywhere else, like any other format character, still hides or turns text.
        for hidden in ["A\u{200D}da", "Ada\u{200D}", "\u{200D}\u{1F469}", "\u{1F469}\u{200D}x", "1\u{200D}\u{1F469}", "A\u{200B}da"] {
            guard case .failure(let refusal) = NameValidator.validate(hidden, maxLength: 24, blocklist: list) else {
                Issue.record("\(hidden.unicodeScalars.map { String($0.value, radix: 16) }) was let through")
                continue
            }
            #expect(refusal.reason == .forbiddenCharacters)
        }
    }
}
