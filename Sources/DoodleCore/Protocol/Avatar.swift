/// A player's face (PROTOCOL.md rev 5, "Avatars"): a colour and one of 8 eyes and 8 mouths,
/// drawn by the clients. `{"color":"#rrggbb","eyes":0–7,"mouth":0–7}` on the wire; anything out
/// of range fails decoding, which the server answers `bad_message`, as for settings.
public struct Avatar: Sendable, Equatable, Hashable {
    public var color: RGBColor
    public var eyes: Int
    public var mouth: Int

    /// How many eyes and mouths the clients draw.
    public static let features = 0...7

    /// Nil when `eyes` or `mouth` is outside `features`.
    public init?(color: RGBColor, eyes: Int, mouth: Int) {
        guard Self.features.contains(eyes), Self.features.contains(mouth) else { return nil }
        self.color = color
        self.eyes = eyes
        self.mouth = mouth
    }

    /// The avatar of a player that never chose one: the same for an id on every server and in
    /// every client (FNV-1a of the id's UTF-8 bytes; the colour from a palette bright enough for
    /// the drawn features to show on it).
    public init(derivedFrom id: PlayerID) {
        let hash = FNV1aHash.of(id)
        let palette = Self.derivedPalette
        color = palette[Int(hash % UInt64(palette.count))]
        eyes = Int((hash >> 16) % 8)
        mouth = Int((hash >> 24) % 8)
    }

    static let derivedPalette: [RGBColor] = [
        0xf2_6b_5b, 0xf5_a6_23, 0xf8_e0_5c, 0x8b_d3_46, 0x3e_c1_a0, 0x4a_a8_f0, 0x7b_7b_f2, 0xc0_7a_f0, 0xf0_7a_c0, 0x9a_c4_d8,
        0xd8_b0_8c, 0xa0_d8_b3,
    ].map { RGBColor(red: UInt8($0 >> 16), green: UInt8($0 >> 8 & 0xff), blue: UInt8($0 & 0xff)) }
}

extension Avatar: Codable {
    private enum CodingKeys: String, CodingKey {
        case color, eyes, mouth
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let colorText = try c.decode(String.self, forKey: .color)
        guard let color = RGBColor(hex: colorText) else {
            throw DecodingError.dataCorruptedError(forKey: .color, in: c, debugDescription: "avatar.color must be #rrggbb")
        }
        let eyes = try c.decode(Int.self, forKey: .eyes)
        let mouth = try c.decode(Int.self, forKey: .mouth)
        guard let avatar = Avatar(color: color, eyes: eyes, mouth: mouth) else {
            throw DecodingError.dataCorruptedError(
                forKey: Self.features.contains(eyes) ? .mouth : .eyes, in: c, debugDescription: "avatar.eyes and avatar.mouth must be 0–7")
        }
        self = avatar
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(color.hex, forKey: .color)
        try c.encode(eyes, forKey: .eyes)
        try c.encode(mouth, forKey: .mouth)
    }
}
