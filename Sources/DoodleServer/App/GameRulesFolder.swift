import DoodleCore

/// The GameRules folder as loaded: the rules, the word packs by name and the blocklist.
struct GameRulesFolder: Sendable {
    let rules: GameRules
    let packs: [String: WordPack]
    let blocklist: Blocklist

    /// - Throws: `RulesError` naming the file and the field that cannot be used.
    static func load(_ folder: String) throws -> GameRulesFolder {
        let (rules, packs, blocklist) = try RulesLoader.load(folder: folder)
        return GameRulesFolder(rules: rules, packs: packs, blocklist: blocklist)
    }
}
