/// A list of drawable words. One word per line; blank lines and lines starting with `#` are
/// skipped; a word has 1…maxLength characters, at least one letter, no surrounding spaces, no
/// control characters, and no duplicate (compared in normalised form).
public struct WordPack: Sendable, Equatable {
    public let name: String
    public let words: [String]

    public init(name: String, words: [String]) {
        self.name = name
        self.words = words
    }

    public static func parse(name: String, text: String, path: String, maxLength: Int) throws(RulesError) -> WordPack {
        var words: [String] = []
        var seen: [String: Int] = [:]
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let lineNumber = offset + 1
            var line = String(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.trimmingWhitespace().isEmpty || line.hasPrefix("#") { continue }
            if let problem = WordCheck.problem(with: line, maxLength: maxLength) {
                throw RulesError("\(path):\(lineNumber): \(problem)")
            }
            let key = GuessNormalizer.normalize(line)
            if let first = seen[key] {
                throw RulesError("\(path):\(lineNumber): '\(line)' duplicates line \(first)")
            }
            seen[key] = lineNumber
            words.append(line)
        }
        if words.isEmpty { throw RulesError("\(path): the pack has no words") }
        return WordPack(name: name, words: words)
    }
}

/// The shape every word must have, in packs and in custom word lists alike.
public enum WordCheck {
    public static func problem(with word: String, maxLength: Int) -> String? {
        if word != word.trimmingWhitespace() { return "'\(word)' has surrounding spaces" }
        if word.isEmpty || word.count > maxLength { return "'\(word)' must have 1 to \(maxLength) characters" }
        if !word.contains(where: \.isLetter) { return "'\(word)' has no letter" }
        let hasControl = word.unicodeScalars.contains { scalar in
            let category = scalar.properties.generalCategory
            return category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator
        }
        if hasControl { return "'\(word)' contains a control character" }
        return nil
    }
}
