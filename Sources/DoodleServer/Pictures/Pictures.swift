import DoodleCore
import DoodlePictures
import NIOCore

/// What a drawing's picture is made from: its id and last change (which name the picture) and,
/// only when it must be rendered, its visible items.
struct PictureSource: Sendable {
    let drawingId: String
    /// When the drawing last changed, in milliseconds since 1970 (stored drawings never change
    /// after they are stored, so their stored time).
    let revision: Int64
    /// Who may keep the picture: anyone for a finished game's drawing, only the caller for a
    /// pair drawing or a player's latest.
    let cacheControl: String
    /// Read only when the picture must be rendered: a cached picture or a 304 needs none.
    let items: @Sendable () async throws -> [CanvasItem]

    func key(_ format: PictureFormat, size: Int) -> PictureCache.Key {
        PictureCache.Key(drawingId: drawingId, format: format, size: size, revision: revision)
    }
}

/// What an album shows: a party game's drawings in the order they were drawn, or a telephone
/// game's chains, each in order.
enum AlbumContent: Sendable {
    case drawings([AlbumPage])
    case chains([[AlbumPage]])
}

/// What a game's album is made from: the game and its drawings' ids (which name the album) and,
/// only when it must be rendered, each drawing's items, word and drawer (and a telephone chain's texts).
struct AlbumSource: Sendable {
    let gameId: String
    /// Changes when the game's drawings do (one deleted): see `AlbumRoutes`.
    let revision: Int64
    let drawingIds: [String]
    let content: @Sendable () async throws -> AlbumContent

    func key(_ format: PictureFormat, size: Int) -> PictureCache.Key {
        PictureCache.Key(subject: gameId, format: format, size: size, revision: revision, drawingIds: drawingIds)
    }
}

/// Pictures of drawings and albums: from the cache, else rendered once on the render pool however
/// many requests ask for them at the same time.
struct Pictures: Sendable {
    let cache: PictureCache
    let pool: RenderPool
    let png = PNGRenderer()
    let gif = GIFRenderer()
    let sheet = AlbumSheetRenderer()

    /// A day for a finished game's drawing: it never changes, but a new renderer may draw it anew.
    static let publicCacheControl = "public, max-age=86400"
    /// A client may keep it but must ask (with `If-None-Match`) before showing it again.
    static let privateCacheControl = "private, no-cache"

    /// The drawing as a PNG or a GIF.
    func drawing(_ source: PictureSource, format: PictureFormat, size: Int) async throws -> ByteBuffer {
        let (png, gif) = (png, gif)
        return try await cache.picture(source.key(format, size: size)) {
            let items = try await source.items()
            return try await pool.run {
                ByteBuffer(bytes: format == .gif ? try gif.render(items: items, size: size) : try png.render(items: items, size: size))
            }
        }
    }

    /// The album as a GIF or a PNG sheet.
    func album(_ source: AlbumSource, format: PictureFormat, size: Int) async throws -> ByteBuffer {
        let (gif, sheet) = (gif, sheet)
        return try await cache.picture(source.key(format, size: size)) {
            let content = try await source.content()
            return try await pool.run {
                switch (format == .albumGIF, content) {
                case (true, .drawings(let pages)): ByteBuffer(bytes: try gif.renderAlbum(pages, size: size))
                // One page after another, as the reveal showed them.
                case (true, .chains(let chains)): ByteBuffer(bytes: try gif.renderAlbum(chains.flatMap { $0 }, size: size))
                case (false, .drawings(let pages)): ByteBuffer(bytes: try sheet.render(pages, cellSize: size))
                case (false, .chains(let chains)): ByteBuffer(bytes: try sheet.render(chains: chains, cellSize: size))
                }
            }
        }
    }
}
