#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A block of IP addresses an operator bans (PROTOCOL.md rev 5, "Address bans"): an IPv4
/// address with up to 32 leading bits that count (`203.0.113.0/24`), or an IPv6 one with up to
/// 128 (`2001:db8::/48`); a bare address is the block of that one address. An IPv4 address
/// that reaches the server as IPv6 (`::ffff:203.0.113.7`, from a dual-stack socket) is matched
/// as the IPv4 address it is.
public struct AddressPrefix: Sendable, Hashable, CustomStringConvertible {
    /// 4 or 16 bytes, every bit past `length` zero.
    public let bytes: [UInt8]
    /// Leading bits that count: 0…32 for IPv4, 0…128 for IPv6.
    public let length: Int

    /// Nil for anything but an address, optionally followed by `/` and a length within its
    /// family's bits. Bits set past the length are cleared (`203.0.113.7/24` is `203.0.113.0/24`).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.bytes(of: String(parts[0])) else { return nil }
        let bits = address.count * 8
        var length = bits
        if parts.count == 2 {
            // Bounded before use: at most three digits, then within the family's bits.
            guard (1...3).contains(parts[1].count), parts[1].allSatisfy(\.isASCIIDigit), let parsed = Int(parts[1]), parsed <= bits else {
                return nil
            }
            length = parsed
        }
        self.length = length
        self.bytes = Self.masked(address, to: length)
    }

    /// Whether `address` (as the server sees a client's: IPv4, IPv6, or IPv4 mapped into IPv6)
    /// lies in this block; false for anything that is not an address.
    public func contains(_ address: String) -> Bool {
        guard let candidate = Self.bytes(of: address), candidate.count == bytes.count else { return false }
        return Self.masked(candidate, to: length) == bytes
    }

    /// The block as the admin API shows it: the address in its usual text, `/`, the length.
    public var description: String {
        var storage = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let text = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &storage, socklen_t(storage.count)).map { _ in
                String(decoding: storage.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return "\(text ?? "?")/\(length)"
    }

    /// An address's bytes, IPv4-mapped IPv6 as IPv4; nil if `text` is no address.
    static func bytes(of text: String) -> [UInt8]? {
        // A zone (`fe80::1%eth0`) names a link of the server's, no part of a client's address.
        let text = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        guard text.count <= Int(INET6_ADDRSTRLEN) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let raw = withUnsafeBytes(of: &v6) { Array($0) }
        if raw[0..<10].allSatisfy({ $0 == 0 }), raw[10] == 0xff, raw[11] == 0xff { return Array(raw[12...]) }
        return raw
    }

    private static func masked(_ address: [UInt8], to length: Int) -> [UInt8] {
        address.enumerated().map { index, byte in
            let kept = min(max(length - index * 8, 0), 8)
            return kept == 8 ? byte : byte & ~(UInt8(0xff) >> kept)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
