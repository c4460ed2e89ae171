/// Reads flat JSON objects — the shape of every drawing message — straight from their bytes,
/// for the two hot paths where `JSONDecoder` cost too much: the server reading strokes and the
/// load generator reading deliveries. It accepts only the plainest JSON (strings of printable
/// ASCII without escapes, integers without fraction, exponent or leading zeros); on anything
/// else a read returns nil and the caller falls back to `JSONDecoder`.
///
/// After a read returns nil (or false) the position is wherever the read stopped, possibly
/// inside the value: the caller must give up on the input, not carry on from there.
public struct FlatJSONScanner {
    public let bytes: UnsafeBufferPointer<UInt8>
    public private(set) var index = 0

    public init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// True when only white space is left.
    public mutating func isAtEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    public mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// Skips white space, then takes `byte` if it comes next.
    public mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A string of printable ASCII without escapes.
    public mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] >= 0x20, bytes[index] < 0x7F, bytes[index] != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A JSON integer of at most 15 digits (no overflow possible), no leading zeros.
    public mutating func integer() -> Int? {
        skipSpace()
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
            if index - start > 15 { return nil }
        }
        let digits = index - start
        guard digits > 0, !(digits > 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            return nil
        }
        return negative ? -value : value
    }

    /// An array of integers, each handed to `visit` in order; false if it is not one.
    public mutating func integers(_ visit: (Int) -> Void) -> Bool {
        guard consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard let value = integer() else { return false }
            visit(value)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    /// Skips a string, number or literal; false for arrays, objects or anything malformed.
    public mutating func skipScalar() -> Bool {
        skipSpace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let word = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= word.count, bytes[index..<index + word.count].elementsEqual(word) else { return false }
        index += word.count
        return true
    }

    /// A JSON number of any form: `-`? then `0` or digits without a leading zero, then an
    /// optional fraction and exponent, each with at least one digit (RFC 8259, section 6).
    private mutating func number() -> Bool {
        _ = take(UInt8(ascii: "-"))
        if !take(UInt8(ascii: "0")) {
            guard index < bytes.count, bytes[index] >= UInt8(ascii: "1"), bytes[index] <= UInt8(ascii: "9") else { return false }
            skipDigits()
        }
        if take(UInt8(ascii: ".")) {
            guard skipDigits() else { return false }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            guard skipDigits() else { return false }
        }
        return true
    }

    /// Takes `byte` if it comes next, white space not skipped.
    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips digits; false if there was none.
    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
        }
        return index > start
    }
}
