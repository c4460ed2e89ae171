/// libFuzzer target: a request's query string and path ids as the HTTP routes read them —
/// `QueryString` (split and strict percent-decoding), `QueryFields` (bounded numbers, choices,
/// texts), `PathIdentifier`, `EchoedText`, and the leaderboard's calendar arithmetic on every
/// instant the query layer lets through. None of them may trap; what they accept must be inside
/// the bounds they promise; a parsed query encoded again must parse to the same parameters.
///
/// Built by `.ci/fuzz`; see docs/fuzzing.md.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Hummingbird hands the routes the URI as a String, so invalid UTF-8 has been repaired by then.
    let raw = String(decoding: bytes, as: UTF8.self)
    checkQuery(raw[...])
    checkPathIdentifier(raw)
    checkEchoedText(raw)
    checkWholeNumber(raw)
    checkPeriods(bytes)
    return 0
}

/// The names every route reads, besides whatever names the input has.
private let routeNames = ["limit", "at", "size", "before", "period", "phase", "box", "status", "wordPack"]

private func checkQuery(_ raw: Substring) {
    guard let query = try? QueryString(raw) else { return }
    expect(query.parameters.count <= QueryString.maxParameters, "more than \(QueryString.maxParameters) parameters", raw)
    for parameter in query.parameters {
        expect(parameter.value.utf8.count <= QueryString.maxValueBytes, "a value over \(QueryString.maxValueBytes) bytes", raw)
    }
    let again = try? QueryString(encoded(query)[...])
    expect(again == query, "encoding the parameters again read \(String(describing: again?.parameters))", raw)

    let fields = QueryFields(query)
    for name in routeNames + query.parameters.map(\.name) {
        if let value = try? fields.integer(name, in: 1...100) { expect((1...100).contains(value), "integer \(value) outside 1...100", raw) }
        if let value = try? fields.integer(name, in: Int.min...Int.max) { _ = value }
        if let value = try? fields.integer64(name, in: LeaderboardPeriod.instants) {
            expect(LeaderboardPeriod.instants.contains(value), "instant \(value) outside the calendar", raw)
            for period in LeaderboardPeriod.bounded {
                guard let interval = period.interval(containing: value) else {
                    expect(false, "\(period) has no interval at \(value)", raw)
                    continue
                }
                expect(interval.contains(value), "\(period) at \(value) is \(interval.from)..<\(interval.to)", raw)
            }
        }
        if let value = try? fields.text(name, maxLength: 64) {
            expect(value.count <= 64 && !value.isEmpty, "text of \(value.count) characters", raw)
        }
        if let value = try? fields.choice(name, LeaderboardPeriod.self) { _ = value }
        if let value = try? fields.parsed(name, expected: "an id", PathIdentifier.init) {
            expect(value.text.utf8.count <= PathIdentifier.maxLength, "an id of \(value.text.utf8.count) bytes", raw)
        }
    }
}

/// Every byte percent-encoded except the unreserved ones of RFC 3986.
private func encoded(_ query: QueryString) -> String {
    func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
    return query.parameters.map { "\(escape($0.name))=\(escape($0.value))" }.joined(separator: "&")
}

private func checkPathIdentifier(_ raw: String) {
    guard let id = PathIdentifier(raw) else { return }
    expect(!id.text.isEmpty && id.text.utf8.count <= PathIdentifier.maxLength, "an id of \(id.text.utf8.count) bytes", raw[...])
    expect(id.text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") },
        "an id with a byte outside its alphabet", raw[...])
}

private func checkEchoedText(_ raw: String) {
    let shown = EchoedText.of(raw)
    expect(shown.unicodeScalars.count <= 41, "echoed \(shown.unicodeScalars.count) scalars", raw[...])
    expect(!shown.unicodeScalars.contains { $0.properties.generalCategory == .control }, "echoed a control character", raw[...])
}

/// `wholeNumber` against the standard library's parse, where both apply.
private func checkWholeNumber(_ raw: String) {
    let value = QueryFields.wholeNumber(raw)
    let digits = raw.hasPrefix("-") ? raw.utf8.dropFirst() : raw.utf8[...]
    let plain = !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    if plain && digits.count <= 19 {
        expect(value == Int64(raw), "wholeNumber read \(String(describing: value)), Int64 \(String(describing: Int64(raw)))", raw[...])
    } else {
        expect(value == nil, "wholeNumber read \(String(describing: value)) from a text that is no plain number", raw[...])
    }
}

/// The calendar arithmetic on any 64-bit instant (clamped into the calendar) must not trap.
private func checkPeriods(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 8 else { return }
    var instant: Int64 = 0
    for byte in bytes.prefix(8) { instant = instant << 8 | Int64(byte) }
    for period in LeaderboardPeriod.allCases {
        guard let interval = period.interval(containing: instant) else { continue }
        expect(interval.from < interval.to, "\(period) at \(instant) is empty", "\(instant)"[...])
    }
}

private func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, _ raw: Substring) {
    guard !condition() else { return }
    fatalError("round trip or bound failed: \(message()) for \(raw.debugDescription)")
}
