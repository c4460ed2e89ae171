import DoodleCore
import Foundation

/// libFuzzer target: every reading of `FlatJSONScanner` over the raw input bytes (the input
/// buffer is exactly `size` bytes long, so AddressSanitizer catches any read past its end).
/// Where a reading accepts the whole input, Foundation must read the same JSON the same way.
///
/// Built by `.ci/fuzz`; see docs/fuzzing.md.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    checkInteger(bytes)
    checkString(bytes)
    checkIntegers(bytes)
    checkScalar(bytes)
    checkFlatObject(bytes)
    return 0
}

private func checkInteger(_ bytes: UnsafeBufferPointer<UInt8>) {
    var scanner = FlatJSONScanner(bytes: bytes)
    guard let value = scanner.integer(), scanner.isAtEnd() else { return }
    expect(decoded(Int.self, from: bytes) == value, "integer() read \(value)", bytes)
}

private func checkString(_ bytes: UnsafeBufferPointer<UInt8>) {
    var scanner = FlatJSONScanner(bytes: bytes)
    guard let value = scanner.string(), scanner.isAtEnd() else { return }
    expect(decoded(String.self, from: bytes) == value, "string() read \(value.debugDescription)", bytes)
}

private func checkIntegers(_ bytes: UnsafeBufferPointer<UInt8>) {
    var scanner = FlatJSONScanner(bytes: bytes)
    var values: [Int] = []
    guard scanner.integers({ values.append($0) }), scanner.isAtEnd() else { return }
    expect(decoded([Int].self, from: bytes) == values, "integers() read \(values)", bytes)
}

private func checkScalar(_ bytes: UnsafeBufferPointer<UInt8>) {
    var scanner = FlatJSONScanner(bytes: bytes)
    guard scanner.skipScalar(), scanner.isAtEnd() else { return }
    if isBeyondDouble(bytes[...]) { return }
    let object = try? JSONSerialization.jsonObject(with: Data(buffer: bytes), options: .fragmentsAllowed)
    expect(object != nil && !(object is [Any]) && !(object is [String: Any]), "skipScalar() skipped it as a scalar", bytes)
}

/// One value of a flat object, as the scanner read it.
private enum FieldValue {
    case integer(Int)
    case string(String)
    case integers([Int])
    case skipped
}

/// Reads a flat object the way the stroke readers do, choosing each value's reading by its
/// first byte; numbers go through `integer()` or `skipScalar()` by the key's length, so the
/// fuzzer can reach both.
private func checkFlatObject(_ bytes: UnsafeBufferPointer<UInt8>) {
    var scanner = FlatJSONScanner(bytes: bytes)
    var fields: [(key: String, value: FieldValue)] = []
    guard scanner.consume(UInt8(ascii: "{")) else { return }
    if !scanner.consume(UInt8(ascii: "}")) {
        repeat {
            guard let key = scanner.string(), scanner.consume(UInt8(ascii: ":")) else { return }
            scanner.skipSpace()
            guard scanner.index < bytes.count else { return }
            let value: FieldValue
            switch bytes[scanner.index] {
            case UInt8(ascii: "\""):
                guard let text = scanner.string() else { return }
                value = .string(text)
            case UInt8(ascii: "["):
                var values: [Int] = []
                guard scanner.integers({ values.append($0) }) else { return }
                value = .integers(values)
            case UInt8(ascii: "-") where key.utf8.count.isMultiple(of: 2),
                UInt8(ascii: "0")...UInt8(ascii: "9") where key.utf8.count.isMultiple(of: 2):
                guard let number = scanner.integer() else { return }
                value = .integer(number)
            default:
                let start = scanner.index
                guard scanner.skipScalar() else { return }
                if isBeyondDouble(bytes[start..<scanner.index]) { return }
                value = .skipped
            }
            fields.append((key, value))
        } while scanner.consume(UInt8(ascii: ","))
        guard scanner.consume(UInt8(ascii: "}")) else { return }
    }
    guard scanner.isAtEnd() else { return }
    let object = try? JSONSerialization.jsonObject(with: Data(buffer: bytes)) as? [String: Any]
    guard let object else { fail("read a flat object JSONSerialization rejects", bytes) }
    let keys = fields.map(\.key)
    expect(Set(keys) == Set(object.keys), "read the keys \(keys), JSONSerialization \(object.keys.sorted())", bytes)
    // Which of two equal keys JSON parsers keep is not specified: compare only unique ones.
    for (key, value) in fields where keys.filter({ $0 == key }).count == 1 {
        let reference = object[key]
        switch value {
        case .integer(let number):
            expect((reference as? NSNumber)?.intValue == number && !(reference is String), "read \(key) as \(number)", bytes)
        case .string(let text):
            expect(reference as? String == text, "read \(key) as \(text.debugDescription)", bytes)
        case .integers(let numbers):
            let referenceNumbers = (reference as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue }
            expect(referenceNumbers == numbers && (reference as? [Any])?.count == numbers.count, "read \(key) as \(numbers)", bytes)
        case .skipped:
            expect(!(reference is [Any]) && !(reference is [String: Any]), "skipped \(key) as a scalar", bytes)
        }
    }
}

/// A number Double cannot hold, like `1e400`: valid JSON (RFC 8259 lets parsers limit the
/// range), which Foundation refuses while the scanner skips it. Not a disagreement about syntax.
private func isBeyondDouble(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return Double(text).map { !$0.isFinite } ?? false
}

private func decoded<Value: Decodable>(_ type: Value.Type, from bytes: UnsafeBufferPointer<UInt8>) -> Value? {
    try? JSONDecoder().decode(type, from: Data(buffer: bytes))
}

private func expect(_ condition: Bool, _ reading: @autoclosure () -> String, _ bytes: UnsafeBufferPointer<UInt8>) {
    if !condition { fail(reading(), bytes) }
}

private func fail(_ reading: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Never {
    fatalError("differential: the scanner \(reading) from \(String(decoding: bytes, as: UTF8.self).debugDescription)")
}
