import DoodleCore

/// Invite codes: 6 characters from an alphabet without 0/O/1/I. Party rooms and pair codes
/// share the shape but never a code: the sum of a code's letter positions in the alphabet is
/// even for a party room and odd for a pair code. So a code says which it is before any lookup,
/// a pair code (kept in the database) can never collide with a live party room (kept in
/// memory), and neither side has to check the other.
enum InviteCode {
    static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    static let length = 6

    enum Kind: Sendable, Equatable {
        case party
        case pair
    }

    /// Trims and uppercases what a client sent; nil when it is not a well-formed code.
    static func normalize(_ raw: String) -> String? {
        let code = raw.trimmingWhitespace().uppercased()
        guard code.count == length, code.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return code
    }

    /// Which kind a well-formed code is.
    static func kind(of code: String) -> Kind {
        let sum = code.reduce(0) { total, character in total + (alphabet.firstIndex(of: character) ?? 0) }
        return sum % 2 == 0 ? .party : .pair
    }

    /// A random code of `kind`: the first five characters are uniform, the last one is uniform
    /// among the half of the alphabet that gives the code its kind.
    static func random<G: RandomNumberGenerator>(_ kind: Kind, using generator: inout G) -> String {
        var indices = (0..<length - 1).map { _ in Int.random(in: 0..<alphabet.count, using: &generator) }
        let wanted = kind == .party ? 0 : 1
        let parity = (indices.reduce(0, +) + wanted) % 2
        // Indices 2k + parity make the total's parity the wanted one: 16 of the 32 characters.
        indices.append(2 * Int.random(in: 0..<alphabet.count / 2, using: &generator) + parity)
        return String(indices.map { alphabet[$0] })
    }
}
