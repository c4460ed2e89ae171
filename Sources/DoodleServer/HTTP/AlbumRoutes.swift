import DoodleCore
import DoodlePictures
import DoodleStorage
import Hummingbird
import Logging

/// A finished game's album: `GET /v1/games/{id}/album.gif?size=256` (every drawing replayed in
/// turn, with its word and drawer) and `GET /v1/games/{id}/album.png?size=256` (one sheet, a
/// grid of them). Games are party games, so their albums are anyone's, like their drawings.
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
        guard !game.drawings.isEmpty else { throw APIError.notFound("game \(gameId) has no drawings") }
        var hash = FNV1aHash()
        hash.feed(Int(game.endedAt))
        for drawing in game.drawings { hash.feed(drawing.id) }
        let summaries = game.drawings
        return AlbumSource(
            gameId: gameId, revision: Int64(truncatingIfNeeded: hash.value), drawingIds: summaries.map(\.id),
            pages: { [reader] in
                var pages: [AlbumPage] = []
                for summary in summaries {
                    // One deleted since the game was read is left out, as the next read will.
                    guard let drawing = try await reader.drawing(id: summary.id) else { continue }
                    pages.append(
                        AlbumPage(
                            items: CanvasReplay.visibleItems(after: drawing.actions), word: drawing.word,
                            drawer: drawing.drawer.name ?? PlayerReference.deletedName, drawerAvatar: drawing.drawerAvatar))
                }
                return pages
            })
    }
}
