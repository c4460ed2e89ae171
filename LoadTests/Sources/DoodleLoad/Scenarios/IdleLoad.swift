import DoodleClient
import Foundation
import Logging

/// Idle capacity: sessions that connect, say `hello` and then only answer pings. Opens them in
/// chunks up to each size in turn and measures the server's resident memory at each size.
public struct IdleLoad: Sendable {
    public let url: String
    public let sizes: [Int]
    public let chunk: Int
    public let settle: Duration
    public let logger: Logger
    public let probe: (@Sendable () -> ProcessSample?)?

    public init(
        url: String, sizes: [Int], chunk: Int = 200, settle: Duration = .seconds(3), logger: Logger,
        probe: (@Sendable () -> ProcessSample?)?
    ) {
        self.url = url
        self.sizes = sizes.sorted()
        self.chunk = chunk
        self.settle = settle
        self.logger = logger
        self.probe = probe
    }

    /// Opens the sessions size by size, measuring each; keeps them open `keepOpen` longer at the end.
    public func run(keepOpen: Duration = .zero) async -> IdleResult {
        let (outcomes, sink) = AsyncStream.makeStream(of: String?.self)
        let generatorPID = getpid()
        return await withTaskGroup(of: Void.self) { group in
            var iterator = outcomes.makeAsyncIterator()
            let baseline = probe?()
            let generatorBaseline = ProcessSample.read(pid: generatorPID)
            var points: [IdlePoint] = []
            var failures: [String] = []
            var opened = 0
            sizes: for size in sizes {
                let start = ContinuousClock.now
                let openedBefore = opened
                while opened < size {
                    let count = min(chunk, size - opened)
                    for index in 0..<count {
                        let name = "idle\(opened + index)"
                        group.addTask { await hold(name: name, report: { sink.yield($0) }) }
                    }
                    for _ in 0..<count {
                        if case .some(.some(let failure)) = await iterator.next() { failures.append(failure) }
                    }
                    opened += count
                    if !failures.isEmpty { break sizes }
                }
                let seconds = (ContinuousClock.now - start).seconds
                try? await Task.sleep(for: settle)
                let sample = probe?()
                let generator = ProcessSample.read(pid: generatorPID)
                points.append(
                    IdlePoint(
                        sessions: size, connectionsPerSecond: seconds > 0 ? Double(size - openedBefore) / seconds : 0,
                        serverResidentBytes: sample?.residentBytes,
                        serverBytesPerSession: both(sample, baseline).map { Double($0.residentBytes - $1.residentBytes) / Double(size) },
                        generatorBytesPerSession: both(generator, generatorBaseline).map {
                            Double($0.residentBytes - $1.residentBytes) / Double(size)
                        }))
                logger.info("idle sessions open", metadata: ["sessions": "\(size)", "rss": "\(sample?.residentBytes ?? 0)"])
            }
            if keepOpen > .zero { try? await Task.sleep(for: keepOpen) }
            group.cancelAll()
            sink.finish()
            return IdleResult(
                serverBaselineResidentBytes: baseline?.residentBytes, points: points, failures: Array(failures.prefix(10)))
        }
    }

    /// One session: connect, `hello`, report, then stay open until cancelled.
    private func hold(name: String, report: @Sendable (String?) -> Void) async {
        do {
            try await DoodleClient.withConnection(to: url, configuration: .init(recordsTranscript: false), logger: logger) { connection in
                try await connection.hello(name: name, timeout: .seconds(30))
                report(nil)
                // Held until the scenario cancels the group; bounded all the same.
                try? await Task.sleep(for: .seconds(3600))
            }
        } catch {
            report("\(name): \(error)")
        }
    }
}

private func both(_ a: ProcessSample?, _ b: ProcessSample?) -> (ProcessSample, ProcessSample)? {
    guard let a, let b else { return nil }
    return (a, b)
}

/// Memory at one number of idle sessions.
public struct IdlePoint: Sendable, Codable, Equatable {
    public var sessions: Int
    /// Sessions opened (connect + hello) per second while reaching this size.
    public var connectionsPerSecond: Double
    public var serverResidentBytes: Int?
    /// (server RSS now − server RSS before any session) / sessions.
    public var serverBytesPerSession: Double?
    /// The same for the generator process, which holds the client ends.
    public var generatorBytesPerSession: Double?
}

public struct IdleResult: Sendable, Codable, Equatable {
    public var serverBaselineResidentBytes: Int?
    public var points: [IdlePoint]
    public var failures: [String]

    /// The memory each added session costs between the two largest sizes (the slope, free of
    /// the server's fixed start-up memory).
    public var marginalBytesPerSession: Double? {
        guard points.count >= 2 else { return nil }
        let last = points[points.count - 1]
        let previous = points[points.count - 2]
        guard let high = last.serverResidentBytes, let low = previous.serverResidentBytes, last.sessions > previous.sessions else {
            return nil
        }
        return Double(high - low) / Double(last.sessions - previous.sessions)
    }
}
