import DoodleClient
import DoodleCore
import Logging

/// Runs one pair bot: opens its connection, feeds its brain, does what the brain decides when
/// it decides it — going offline and coming back included — and reconnects with backoff when
/// the connection drops.
struct PairBotPlayer: Sendable {
    let url: String
    let configuration: PairBotConfiguration
    let seed: UInt64
    let reconnect: ReconnectPolicy
    /// Counted from `start`: past it the bot stops and says what it was waiting for.
    let timeLimit: Duration
    let logger: Logger

    private enum ConnectionEnd {
        case finished
        case offline(until: Duration)
        case timeUp
    }

    func run(start: ContinuousClock.Instant, onNotice: (PairBotNotice) -> Void) async -> PairBotReport {
        var brain = PairBotBrain(configuration: configuration, seed: seed)
        var logger = logger
        logger[metadataKey: "bot"] = "\(configuration.name)"
        let clock = ContinuousClock()
        var attemptsInARow = 0
        while !brain.isFinished {
            let welcomesBefore = brain.welcomes
            do {
                let end = try await DoodleClient.withConnection(to: url, configuration: .init(recordsTranscript: false), logger: logger) {
                    connection in
                    try await play(on: connection, brain: &brain, clock: clock, start: start, onNotice: onNotice)
                }
                brain.connectionLost()
                attemptsInARow = 0
                switch end {
                case .finished:
                    break
                case .timeUp:
                    brain.fail("time limit of \(timeLimit) reached, waiting for \(brain.waitingFor)")
                case .offline(let until):
                    try await Task.sleep(for: until - (clock.now - start))
                }
            } catch is CancellationError {
                brain.fail("cancelled")
            } catch {
                brain.connectionLost()
                if brain.isFinished { break }
                attemptsInARow = brain.welcomes > welcomesBefore ? 1 : attemptsInARow + 1
                guard attemptsInARow <= reconnect.maximumAttempts, clock.now - start < timeLimit else {
                    brain.fail("gave up reconnecting after \(attemptsInARow) attempts: \(error)")
                    break
                }
                let delay = reconnect.delay(beforeAttempt: attemptsInARow, speed: configuration.speed)
                logger.info("connection lost; reconnecting", metadata: ["error": "\(error)", "delay": "\(delay)"])
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    brain.fail("cancelled")
                }
            }
        }
        if let failure = brain.failure {
            logger.warning("pair bot stopped", metadata: ["reason": "\(failure)"])
            onNotice(.failed(failure))
        }
        return PairBotReport(brain: brain)
    }

    /// One connection's life: hello, then alternately do what is due and wait for the next frame.
    private func play(
        on connection: DoodleConnection, brain: inout PairBotBrain, clock: ContinuousClock, start: ContinuousClock.Instant,
        onNotice: (PairBotNotice) -> Void
    ) async throws -> ConnectionEnd {
        func now() -> Duration { clock.now - start }
        try await connection.send(brain.connectionOpened(at: now()))
        while true {
            for action in brain.dueActions(at: now()) {
                switch action {
                case .send(let message): try await connection.send(message)
                case .goOffline(let until): return .offline(until: until)
                }
            }
            if brain.isFinished { return .finished }
            if now() >= timeLimit { return .timeUp }
            let wait = min(brain.nextWakeUp.map { $0 - now() } ?? .seconds(30), timeLimit - now(), .seconds(30))
            let frame: ServerFrame
            do {
                frame = try await connection.receiveFrame(timeout: max(wait, .milliseconds(1)))
            } catch DoodleClientError.timedOut {
                continue
            }
            for notice in brain.handle(frame, at: now()) { onNotice(notice) }
        }
    }
}
