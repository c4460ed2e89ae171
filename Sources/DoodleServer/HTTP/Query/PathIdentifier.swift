/// An id as a path segment or a cursor carries it (`/v1/drawings/{id}`, `before=`): 1 to 64
/// ASCII letters, digits, `_` and `-`. Every id the server makes (`OpaqueID`: a prefix and 16
/// characters) has that shape, so anything else names nothing; refusing it at the parse keeps
/// a client's kilobyte, or bytes that are not UTF-8, out of the database's queries and out of the
/// error messages that echo the id. Nothing here imports the server framework (the libFuzzer
/// target `QueryString` builds it alone).
struct PathIdentifier: Equatable {
    static let maxLength = 64

    let text: String

    /// Nil unless `raw` has an id's shape.
    init?(_ raw: String) {
        guard !raw.utf8.isEmpty, raw.utf8.count <= Self.maxLength, raw.utf8.allSatisfy(Self.isIdentifierByte) else { return nil }
        text = raw
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
