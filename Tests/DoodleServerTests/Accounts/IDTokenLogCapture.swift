import Logging
import Synchronization

/// Every line a logger wrote, message and metadata, so a test can look for what must never be
/// in a log (a token) and for what must be (the failed check).
final class IDTokenLogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func logger(level: Logger.Level = .debug) -> Logger {
        Logger(label: "oidc-test") { _ in Handler(capture: self, logLevel: level) }
    }

    private func append(_ line: String) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: IDTokenLogCapture
        var logLevel: Logger.Level
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            capture.append("\(event.level) \(event.message) \(fields)")
        }
    }
}
