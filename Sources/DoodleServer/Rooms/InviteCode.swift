import DoodleCore

/// Invite codes: 6 characters from an alphabet without 0/O/1/I.
enum InviteCode {
    static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    static let length = 6

    /// Trims and uppercases what a client sent; nil when it is not a well-formed code.
    static func normalize(_ raw: String) -> String? {
        let code = raw.trimmingWhitespace().uppercased()
        guard code.count == length, code.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return code
    }

    static func random<G: RandomNumberGenerator>(using generator: inout G) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "A" })
    }
}
