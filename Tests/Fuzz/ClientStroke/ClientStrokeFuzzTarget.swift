import DoodleCore
import Foundation

/// libFuzzer target: `DrawingJSON.decodeClientStroke` against `JSONDecoder`, the decoder the
/// server falls back to (`ClientSession.receive(text:)`). The fast reader may decline anything,
/// but what it accepts JSONDecoder must accept too, and decode to the very same message.
///
/// Built by `.ci/fuzz` together with `DrawingJSON+Decoding.swift`; see docs/fuzzing.md.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // The server reads a WebSocket text frame, which arrives as a String: invalid UTF-8 is
    // already repaired by then, so the reader never sees it.
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let fast = DrawingJSON.decodeClientStroke(text) else { return 0 }
    let reference: ClientMessage
    do {
        reference = try JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8))
    } catch {
        fatalError("differential: the fast reader accepted \(fast) where JSONDecoder fails: \(error)")
    }
    guard fast == reference else {
        fatalError("differential: the fast reader decoded \(fast), JSONDecoder \(reference)")
    }
    return 0
}
