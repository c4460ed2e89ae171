import Foundation

/// The common-password list ships as a resource of this module (`common-passwords.txt` beside
/// this file) rather than in the GameRules folder: it is a security floor, the same on every
/// server and in every test, not a game setting an operator tunes, and a rules folder without
/// it must not quietly let "password123" through.
extension PasswordPolicy {
    static let commonListResource = "common-passwords"

    /// The policy with the shipped common-password list.
    ///
    /// - Throws: `CommonPasswordListError` if the list is missing from the resource bundle,
    ///   unreadable or empty (start-up fails rather than run without it).
    static func load() throws(CommonPasswordListError) -> PasswordPolicy {
        let entries = commonListEntries(try shippedCommonList())
        guard !entries.isEmpty else { throw CommonPasswordListError(message: "\(commonListResource).txt lists no password") }
        return PasswordPolicy(commonPasswords: entries)
    }

    /// The text of the shipped list.
    static func shippedCommonList() throws(CommonPasswordListError) -> String {
        guard let url = Bundle.module.url(forResource: commonListResource, withExtension: "txt") else {
            throw CommonPasswordListError(message: "\(commonListResource).txt is not in the DoodleServer resource bundle")
        }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw CommonPasswordListError(message: "cannot read \(url.path): \(error)")
        }
    }

    /// The entries of the list's text: one a line, trimmed; blank lines and `#` comments skipped.
    static func commonListEntries(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

/// The shipped common-password list could not be loaded.
struct CommonPasswordListError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
