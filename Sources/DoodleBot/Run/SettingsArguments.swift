import DoodleCore

/// Parses `--settings key=value` arguments into a settings patch.
public enum SettingsArguments {
    static let integerKeys = ["maxPlayers", "rounds", "drawSeconds", "chooseSeconds", "revealSeconds", "wordChoices", "hints", "writeSeconds", "steps"]
    static let booleanKeys = ["customWordsOnly", "lateJoin"]
    /// `start` is a telephone room's: `write` or `words`.
    static let stringKeys = ["wordPack", "start"]
    /// `customWords` takes a comma-separated list.
    static let listKeys = ["customWords"]

    public static var knownKeys: [String] { integerKeys + booleanKeys + stringKeys + listKeys }

    /// - Throws: ``BotOptionsError`` naming the bad argument: no `=`, an unknown key, a value of
    ///   the wrong kind, or a key given twice. Ranges are the server's to check.
    public static func parse(_ arguments: [String]) throws(BotOptionsError) -> SettingsPatch {
        var patch = SettingsPatch()
        var seen = Set<String>()
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else {
                throw BotOptionsError("--settings '\(argument)': expected key=value")
            }
            let key = String(argument[..<equals]).trimmingWhitespace()
            let value = String(argument[argument.index(after: equals)...]).trimmingWhitespace()
            guard knownKeys.contains(key) else {
                throw BotOptionsError("--settings: unknown key '\(key)' (known: \(knownKeys.joined(separator: ", ")))")
            }
            guard seen.insert(key).inserted else { throw BotOptionsError("--settings: '\(key)' is given twice") }
            if integerKeys.contains(key) {
                guard let number = Int(value) else { throw BotOptionsError("--settings \(key): '\(value)' is not an integer") }
                switch key {
                case "maxPlayers": patch.maxPlayers = number
                case "rounds": patch.rounds = number
                case "drawSeconds": patch.drawSeconds = number
                case "chooseSeconds": patch.chooseSeconds = number
                case "revealSeconds": patch.revealSeconds = number
                case "wordChoices": patch.wordChoices = number
                case "writeSeconds": patch.writeSeconds = number
                case "steps": patch.steps = .some(number)
                default: patch.hints = number
                }
            } else if booleanKeys.contains(key) {
                let flag: Bool
                switch value.lowercased() {
                case "true", "yes", "1", "on": flag = true
                case "false", "no", "0", "off": flag = false
                default: throw BotOptionsError("--settings \(key): '\(value)' is not true or false")
                }
                if key == "customWordsOnly" { patch.customWordsOnly = flag } else { patch.lateJoin = flag }
            } else if key == "start" {
                guard let start = TelephoneStart(rawValue: value) else { throw BotOptionsError("--settings start: 'write' or 'words', not '\(value)'") }
                patch.start = start
            } else if key == "wordPack" {
                guard !value.isEmpty else { throw BotOptionsError("--settings wordPack: needs a pack name") }
                patch.wordPack = value
            } else {
                let words = value.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
                guard !words.isEmpty else { throw BotOptionsError("--settings customWords: needs a comma-separated list of words") }
                patch.customWords = words
            }
        }
        return patch
    }
}
