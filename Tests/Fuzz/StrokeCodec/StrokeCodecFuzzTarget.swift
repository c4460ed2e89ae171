import DoodleCore

/// libFuzzer target: `StrokeCodec`, both ways, on every input.
/// - The input as a stored record: decoding either throws or gives actions that encode to a
///   record which decodes to the same actions and encodes to the same bytes again.
/// - The input as a recipe for actions (`ActionRecipe`): any actions at all must round-trip.
/// `.ci/fuzz` runs it with a malloc limit, so a length field that sizes a huge allocation fails.
///
/// Built by `.ci/fuzz` together with Sources/DoodleStorage/Codec; see docs/fuzzing.md.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    checkDecoding(bytes)
    var recipe = ActionRecipe(bytes)
    checkEncoding(recipe.actions())
    return 0
}

private func checkDecoding(_ record: [UInt8]) {
    let actions: [DrawingAction]
    do {
        actions = try StrokeCodec.decode(record)
    } catch {
        return
    }
    let encoded = StrokeCodec.encode(actions)
    let redecoded: [DrawingAction]
    do {
        redecoded = try StrokeCodec.decode(encoded)
    } catch {
        fatalError("round trip: \(actions) encoded to \(encoded), which fails to decode: \(error)")
    }
    guard redecoded == actions else { fatalError("round trip: \(actions) came back as \(redecoded)") }
    let reencoded = StrokeCodec.encode(redecoded)
    guard reencoded == encoded else { fatalError("round trip: \(actions) encoded to \(encoded), then to \(reencoded)") }
}

private func checkEncoding(_ actions: [DrawingAction]) {
    let encoded = StrokeCodec.encode(actions)
    do {
        let decoded = try StrokeCodec.decode(encoded)
        guard decoded == actions else { fatalError("round trip: \(actions) came back as \(decoded)") }
    } catch {
        fatalError("round trip: \(actions) encoded to \(encoded), which fails to decode: \(error)")
    }
}
