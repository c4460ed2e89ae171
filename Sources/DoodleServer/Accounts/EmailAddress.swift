/// An email address as accounts store and compare it: trimmed and lower-cased, so that
/// "Ada@Example.org " registers and logs in as "ada@example.org".
///
/// Checked only as far as an address can be wrong by mistake (a missing `@`, a space, a domain
/// with no dot); nobody sends mail to it, so it is not parsed by the mail RFCs' full grammar
/// (quoted local parts, comments, IP literals).
struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    /// The most UTF-8 bytes of an address: the mail RFCs' limit for a forward path, in bytes
    /// rather than characters because that is what mail servers count.
    static let maximumBytes = 254

    /// The address trimmed and lower-cased: what `AccountStore` keeps.
    let normalized: String

    /// The part before the `@`.
    var localPart: Substring { normalized[..<atIndex] }
    /// The part after the `@`.
    var domain: Substring { normalized[normalized.index(after: atIndex)...] }

    var description: String { normalized }

    private let atIndex: String.Index

    /// Normalises and checks an address as a client typed it.
    ///
    /// - Throws: `EmailAddressError` naming the first thing wrong.
    init(_ typed: String) throws(EmailAddressError) {
        let normalized = typed.trimmingWhitespace().lowercased()
        if normalized.isEmpty { throw .empty }
        if normalized.utf8.count > Self.maximumBytes { throw .tooLong }
        if normalized.unicodeScalars.contains(where: Self.isRefused) { throw .spaceOrControlCharacter }
        let ats = normalized.indices.filter { normalized[$0] == "@" }
        guard ats.count == 1, let at = ats.first else { throw .notOneAt }
        if at == normalized.startIndex { throw .emptyLocalPart }
        let labels = normalized[normalized.index(after: at)...].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { throw .domainNotDotted }
        self.normalized = normalized
        atIndex = at
    }

    /// Spaces of any kind, control characters, and invisible formatting characters (bidi
    /// overrides, zero-width joiners): none belongs in an address, and the last would make two
    /// addresses that look alike differ.
    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isWhitespace || properties.generalCategory == .control || properties.generalCategory == .format
    }

    static func == (left: EmailAddress, right: EmailAddress) -> Bool { left.normalized == right.normalized }
    func hash(into hasher: inout Hasher) { hasher.combine(normalized) }
}

/// Why a typed email address was refused (the client gets 400 with `message`).
enum EmailAddressError: Error, Equatable, Sendable {
    case empty
    case tooLong
    case spaceOrControlCharacter
    case notOneAt
    case emptyLocalPart
    case domainNotDotted

    var message: String {
        switch self {
        case .empty: "the email address is empty"
        case .tooLong: "the email address is longer than \(EmailAddress.maximumBytes) bytes"
        case .spaceOrControlCharacter: "the email address holds a space, a control character or an invisible formatting character"
        case .notOneAt: "an email address has exactly one @"
        case .emptyLocalPart: "the email address has nothing before its @"
        case .domainNotDotted: "the email address's domain (after the @) needs a dot between non-empty parts, as in example.org"
        }
    }
}

extension String {
    /// Without the whitespace and newlines at either end.
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
