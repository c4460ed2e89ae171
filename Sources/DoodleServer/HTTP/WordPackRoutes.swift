import DoodleCore
import Hummingbird

/// `GET /v1/word-packs`: the installed word packs, for a client's pack picker.
struct WordPackRoutes {
    let packs: [String: WordPack]

    func register(on router: Router<DoodleRequestContext>) {
        // Packs are read once at start-up and never change, so the answer is built once too.
        let listing = WordPackSummary.listing(packs)
        router.get("/v1/word-packs") { _, _ in listing }
    }
}

/// One installed pack as `GET /v1/word-packs` lists it.
struct WordPackSummary: Encodable, Equatable, Sendable {
    /// What `settings.wordPack` takes.
    var id: String
    /// The pack's name in its own language.
    var name: String
    var words: Int

    /// Every pack, sorted by id.
    static func listing(_ packs: [String: WordPack]) -> [WordPackSummary] {
        packs.values.map { WordPackSummary(id: $0.name, name: $0.displayName, words: $0.words.count) }.sorted { $0.id < $1.id }
    }
}
