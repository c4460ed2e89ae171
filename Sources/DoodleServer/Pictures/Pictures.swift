import DoodleCore
import DoodleStorage
import NIOCore

/// What a picture is made from: a drawing's id and last change (which name the picture) and,
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

    func key(size: Int) -> PictureCache.Key {
        PictureCache.Key(drawingId: drawingId, size: size, revision: revision)
    }
}

/// PNG pictures of drawings: from the cache, else rendered once on the render pool however
/// many requests ask for them at the same time.
struct Pictures: Sendable {
    let cache: PictureCache
    let pool: RenderPool
    let renderer = PNGRenderer()

    /// A day for a finished game's drawing: it never changes, but a new renderer may draw it anew.
    static let publicCacheControl = "public, max-age=86400"
    /// A client may keep it but must ask (with `If-None-Match`) before showing it again.
    static let privateCacheControl = "private, no-cache"

    func png(_ source: PictureSource, size: Int) async throws -> ByteBuffer {
        let renderer = renderer
        return try await cache.picture(source.key(size: size)) {
            let items = try await source.items()
            return try await pool.run { ByteBuffer(bytes: try renderer.render(items: items, size: size)) }
        }
    }
}
