import DoodleCore

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
            var scanner = FlatJSONScanner(bytes: bytes)
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
}

extension FlatJSONScanner {
    /// One drawing event, or nil for anything else.
    mutating func drawing() -> DrawingFrameScan? {
        var kind: DrawingFrameScan.Kind?
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
            // A value that does not read, or a key met twice, ends the scan: the caller then
            // decodes the frame properly (the same rule as the server's stroke reader).
            case "seq":
                guard seq == nil, let value = integer() else { return nil }
                seq = value
            case "strokeId":
                guard strokeId == nil, let value = integer() else { return nil }
                strokeId = value
            case "points":
                var first: [Int] = []
                var count = 0
                let isArray = integers { value in
                    if count < 2 { first.append(value) }
                    count += 1
                }
                guard isArray else { return nil }
                pointCount = count
                if first.count == 2 { head = (first[0], first[1]) }
            default:
                guard skipScalar() else { return nil }
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), let kind, let seq, let strokeId else { return nil }
        return DrawingFrameScan(kind: kind, seq: seq, strokeId: strokeId, head: head, pointCount: pointCount)
    }
}
