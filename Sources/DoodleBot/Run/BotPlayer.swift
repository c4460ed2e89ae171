import DoodleClient
import DoodleCore
import Logging

/// Runs one bot: opens the connection, feeds its brain, sends what the brain decides when it
/// decides it, and reconnects with backoff when the connection drops.
struct BotPlayer: Sendable {
    /// Where the bot connects first; a redirect sends it elsewhere.
    let url: String
    let configuration: BotBrainConfiguration
    let seed: UInt64
    let reconnect: ReconnectPolicy
    let logger: Logger

    /// Plays until the game ends or the bot gives up; `onNotice` hears everything the brain
    /// reports, as it happens.
    func run(onNotice: (BotNotice) -> Void) async -> BotReport {
        var brain = BotBrain(configuration: configuration, seed: seed)
        var logger = logger
        logger[metadataKey: "bot"] = "\(configuration.name)"
        let clock = ContinuousClock()
        let start = clock.now
        var attemptsInARow = 0
        var url = url
        var redirectsInARow = 0
        while !brain.isFinished {
            let welcomesBefore = brain.welcomes
            do {
                let redirect = try await DoodleClient.withConnection(
                    to: url, configuration: .init(recordsTranscript: false), logger: logger
                ) { connection in
                    try await Self.play(on: connection, brain: &brain, clock: clock, start: start, onNotice: onNotice)
                }
                guard let redirect else { continue }
                redirectsInARow += 1
                guard redirectsInARow <= DoodleClient.defaultMaxRedirects else {
                    brain.fail("gave up after \(DoodleClient.defaultMaxRedirects) redirects in a row (the last to \(redirect.url))")
                    break
                }
                logger.debug("redirected", metadata: ["url": "\(redirect.url)", "code": "\(redirect.code ?? "-")"])
                url = redirect.url
            } catch is CancellationError {
                brain.fail("cancelled")
            } catch {
                if brain.isFinished { break }
                // A connection that ended otherwise than by a redirect breaks a run of redirects;
                // a node the bot was sent to that did not even say welcome may be gone, its rooms
                // with it: back to the first server, which says so once the node's lease runs out.
                redirectsInARow = 0
                if brain.welcomes == welcomesBefore { url = self.url }
                // Kicked, replaced, banned or its room closed by an operator: coming back would
                // only be refused again, or find no room.
                if case DoodleClientError.connectionClosed(let closure) = error,
                    let code = closure.closeCode, [.kicked, .replaced, .protocolError, .banned, .roomClosed].contains(code)
                {
                    brain.fail("the server ended the connection: \(closure)")
                    break
                }
                attemptsInARow = brain.welcomes > welcomesBefore ? 1 : attemptsInARow + 1
                guard attemptsInARow <= reconnect.maximumAttempts else {
                    brain.fail("gave up after \(reconnect.maximumAttempts) reconnection attempts: \(error)")
                    break
                }
                let delay = reconnect.delay(beforeAttempt: attemptsInARow, speed: configuration.speed)
                logger.info("connection lost; reconnecting", metadata: ["error": "\(error)", "attempt": "\(attemptsInARow)", "delay": "\(delay)"])
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    brain.fail("cancelled")
                    break
                }
                if brain.welcomes > 0 { brain.noteReconnect() }
            }
        }
        if let failure = brain.failure {
            logger.warning("bot stopped", metadata: ["reason": "\(failure)"])
        }
        return BotReport(brain: brain)
    }

    /// One connection's life: hello, then alternately send what is due and wait for the next
    /// frame until something else is due. Returns when the brain is finished (nil) or the server
    /// redirected the bot (where to); throws when the connection ends first.
    private static func play(
        on connection: DoodleConnection, brain: inout BotBrain, clock: ContinuousClock, start: ContinuousClock.Instant,
        onNotice: (BotNotice) -> Void
    ) async throws -> Redirect? {
        func now() -> Duration { clock.now - start }
        try await connection.send(brain.connectionOpened(at: now()))
        while true {
            if let redirect = brain.takeRedirect() { return redirect }
            for message in brain.dueMessages(at: now()) {
                try await connection.send(message)
            }
            if brain.isFinished { return nil }
            let wait = brain.nextWakeUp.map { $0 - now() } ?? .seconds(30)
            let frame: ServerFrame
            do {
                frame = try await connection.receiveFrame(timeout: min(max(wait, .milliseconds(1)), .seconds(30)))
            } catch DoodleClientError.timedOut {
                continue
            }
            for notice in brain.handle(frame, at: now()) { onNotice(notice) }
        }
    }
}
