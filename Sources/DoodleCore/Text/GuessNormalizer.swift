import Foundation

/// Turns guesses and words into the form they are compared in (GameRules/README.md, "Guesses"):
/// Unicode NFKD, combining marks removed, case-folded, then everything but letters and digits removed.
public enum GuessNormalizer {
    public static func normalize(_ text: String) -> String {
        let decomposed = text.decomposedStringWithCompatibilityMapping
        var kept = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: kept.append(scalar)
            }
        }
        // Upper- then lower-casing applies the full case mappings (ß → SS → ss), which is
        // what case folding needs for the scripts word packs use.
        let folded = String(kept).uppercased().lowercased()
        var result = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars where scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark { continue }
            result.append(scalar)
        }
        return String(result)
    }
}

/// How a normalised guess compares with the normalised word.
public enum GuessMatch: Sendable, Equatable {
    case correct
    case close
    case wrong

    /// Close means one edit away (insert, delete, substitute, or swap of neighbours) or
    /// containing the word without equalling it. Both inputs must already be normalised.
    public static func compare(guess: String, word: String) -> GuessMatch {
        if guess == word { return .correct }
        if word.isEmpty || guess.isEmpty { return .wrong }
        if guess.contains(word) { return .close }
        return isOneEditApart(Array(guess.unicodeScalars), Array(word.unicodeScalars)) ? .close : .wrong
    }

    static func isOneEditApart(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        if abs(a.count - b.count) > 1 { return false }
        var i = 0
        while i < min(a.count, b.count), a[i] == b[i] { i += 1 }
        if a.count == b.count {
            if i == a.count { return false }
            // substitution: the rest after i must match
            if a[(i + 1)...] == b[(i + 1)...] { return true }
            // swap of neighbours
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        // one insertion or deletion: skip one character of the longer side at the first mismatch
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        return long[(i + 1)...] == short[i...]
    }
}
