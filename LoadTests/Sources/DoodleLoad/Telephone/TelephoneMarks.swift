/// What makes a player's work recognisable in any frame: every text carries a token naming its
/// room, seat and step (`tk7r2s0`), and every stroke a colour naming its room and seat. A frame
/// before the reveal that carries a token or colour its recipient neither made nor was given
/// in its own task is a leak.
enum TelephoneMarks {
    static func token(room: Int, seat: Int, step: Int) -> String { "tk\(room)r\(seat)s\(step)" }

    /// `#rrss5a`: room (mod 256) and seat in the first two bytes.
    static func color(room: Int, seat: Int) -> String {
        let hex = Array("0123456789abcdef")
        func byte(_ value: Int) -> String { String([hex[(value >> 4) & 15], hex[value & 15]]) }
        return "#" + byte(room % 256) + byte(seat) + "5a"
    }

    /// Every token in `text`.
    static func tokens(in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let start = rest.firstRange(of: "tk") {
            var end = start.upperBound
            while end < rest.endIndex, rest[end].isNumber || rest[end] == "r" || rest[end] == "s" { end = rest.index(after: end) }
            let candidate = String(rest[start.lowerBound..<end])
            if candidate.count > 2, candidate.contains("r"), candidate.contains("s") { found.append(candidate) }
            rest = rest[end...]
        }
        return found
    }

    /// Every mark colour (`#....5a`) in `text`.
    static func colors(in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let hash = rest.firstIndex(of: "#") {
            let after = rest[rest.index(after: hash)...]
            let code = after.prefix(6)
            if code.count == 6, code.hasSuffix("5a"), code.allSatisfy(\.isHexDigit) { found.append("#" + code) }
            rest = after
        }
        return found
    }
}
