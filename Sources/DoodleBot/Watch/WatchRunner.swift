import DoodleClient
import DoodleCore
import Logging

/// What one watching bot saw.
public struct WatchReport: Sendable, Equatable {
    public var name: String
    public var violations: [BotViolation]
    public var turnsWatched: Int
    public var gameEnd: GameSummary?
    /// Why it stopped before the game ended, if it did.
    public var failure: String?

    /// The game ended for this watcher and nothing it received broke the contract.
    public var succeeded: Bool { failure == nil && violations.isEmpty && gameEnd != nil }
}

/// `doodle-bot --join CODE --spectate`: `count` bots watch one room until its game ends,
/// reporting what the first of them sees, each checking that the word never reaches it early.
public enum WatchRunner {
    /// - Parameter lines: what the first watcher sees, as it happens.
    public static func run(
        server: String, code: String, count: Int, namePrefix: String, logger: Logger,
        lines: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(BotOptionsError) -> [WatchReport] {
        let url = try BotOptions.webSocketURL(for: server)
        guard count >= 1 else { throw BotOptionsError("--count must be at least 1") }
        return await withTaskGroup(of: (Int, WatchReport).self) { group in
            for index in 1...count {
                let name = "\(namePrefix)\(index)"
                group.addTask {
                    let report = await watch(url: url, code: code, name: name, logger: logger) { line in
                        if index == 1 { lines("\(name): \(line)") }
                    }
                    return (index, report)
                }
            }
            var reports: [(Int, WatchReport)] = []
            for await report in group { reports.append(report) }
            return reports.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// One watcher: joins as a spectator (following one redirect to the room's node) and reads
    /// every frame until the game ends or the connection does.
    static func watch(url: String, code: String, name: String, logger: Logger, lines: (String) -> Void) async -> WatchReport {
        var brain = WatchBrain(name: name)
        var failure: String?
        var target = url
        for _ in 0...DoodleClient.defaultMaxRedirects {
            do {
                let redirect = try await DoodleClient.withConnection(to: target, configuration: .init(recordsTranscript: false), logger: logger) {
                    connection -> Redirect? in
                    try await connection.hello(name: name)
                    do {
                        let state = try await connection.joinRoom(code: code, spectate: true)
                        for line in brain.handle(ServerFrame(text: "", message: .roomState(state))) { lines(line) }
                    } catch let redirected as Redirected {
                        return redirected.redirect
                    }
                    while !brain.sawGameEnd {
                        // A turn is at most 240 s of drawing plus the choosing and the pause.
                        let frame = try await connection.receiveFrame(timeout: .seconds(300))
                        for line in brain.handle(frame) { lines(line) }
                    }
                    return nil
                }
                guard let redirect else { break }
                target = redirect.url
            } catch {
                failure = "\(error)"
                break
            }
        }
        return WatchReport(
            name: name, violations: brain.violations, turnsWatched: brain.turnsWatched, gameEnd: brain.gameSummary, failure: failure)
    }
}
