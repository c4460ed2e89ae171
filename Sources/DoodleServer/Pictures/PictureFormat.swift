import DoodlePictures

/// The kinds of picture the server renders: one drawing as a PNG or a replaying GIF, a game's
/// album as a GIF or a PNG sheet. Each has its own sizes, content type and renderer version.
enum PictureFormat: String, Sendable, Hashable {
    case png
    case gif
    case albumGIF = "album-gif"
    case albumPNG = "album-png"

    var contentType: String {
        switch self {
        case .png, .albumPNG: "image/png"
        case .gif, .albumGIF: "image/gif"
        }
    }

    /// The sides a picture (an album's: one drawing of it) may have, in pixels.
    var sizes: ClosedRange<Int> {
        switch self {
        case .png: PNGRenderer.sizes
        case .gif, .albumGIF: GIFRenderer.sizes
        case .albumPNG: AlbumSheetRenderer.sizes
        }
    }

    /// The side a request without `size` gets (PROTOCOL.md: 512 for a PNG, 256 for the rest).
    var defaultSize: Int {
        self == .png ? 512 : 256
    }

    /// The version of the renderer behind this format, part of every `ETag`.
    var rendererVersion: Int {
        switch self {
        case .png: PNGRenderer.version
        case .gif: GIFRenderer.version
        case .albumGIF: GIFRenderer.albumVersion
        case .albumPNG: AlbumSheetRenderer.version
        }
    }
}
