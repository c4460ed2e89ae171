import DoodleCore

/// The few facts a receiver needs from the frames a streaming room sends most, read straight
/// from their bytes: a drawing event's `seq`, `strokeId` and head of `points`, a chat line's `seq`.
///
/// Decoding every delivery with `JSONDecoder` made the generator, not the server, the limit of
/// the ramp. Both events are flat JSON objects, so one pass over their bytes finds what is
/// needed, with nothing allocated. Anything else — or anything this scanner does not expect —
/// returns nil, and the caller decodes the frame properly.
struct StreamFrameScan: Equatable {
    enum Kind: Equatable { case strokeBegin, strokePoints, strokeEnd, chat }

    var kind: Kind
    var seq: Int
    /// The stroke a drawing event belongs to; 0 for a chat line.
    var strokeId: Int
    /// The first two numbers of `points` (the batch index and the stroke check, see `StrokePlan`).
    var head: (Int, Int)?
    var pointCount: Int

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.seq == rhs.seq && lhs.strokeId == rhs.strokeId && lhs.head?.0 == rhs.head?.0
            && lhs.head?.1 == rhs.head?.1 && lhs.pointCount == rhs.pointCount
    }
}

extension StreamFrameScan {
    init?(_ text: String) {
        var text = text
        guard let scanned = text.withUTF8({ StreamFrameScan(bytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = scanned
    }

    init?(bytes: UnsafeRawBufferPointer) {
        var scanner = FlatJSONScanner(bytes: bytes.assumingMemoryBound(to: UInt8.self))
        guard let scanned = scanner.streamFrame() else { return nil }
        self = scanned
    }
}

extension FlatJSONScanner {
    /// One drawing event or chat line, or nil for anything else.
    mutating func streamFrame() -> StreamFrameScan? {
        var kind: StreamFrameScan.Kind?
        var seq: Int?
        var strokeId: Int?
        var first: Int?
        var second: Int?
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
                case "chat": kind = .chat
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
                var count = 0
                let isArray = integers { value in
                    if count == 0 { first = value } else if count == 1 { second = value }
                    count += 1
                }
                guard isArray else { return nil }
                pointCount = count
            default:
                guard skipScalar() else { return nil }
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), let kind, let seq else { return nil }
        let head = first.flatMap { first in second.map { (first, $0) } }
        if kind == .chat { return StreamFrameScan(kind: kind, seq: seq, strokeId: 0, head: nil, pointCount: 0) }
        guard let strokeId else { return nil }
        return StreamFrameScan(kind: kind, seq: seq, strokeId: strokeId, head: head, pointCount: pointCount)
    }
}
