/// Why a drawing could not be rendered as a picture.
public enum PictureError: Error, Equatable, CustomStringConvertible {
    /// The requested side is outside the sizes this kind of picture comes in.
    case sizeOutOfRange(Int, allowed: ClosedRange<Int> = PNGRenderer.sizes)
    /// Cairo refused (out of memory, most likely), in its own words.
    case cairo(String)
    /// zlib could not compress a PNG.
    case zlib(String)
    /// giflib refused, in its own words.
    case gif(String)

    public var description: String {
        switch self {
        case .sizeOutOfRange(let size, let allowed):
            "a picture is \(allowed.lowerBound) to \(allowed.upperBound) pixels square, not \(size)"
        case .cairo(let message):
            "Cairo could not render the picture: \(message)"
        case .zlib(let message):
            "zlib could not compress the PNG: \(message)"
        case .gif(let message):
            "giflib could not write the GIF: \(message)"
        }
    }
}
