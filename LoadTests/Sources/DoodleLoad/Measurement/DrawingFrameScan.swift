/// The few facts a receiver needs from a drawing event, read straight from the frame's text.
///
/// Decoding every delivery with `JSONDecoder` made the generator, not the server, the limit of
/// the ramp. A drawing event is one flat JSON object, so one pass over its bytes finds `type`,
/// `seq`, `strokeId` and the head of `points`. Anything else — or anything this scanner does not
/// expect — returns nil, and the caller decodes the frame properly.
struct DrawingFrameScan: Equatable {
    enum Kind: Equatable { case strokeBegin, strokePoints, strokeEnd }

    var kind: Kind
    var seq: Int
    var strokeId: Int
    /// The first two numbers of `points` (the batch index and the stroke check, see `StrokePlan`).
    var head: (Int, Int)?
    var pointCount: Int

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.seq == rhs.seq && lhs.strokeId == rhs.strokeId && lhs.head?.0 == rhs.head?.0
            && lhs.head?.1 == rhs.head?.1 && lhs.pointCount == rhs.pointCount
    }

    init?(_ text: String) {
        var text = text
        guard let scanned = text.withUTF8({ bytes -> DrawingFrameScan? in
            var scanner = Scanner(bytes: bytes)
            return scanner.drawing()
        }) else { return nil }
        self = scanned
    }

    init(kind: Kind, seq: Int, strokeId: Int, head: (Int, Int)?, pointCount: Int) {
        self.kind = kind
        self.seq = seq
        self.strokeId = strokeId
        self.head = head
        self.pointCount = pointCount
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func drawing() -> DrawingFrameScan? {
            var kind: Kind?
            var seq: Int?
            var strokeId: Int?
            var head: (Int, Int)?
            var pointCount = 0
            guard consume(UInt8(ascii: "{")) else { return nil }
            if consume(UInt8(ascii: "}")) { return nil }
            repeat {
                guard let key = string() else { return nil }
                guard consume(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "type":
                    switch string() {
                    case "strokeBegin": kind = .strokeBegin
                    case "strokePoints": kind = .strokePoints
                    case "strokeEnd": kind = .strokeEnd
                    default: return nil
                    }
                case "seq": seq = integer()
                case "strokeId": strokeId = integer()
                case "points":
                    guard let numbers = integers(keeping: 2) else { return nil }
                    pointCount = numbers.count
                    if numbers.head.count >= 2 { head = (numbers.head[0], numbers.head[1]) }
                default:
                    guard skipValue() else { return nil }
                }
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")), let kind, let seq, let strokeId else { return nil }
            return DrawingFrameScan(kind: kind, seq: seq, strokeId: strokeId, head: head, pointCount: pointCount)
        }

        private mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        private mutating func consume(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string without escapes (keys and the values read here never have any).
        private mutating func string() -> String? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        private mutating func integer() -> Int? {
            skipSpace()
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            var value = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), digits < 18 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            guard digits > 0 else { return nil }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
            return negative ? -value : value
        }

        /// An array of integers: how many, and the first `keeping` of them.
        private mutating func integers(keeping: Int) -> (count: Int, head: [Int])? {
            guard consume(UInt8(ascii: "[")) else { return nil }
            var head: [Int] = []
            var count = 0
            if consume(UInt8(ascii: "]")) { return (0, head) }
            repeat {
                guard let value = integer() else { return nil }
                if count < keeping { head.append(value) }
                count += 1
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { return nil }
            return (count, head)
        }

        /// Skips a string, number or literal; nested values are not expected in a drawing event.
        private mutating func skipValue() -> Bool {
            skipSpace()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "\"") { return string() != nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "}") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"") { return false }
                index += 1
            }
            return index > start
        }
    }
}
