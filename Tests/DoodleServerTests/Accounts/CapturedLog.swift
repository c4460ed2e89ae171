import Logging
import Synchronization

/// Every line a logger writes, level trace and up, kept in memory with its metadata, so a test
/// can search what a server would have printed.
final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    /// A logger writing here.
    var logger: Logger {
        var logger = Logger(label: "doodle-captured") { [self] label in Handler(log: self, label: label) }
        logger.logLevel = .trace
        return logger
    }

    var all: [String] { lines.withLock { $0 } }

    fileprivate func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        let label: String
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            log.append("\(event.level) \(label) \(event.message) \(merged) \(event.error.map { "\($0)" } ?? "") \(event.source)")
        }
    }
}
