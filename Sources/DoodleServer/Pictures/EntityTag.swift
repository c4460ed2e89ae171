import DoodleStorage
import Foundation

/// A picture's strong `ETag`: its drawing (or game), last change, format, size and renderer
/// version, so any of them changing gives a new tag and nothing else does. Computed without
/// rendering, so a client's `If-None-Match` is answered 304 from the stored rows alone.
struct EntityTag: Equatable, Sendable {
    /// The quoted header value, e.g. `"d_7Kx2.1700000000000.512.r1"` for a PNG (the format is
    /// named for the others: `"d_7Kx2.1700000000000.256.gif.r1"`).
    let value: String

    init(_ key: PictureCache.Key, rendererVersion: Int? = nil) {
        let version = rendererVersion ?? key.format.rendererVersion
        let format = key.format == .png ? "" : ".\(key.format.rawValue)"
        value = "\"\(key.subject).\(key.revision).\(key.size)\(format).r\(version)\""
    }

    /// Whether an `If-None-Match` header names this tag: `*`, or a comma-separated list of
    /// tags compared weakly (a `W/` prefix is ignored), as RFC 9110 asks for `If-None-Match`.
    func isMatched(byIfNoneMatch header: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            return (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == value
        }
    }
}
