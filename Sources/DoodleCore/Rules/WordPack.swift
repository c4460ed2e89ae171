/// A list of drawable words. One word per line; blank lines and lines starting with `#` are
/// skipped; a word has 1…maxLength characters, at least one letter, no surrounding spaces, no
/// control characters, and no duplicate (compared in normalised form). A first line
/// `# name: <Name>` gives the pack the name players see.
public struct WordPack: Sendable, Equatable {
    /// The pack's id: its file name without `.txt`, what `settings.wordPack` names.
    public let name: String
    /// The name players see, in the pack's own language (`Deutsch`); the id when the file has no
    /// `# name:` header.
    public let displayName: String
    public let words: [String]

    public init(name: String, displayName: String? = nil, words: [String]) {
        self.name = name
        self.displayName = displayName ?? name
        self.words = words
    }

    public static func parse(name: String, text: String, path: String, maxLength: Int) throws(RulesError) -> WordPack {
        var words: [String] = []
        var seen: [String: Int] = [:]
        var displayName: String?
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let lineNumber = offset + 1
            var line = String(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            if lineNumber == 1, let header = headerName(line) {
                guard !header.isEmpty else { throw RulesError("\(path):1: the '# name:' header names nothing") }
                displayName = header
                continue
            }
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
        return WordPack(name: name, displayName: displayName, words: words)
    }

    /// The text after `# name:`, trimmed; nil for any other line.
    static func headerName(_ line: String) -> String? {
        guard line.hasPrefix("#") else { return nil }
        let comment = String(line.dropFirst()).trimmingWhitespace()
        guard comment.hasPrefix("name:") else { return nil }
        return String(comment.dropFirst("name:".count)).trimmingWhitespace()
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
