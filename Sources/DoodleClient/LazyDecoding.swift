import DoodleCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A frame's decoded message, computed once on first use and shared by the frame's copies.
final class LazyDecoding: Sendable {
    struct Decoded: Sendable {
        var message: ServerMessage?
        var failure: String?
    }

    private let source: String?
    private let decoded: Mutex<Decoded?>

    init(decoded: Decoded) {
        self.source = nil
        self.decoded = Mutex(decoded)
    }

    init(source: String) {
        self.source = source
        self.decoded = Mutex(nil)
    }

    var value: Decoded {
        decoded.withLock { decoded in
            if let decoded { return decoded }
            let value = Self.decode(source ?? "")
            decoded = value
            return value
        }
    }

    private static func decode(_ text: String) -> Decoded {
        do {
            return Decoded(message: try JSONDecoder().decode(ServerMessage.self, from: Data(text.utf8)), failure: nil)
        } catch {
            return Decoded(message: nil, failure: ServerFrame.describe(error))
        }
    }
}
