/// A `#rrggbb` colour as three bytes: the one parser of the contract's colours. The drawing
/// board checks and lowercases what clients send with it, the stroke codec stores colours so,
/// and the SVG renderer's flood-fill raster compares them as integers.
public struct RGBColor: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public static let white = RGBColor(red: 0xff, green: 0xff, blue: 0xff)
    public static let black = RGBColor(red: 0, green: 0, blue: 0)

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Only the exact form DrawingBoard relays (`#` and six lowercase hex digits), so that
    /// decoding `hex` gives back the very same string.
    public init?(lowercaseHex text: String) {
        guard let value = Self.parse(text, acceptingUppercase: false) else { return nil }
        self = value
    }

    /// `#rrggbb` in either case.
    public init?(hex text: String) {
        guard let value = Self.parse(text, acceptingUppercase: true) else { return nil }
        self = value
    }

    /// `#rrggbb` in lowercase, the form the room relays.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for component in [red, green, blue] {
            bytes.append(digits[Int(component >> 4)])
            bytes.append(digits[Int(component & 0x0f)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The colour packed as 0xRRGGBB.
    public var packed: UInt32 {
        UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    private static func parse(_ text: String, acceptingUppercase: Bool) -> RGBColor? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 7, utf8[0] == UInt8(ascii: "#") else { return nil }
        var nibbles: [UInt8] = []
        for character in utf8.dropFirst() {
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(character - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(character - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where acceptingUppercase: nibbles.append(character - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return RGBColor(red: nibbles[0] << 4 | nibbles[1], green: nibbles[2] << 4 | nibbles[3], blue: nibbles[4] << 4 | nibbles[5])
    }
}
