import Testing

@testable import DoodleServer

@Suite("Query parameters: strict decoding and bounded numbers")
struct QueryFieldsTests {
    private func fields(_ raw: String) throws -> QueryFields { try QueryFields(raw: raw[...]) }

    @Test("names and values are percent-decoded; empty parts are skipped; a part without = has an empty value")
    func decoding() throws {
        let query = try QueryString("a%20b=c%2Fd&&flag&%C3%A9=%E2%9C%93&plus=1+2"[...])
        #expect(query.parameters.map(\.name) == ["a b", "flag", "é", "plus"])
        #expect(query.parameters.map(\.value) == ["c/d", "", "✓", "1+2"])
        #expect(try QueryString(nil).parameters.isEmpty)
        #expect(try QueryString(""[...]).parameters.isEmpty)
    }

    @Test("a bad escape, bytes that are not UTF-8, too many parameters, an oversized value: refused, naming the parameter where there is one")
    func malformed() {
        #expect(throws: QueryFieldError(field: "at", "at has a % not followed by two hex digits")) { try QueryString("at=%2"[...]) }
        #expect(throws: QueryFieldError(field: "at", "at is not UTF-8 text")) { try QueryString("at=%FF"[...]) }
        #expect(throws: QueryFieldError(field: nil, "a parameter's name is not UTF-8 text")) { try QueryString("%C0%80=1"[...]) }
        #expect(throws: QueryFieldError.self) { try QueryString((0...32).map { "p\($0)=1" }.joined(separator: "&")[...]) }
        #expect(throws: QueryFieldError.self) { try QueryString("v=\(String(repeating: "x", count: 1025))"[...]) }
        #expect(throws: Never.self) { try QueryString("v=\(String(repeating: "x", count: 1024))"[...]) }
    }

    @Test("a repeated name is refused when a route reads it, ignored when none does")
    func repeated() throws {
        let query = try fields("limit=1&limit=2&_=1&_=2&size=5")
        #expect(throws: QueryFieldError(field: "limit", "limit is given more than once")) { try query.integer("limit", in: 1...100) }
        #expect(try query.integer("size", in: 1...100) == 5)
    }

    @Test("integers: digits with an optional minus, inside the range; 64-bit extremes, signs, spaces and exponents refused")
    func integers() throws {
        #expect(try fields("limit=100").integer("limit", in: 1...100) == 100)
        #expect(try fields("limit=-5").integer("limit", in: -10...10) == -5)
        #expect(try fields("").integer("limit", in: 1...100) == nil)
        for bad in ["0", "101", "-1", "+5", "%205", "5.0", "1e2", "0x10", "", "-", "9223372036854775807", "9223372036854775808", "-9223372036854775809"] {
            #expect(throws: QueryFieldError(field: "limit", "limit must be an integer from 1 to 100"), "\(bad)") {
                try fields("limit=\(bad)").integer("limit", in: 1...100)
            }
        }
        #expect(try fields("at=-9223372036854775808").integer64("at", in: .min ... .max) == .min)
        #expect(try fields("at=9223372036854775807").integer64("at", in: .min ... .max) == .max)
        #expect(QueryFields.wholeNumber("00000000000000000001") == nil)  // 20 digits: never converted
        #expect(QueryFields.wholeNumber("0000000000000000001") == 1)
    }

    @Test("choices list their values; texts are bounded and without control characters; parsed values say what they expect")
    func choicesAndTexts() throws {
        #expect(try fields("period=week").choice("period", LeaderboardPeriodChoice.self) == .week)
        #expect(throws: QueryFieldError(field: "period", "period must be day, week or all")) {
            try fields("period=year").choice("period", LeaderboardPeriodChoice.self)
        }
        #expect(try fields("pack=en").text("pack", maxLength: 4) == "en")
        #expect(throws: QueryFieldError.self) { try fields("pack=%00").text("pack", maxLength: 4) }
        #expect(throws: QueryFieldError.self) { try fields("pack=abcde").text("pack", maxLength: 4) }
        #expect(throws: QueryFieldError(field: "before", "before must be an id")) { try fields("before=a%2Fb").parsed("before", expected: "an id", PathIdentifier.init) }
    }

    @Test("path ids: 1–64 letters, digits, _ and -; errors echo at most 40 characters, controls shown as ?")
    func identifiers() {
        #expect(PathIdentifier("d_abcdefghijkmnpqr")?.text == "d_abcdefghijkmnpqr")
        #expect(PathIdentifier(String(repeating: "a", count: 64)) != nil)
        for bad in ["", String(repeating: "a", count: 65), "d_%FF", "a/b", "a.b", "é", "a b"] { #expect(PathIdentifier(bad) == nil, "\(bad)") }
        #expect(EchoedText.of(String(repeating: "x", count: 100)) == String(repeating: "x", count: 40) + "…")
        #expect(EchoedText.of("a\u{1B}[31mb") == "a?[31mb")
    }
}

private enum LeaderboardPeriodChoice: String, CaseIterable {
    case day, week, all
}
