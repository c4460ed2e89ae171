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

/// Which room watchers go to.
public enum WatchTarget: Sendable, Equatable {
    /// The room with this invite code (`--join CODE --spectate`).
    case code(String)
    /// The public room of the pack with the most players (`--quick-play --spectate`); nil: the
    /// server's default pack.
    case quickPlay(wordPack: String?)
}

/// `doodle-bot --join CODE --spectate` or `--quick-play --spectate`: `count` bots watch one room
/// until its game ends, reporting what the first of them sees, each checking that the word
/// never reaches it early.
public enum WatchRunner {
    /// - Parameter lines: what the first watcher sees, as it happens.
    public static func run(
        server: String, code: String, count: Int, namePrefix: String, logger: Logger,
        lines: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(BotOptionsError) -> [WatchReport] {
        try await run(server: server, target: .code(code), count: count, namePrefix: namePrefix, logger: logger, lines: lines)
    }

    /// - Parameter lines: what the first watcher sees, as it happens.
    public static func run(
        server: String, target: WatchTarget, count: Int, namePrefix: String, logger: Logger,
        lines: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(BotOptionsError) -> [WatchReport] {
        let url = try BotOptions.webSocketURL(for: server)
        guard count >= 1 else { throw BotOptionsError("--count must be at least 1") }
        return await withTaskGroup(of: (Int, WatchReport).self) { group in
            for index in 1...count {
                let name = "\(namePrefix)\(index)"
                group.addTask {
                    let report = await watch(url: url, target: target, name: name, logger: logger) { line in
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

    /// One watcher: joins as a spectator (following a redirect to the room's node, where it
    /// joins by the code the redirect names) and reads every frame until the game ends or the
    /// connection does.
    static func watch(url: String, target: WatchTarget, name: String, logger: Logger, lines: (String) -> Void) async -> WatchReport {
        var target = target
        var brain = WatchBrain(name: name)
        var failure: String?
        var targetURL = url
        for _ in 0...DoodleClient.defaultMaxRedirects {
            do {
                let redirect = try await DoodleClient.withConnection(to: targetURL, configuration: .init(recordsTranscript: false), logger: logger) {
                    connection -> Redirect? in
                    try await connection.hello(name: name)
                    do {
                        let state =
                            switch target {
                            case .code(let code): try await connection.joinRoom(code: code, spectate: true)
                            case .quickPlay(let wordPack): try await connection.quickPlay(wordPack: wordPack, spectate: true)
                            }
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
                targetURL = redirect.url
                if let code = redirect.code { target = .code(code) }
            } catch {
                failure = "\(error)"
                break
            }
        }
        return WatchReport(
            name: name, violations: brain.violations, turnsWatched: brain.turnsWatched, gameEnd: brain.gameSummary, failure: failure)
    }
}
