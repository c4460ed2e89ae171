import DoodleCore
import Testing

/// Every symbol decoded back by zbarimg, an independent decoder. zbar-tools is part of the
/// build's system packages (.ci/setup installs it), so a missing zbarimg fails these tests
/// rather than skipping them.
@Suite struct QRCodeDecodingTests {
    private func reader() throws -> ZBarReader {
        try #require(ZBarReader.locate(), "zbarimg is missing: install Debian's zbar-tools (bash .ci/setup does)")
    }

    /// Printable ASCII without newlines, so the decoder's line-ended output is unambiguous.
    private func printable(_ count: Int, using random: inout SeededRandom) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
    }

    @Test("every version 1–10: the shortest and longest payload it takes and three between decode to the input")
    func everyVersionDecodes() throws {
        let reader = try reader()
        var random = SeededRandom(seed: 18004)
        var previousCapacity = 0
        for version in QRVersion.all {
            let lengths = [previousCapacity + 1, version.byteCapacity]
                + (0..<3).map { _ in Int.random(in: previousCapacity + 1...version.byteCapacity, using: &random) }
            for length in lengths {
                let payload = printable(length, using: &random)
                let code = try QRCode(bytes: payload)
                #expect(code.version == version, "\(length) bytes")
                #expect(try reader.decode(code) == payload, "version \(version.number), \(length) bytes, mask \(code.mask.reference)")
            }
            previousCapacity = version.byteCapacity
        }
    }

    @Test("each of the 8 masks reads back, in a version without version information and in one with it")
    func everyMaskDecodes() throws {
        let reader = try reader()
        var random = SeededRandom(seed: 7)
        for length in [12, 115] {
            let payload = printable(length, using: &random)
            for mask in QRMask.allCases {
                let code = try QRCode(bytes: payload, mask: mask)
                #expect(try reader.decode(code) == payload, "version \(code.version.number), mask \(mask.reference)")
            }
        }
    }

    @Test("invite links and UTF-8 text come back byte for byte")
    func linksAndText() throws {
        let reader = try reader()
        for text in ["http://127.0.0.1:8080/#K7PQ2M", "https://doodle.example/#pair-K7PQ2N", "Zoë draws a 🎨 — guess it"] {
            #expect(try reader.decode(QRCode(text: text)) == Array(text.utf8), "\(text)")
        }
    }
}
