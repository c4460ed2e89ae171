/// A one-use code that lets a new device sign in as the player who asked for it: `XXXX-XXXX`
/// from the invite codes' alphabet (no 0/O/1/I, so it survives being read aloud or typed off
/// another screen). 32⁸ = 2⁴⁰ codes, against at most a few live ones per player and a
/// per-address limit on guesses. Only its hash is stored.
struct LinkCode: Equatable, Sendable {
    /// `K7PQ-2M4X`, what the player sees and types.
    let text: String

    static let groupLength = 4
    /// How long a code stays good.
    static let lifetimeMilliseconds: Int64 = 10 * 60 * 1_000

    /// A fresh random code.
    static func random<G: RandomNumberGenerator>(using generator: inout G) -> LinkCode {
        let characters = (0..<2 * groupLength).map { _ in InviteCode.alphabet.randomElement(using: &generator) ?? "A" }
        return LinkCode(grouping: String(characters))
    }

    /// What a client sent, read leniently: any case, with or without the dash, spaces around
    /// it. Nil when it is not a code of the alphabet.
    init?(typed raw: String) {
        let characters = raw.uppercased().filter { $0 != "-" && !$0.isWhitespace }
        guard characters.count == 2 * Self.groupLength, characters.allSatisfy({ InviteCode.alphabet.contains($0) }) else { return nil }
        self.init(grouping: characters)
    }

    private init(grouping characters: String) {
        text = "\(characters.prefix(Self.groupLength))-\(characters.dropFirst(Self.groupLength))"
    }

    /// The hash under which the code is stored (SHA-256 like a token's).
    var hash: String { PlayerDirectory.hash(text) }
}
