/// Why a drawing could not be rendered as a picture.
public enum PictureError: Error, Equatable, CustomStringConvertible {
    /// The requested side is outside `PNGRenderer.sizes`.
    case sizeOutOfRange(Int)
    /// Cairo refused (out of memory, most likely), in its own words.
    case cairo(String)

    public var description: String {
        switch self {
        case .sizeOutOfRange(let size):
            "a picture is \(PNGRenderer.sizes.lowerBound) to \(PNGRenderer.sizes.upperBound) pixels square, not \(size)"
        case .cairo(let message):
            "Cairo could not render the picture: \(message)"
        }
    }
}
