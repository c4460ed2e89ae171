import Foundation
import Testing

import DoodleCore

/// The scanner's readings over whole inputs, the way its callers use them: a reading, then the end.
@Suite("Flat JSON scanner")
struct FlatJSONScannerTests {
    /// Runs `read` over the UTF-8 of `text`; true when it succeeds and only white space is left.
    private func readsWhole(_ text: String, _ read: (inout FlatJSONScanner) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = FlatJSONScanner(bytes: bytes)
            return read(&scanner) && scanner.isAtEnd()
        }
    }

    @Test("skips every kind of JSON scalar", arguments: [#""p_3f9a""#, "0", "-0", "1599", "-12.5", "1e9", "2E-3", "-0.0e+10", "true", "false", " null "])
    func skipsScalars(text: String) {
        #expect(readsWhole(text) { $0.skipScalar() })
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil)
    }

    /// Found by fuzzing (docs/fuzzing.md): anything up to the next `,` or `}` was skipped as a scalar.
    @Test("does not skip what is not a JSON scalar", arguments: ["-", "nope", "tru", "nulls", "1.", ".5", "01", "1e", "1e+", "+1", "1.2.3", "1 2", "[1]", "{}", ""])
    func declinesNonScalars(text: String) {
        #expect(!readsWhole(text) { $0.skipScalar() })
    }

    @Test("reads integers as JSONDecoder does", arguments: ["0", "-0", "42", "-1599", "999999999999999", "-999999999999999"])
    func readsIntegers(text: String) throws {
        var value: Int?
        #expect(readsWhole(text) { scanner in
            value = scanner.integer()
            return value != nil
        })
        #expect(value == (try JSONDecoder().decode(Int.self, from: Data(text.utf8))))
    }

    @Test("declines integers it cannot read exactly", arguments: ["1000000000000000", "01", "-", "1.0", "1e2", "+1"])
    func declinesIntegers(text: String) {
        #expect(!readsWhole(text) { $0.integer() != nil })
    }
}
