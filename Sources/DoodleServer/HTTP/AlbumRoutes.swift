import DoodleCore
import DoodlePictures
import DoodleStorage
import Hummingbird
import Logging

/// A finished game's album: `GET /v1/games/{id}/album.gif?size=256` (every drawing replayed in
/// turn, with its word and drawer) and `GET /v1/games/{id}/album.png?size=256` (one sheet, a
/// grid of them); a telephone game's shows its chains, texts among the drawings. A finished game's
/// album is anyone's, like its drawings (a telephone game is stored once its reveal is over).
/// Answered by `PictureAnswer` (ETag, 304, rendered once on the render pool).
struct AlbumRoutes {
    let reader: any ArchiveReader
    let storage: StorageCalls
    let pictures: Pictures
    let logger: Logger

    func register(on router: Router<DoodleRequestContext>) {
        for (file, format) in [("album.gif", PictureFormat.albumGIF), ("album.png", .albumPNG)] {
            router.get(RouterPath("/v1/games/{id}/\(file)")) { request, context in
                let size = try PictureAnswer.size(in: request, for: format)
                let source = try await albumSource(gameId: try context.parameters.identifier("id", of: "game"))
                return try await PictureAnswer.respond(
                    to: request, key: source.key(format, size: size), cacheControl: Pictures.publicCacheControl, logger: logger
                ) {
                    try await pictures.album(source, format: format, size: size)
                }
            }
        }
    }

    /// The game's drawings as they are stored now. Its revision is a checksum of the game's end
    /// and its drawings' ids, so the album's tag changes when an operator deletes one of them and
    /// at no other time (stored drawings never change). Only the game's row and the drawings'
    /// summaries are read here; their records are read when the album must be rendered.
    private func albumSource(gameId: String) async throws -> AlbumSource {
        guard let game = try await storage({ try await reader.game(id: gameId) }) else {
            throw APIError.notFound("no game has the id \(gameId)")
        }
        if game.mode == .telephone { return try telephoneAlbumSource(game) }
        guard !game.drawings.isEmpty else { throw APIError.notFound("game \(gameId) has no drawings") }
        var hash = FNV1aHash()
        hash.feed(Int(game.endedAt))
        for drawing in game.drawings { hash.feed(drawing.id) }
        let summaries = game.drawings
        return AlbumSource(
            gameId: gameId, revision: Int64(truncatingIfNeeded: hash.value), drawingIds: summaries.map(\.id),
            content: { [reader] in
                var pages: [AlbumPage] = []
                for summary in summaries {
                    // One deleted since the game was read is left out, as the next read will.
                    guard let drawing = try await reader.drawing(id: summary.id) else { continue }
                    pages.append(Self.page(drawing))
                }
                return .drawings(pages)
            })
    }

    /// A telephone game's chains, entry by entry: its revision a checksum of the game's end and
    /// of the drawings its chains still show, so an operator's deletion (which turns an entry into
    /// nothing drawn) gives a new tag.
    private func telephoneAlbumSource(_ game: GameDetails) throws -> AlbumSource {
        guard game.chains.contains(where: { !$0.isEmpty }) else { throw APIError.notFound("game \(game.id) has no chains") }
        let chains = game.chains
        let drawingIds = chains.flatMap { $0.compactMap(\.drawingId) }
        var hash = FNV1aHash()
        hash.feed(Int(game.endedAt))
        for id in drawingIds { hash.feed(id) }
        return AlbumSource(
            gameId: game.id, revision: Int64(truncatingIfNeeded: hash.value), drawingIds: drawingIds,
            content: { [reader] in
                var pages: [[AlbumPage]] = []
                for chain in chains {
                    var chainPages: [AlbumPage] = []
                    // What a drawer was given: the entry before, a text (nothing for a chain's first, whose word its drawing keeps).
                    var prompt = ""
                    for entry in chain {
                        let name = entry.player.name ?? PlayerReference.deletedName
                        if entry.kind != .draw {
                            prompt = entry.text ?? ""
                            chainPages.append(.text(prompt, writer: name, writerAvatar: entry.avatar))
                        } else if let id = entry.drawingId, let drawing = try await reader.drawing(id: id) {
                            chainPages.append(Self.page(drawing))
                        } else {
                            // Nothing drawn (or deleted since the game was read): the empty canvas, captioned all the same.
                            chainPages.append(AlbumPage(items: [], word: prompt, drawer: name, drawerAvatar: entry.avatar))
                        }
                    }
                    pages.append(chainPages)
                }
                return .chains(pages)
            })
    }

    private static func page(_ drawing: DrawingDetails) -> AlbumPage {
        AlbumPage(
            items: CanvasReplay.visibleItems(after: drawing.actions), word: drawing.word, drawer: drawing.drawer.name ?? PlayerReference.deletedName,
            drawerAvatar: drawing.drawerAvatar)
    }
}
