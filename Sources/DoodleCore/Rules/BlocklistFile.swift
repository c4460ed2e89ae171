/// One `GameRules/blocklists/<pack>.txt`: a term per line — a word or a phrase of several —,
/// blank lines and lines starting with `#` skipped. A term needs a letter or digit (anything
/// else separates words and could never match), and no two terms may be equal once normalised,
/// so a reviewed list says each thing once.
public enum BlocklistFile {
    /// The terms, as written, in file order.
    public static func parse(text: String, path: String) throws(RulesError) -> [String] {
        var terms: [String] = []
        var seen: [[String]: Int] = [:]
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let lineNumber = offset + 1
            let line = String(rawLine).trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let words = Blocklist.words(of: line).map(\.normalized)
            if words.isEmpty { throw RulesError("\(path):\(lineNumber): '\(line)' has no letter or digit") }
            if words.contains(where: \.isEmpty) {
                throw RulesError("\(path):\(lineNumber): '\(line)' has a word that normalises to nothing")
            }
            if let first = seen[words] {
                throw RulesError("\(path):\(lineNumber): '\(line)' duplicates line \(first)")
            }
            seen[words] = lineNumber
            terms.append(line)
        }
        return terms
    }
}
