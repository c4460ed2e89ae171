/// Opaque ids such as `p_…`, `g_…`, `d_…`: a prefix and 16 characters from a 32-letter
/// alphabet without look-alikes (80 bits). Rooms draw them from their seeded generator, the
/// server from the system's.
public enum OpaqueID {
    private static let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")

    public static func make<G: RandomNumberGenerator>(prefix: String, using generator: inout G) -> String {
        var id = prefix
        for _ in 0..<16 {
            id.append(alphabet.randomElement(using: &generator) ?? "a")
        }
        return id
    }
}
