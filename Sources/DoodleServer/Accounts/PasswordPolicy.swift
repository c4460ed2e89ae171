/// Which passwords an account may have (contract: 10–128 characters, and not a common one).
///
/// A password is refused when its length is out of bounds; when it, or its core, is on the
/// common list (`PasswordPolicy+CommonList.swift`); when it is one character repeated, or a short
/// group repeated ("abcabcabca"); when it is a run up or down the alphabet or the digits
/// ("abcdefghij", "9876543210"); or when it holds the local part of the account's email.
/// All comparisons are made case-insensitively. Checked when a password is chosen, never at login.
struct PasswordPolicy: Sendable {
    /// Lengths count Characters (what a person sees as one character: "é" is one whether typed
    /// as one code point or two, an emoji with skin tone is one), not bytes or code points: a
    /// bound in bytes would let a Latin password be four times longer than a Chinese one, and a
    /// bound in code points would depend on how the keyboard composed the accents.
    static let minimumLength = 10
    static let maximumLength = 128
    /// Local parts shorter than this are not looked for in the password: "al" or "jo" turn up
    /// inside too many unrelated words.
    static let shortestLocalPartLookedFor = 4
    /// The longest group whose repetition is refused ("ab" in "ababababab", "1234" in
    /// "1234123412").
    static let longestRepeatedGroup = 4

    /// The shortest core of a listed entry that is kept as an entry of its own.
    static let shortestListedCore = 3

    /// The common passwords and words, normalised as `normalizedForComparison` does, and their
    /// cores: "trustno1" is listed as "trustno" too, so "Trustno1!!" (core "trustno") is refused.
    let commonPasswords: Set<String>

    init(commonPasswords: some Sequence<String>) {
        var entries: Set<String> = []
        for entry in commonPasswords {
            let normalized = Self.normalizedForComparison(entry)
            entries.insert(normalized)
            let core = Self.core(of: normalized)
            if core.count >= Self.shortestListedCore { entries.insert(core) }
        }
        self.commonPasswords = entries
    }

    /// Why the password may not be chosen, or nil if it may.
    ///
    /// - Parameter email: the account's email, when known (its local part must not be in the password).
    func refusal(of password: String, email: EmailAddress?) -> PasswordRefusal? {
        let length = password.count
        if length < Self.minimumLength { return .tooShort }
        if length > Self.maximumLength { return .tooLong }
        let normalized = Self.normalizedForComparison(password)
        let core = Self.core(of: normalized)
        if Self.isRepetition(normalized) || Self.isRepetition(core) { return .repeated }
        if Self.isRun(normalized) || Self.isRun(core) { return .run }
        if let email, email.localPart.count >= Self.shortestLocalPartLookedFor, normalized.contains(email.localPart) {
            return .containsEmail
        }
        if isCommon(normalized: normalized, core: core) { return .common }
        return nil
    }

    /// Lower-cased. (Swift compares strings by canonical equivalence, so "é" composed or not
    /// needs no further normalising for the set look-up.)
    static func normalizedForComparison(_ password: some StringProtocol) -> String {
        password.lowercased()
    }

    private func isCommon(normalized: String, core: String) -> Bool {
        let candidates = [normalized, core, Self.withoutLeetspeak(normalized), Self.withoutLeetspeak(core)]
        return candidates.contains { !$0.isEmpty && commonPasswords.contains($0) }
    }

    /// The password without the digits and symbols at its ends: "password" in "!password2024",
    /// the word people decorate to pass a rule.
    static func core(of normalized: String) -> String {
        let characters = Array(normalized)
        guard let first = characters.firstIndex(where: \.isLetter), let last = characters.lastIndex(where: \.isLetter) else { return "" }
        return String(characters[first...last])
    }

    /// Digits and symbols read as the letters they stand for: "p@ssw0rd" is "password".
    static func withoutLeetspeak(_ normalized: String) -> String {
        String(normalized.map { leetspeak[$0] ?? $0 })
    }

    private static let leetspeak: [Character: Character] = [
        "0": "o", "1": "i", "!": "i", "|": "l", "3": "e", "4": "a", "@": "a", "5": "s", "$": "s", "7": "t", "+": "t", "8": "b", "9": "g",
    ]

    /// One character, or a group of at most `longestRepeatedGroup`, repeated throughout
    /// (the last repetition may be cut short). Strings shorter than two groups do not count.
    static func isRepetition(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 2 else { return false }
        for group in 1...longestRepeatedGroup where characters.count >= 2 * group {
            if characters.indices.allSatisfy({ characters[$0] == characters[$0 % group] }) { return true }
        }
        return false
    }

    /// Each character one after the one before, or each one before: "abcdefghij", "zyxwvu",
    /// "4567890123" (digits go round, 9 then 0). At least three characters.
    static func isRun(_ text: String) -> Bool {
        let positions = text.map(runPosition)
        guard positions.count >= 3 else { return false }
        var steps: [Int] = []
        for (from, to) in zip(positions, positions.dropFirst()) {
            guard let from, let to, let direction = step(from: from, to: to) else { return false }
            steps.append(direction)
        }
        return steps.allSatisfy { $0 == 1 } || steps.allSatisfy { $0 == -1 }
    }

    /// +1 from a character to the next one, -1 to the one before, else nil. Going round is for
    /// digits only: "8901" is a run, "yzab" is not.
    private static func step(from: (alphabet: Alphabet, index: Int), to: (alphabet: Alphabet, index: Int)) -> Int? {
        guard from.alphabet == to.alphabet else { return nil }
        let difference = to.index - from.index
        switch from.alphabet {
        case .digits:
            switch (difference + 10) % 10 {
            case 1: return 1
            case 9: return -1
            default: return nil
            }
        case .letters:
            return abs(difference) == 1 ? difference : nil
        }
    }

    private enum Alphabet { case digits, letters }

    private static func runPosition(_ character: Character) -> (alphabet: Alphabet, index: Int)? {
        guard let ascii = character.asciiValue else { return nil }
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return (.digits, Int(ascii - UInt8(ascii: "0")))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return (.letters, Int(ascii - UInt8(ascii: "a")))
        default: return nil
        }
    }
}

/// Why a password may not be chosen. Every case is 400 `weak_password` on the wire; `message`
/// tells the person what to change.
enum PasswordRefusal: Equatable, Sendable {
    case tooShort
    case tooLong
    case repeated
    case run
    case containsEmail
    case common

    var message: String {
        switch self {
        case .tooShort: "a password needs at least \(PasswordPolicy.minimumLength) characters"
        case .tooLong: "a password has at most \(PasswordPolicy.maximumLength) characters"
        case .repeated: "a password that repeats one character or a short group is guessed at once"
        case .run: "a password that runs along the alphabet or the digits is guessed at once"
        case .containsEmail: "a password must not contain your email address's name"
        case .common: "this password is among the most common ones; choose a less usual one"
        }
    }
}
