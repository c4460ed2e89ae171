import DoodleClient
import DoodleCore
import Logging

/// One pair of the pair scenario: pairs two clients by code, then keeps exactly one of them
/// online at a time, swapping every rotation. The online partner enters its pair room with its
/// token, guesses what is in its inbox, and sends drawings until its turn is over; at the end
/// both enter once more, so every drawing acknowledged to one is checked to have reached the
/// other.
///
/// The words are the generator's own (both partners are driven here), so a guess is right when
/// it is meant to be: the scenario measures the server, not a guesser.
struct PairLoadPair: Sendable {
    struct Timeline: Sendable {
        let clock: LoadClock
        /// Nanoseconds on `clock`.
        let windowStart: UInt64
        let windowEnd: UInt64
    }

    /// One partner as the generator remembers it between its sessions.
    struct Partner: Sendable {
        var name: String
        var token: String
        /// Drawings it sent that the server acknowledged.
        var acknowledged: Set<String> = []
        /// Drawings it saw, live or in its inbox.
        var seen: Set<String> = []
        /// Drawings resolved by its guesses.
        var resolved: Set<String> = []
    }

    let index: Int
    let url: String
    let configuration: PairLoadConfiguration
    let logger: Logger

    static let clientConfiguration = DoodleClient.Configuration(recordsTranscript: false)

    /// Pairs two new players; returns them, or nil with the reason in `stats`.
    func pairUp(stats: inout PairLoadStats) async -> [Partner]? {
        do {
            let creator = try await DoodleClient.withConnection(to: url, configuration: Self.clientConfiguration, logger: logger) {
                connection -> (Partner, String) in
                let welcome = try await connection.hello(name: "pl\(index)a")
                let waiting = try await connection.createPairRoom()
                guard let code = waiting.code else { throw PairLoadError("the creator's pair room has no code: \(waiting.phase)") }
                return (Partner(name: welcome.name, token: welcome.token), code)
            }
            let joiner = try await DoodleClient.withConnection(to: url, configuration: Self.clientConfiguration, logger: logger) {
                connection -> Partner in
                let welcome = try await connection.hello(name: "pl\(index)b")
                let pair = try await connection.joinPair(code: creator.1)
                guard pair.phase == .paired else { throw PairLoadError("joining \(creator.1) gave a \(pair.phase) room") }
                return Partner(name: welcome.name, token: welcome.token)
            }
            stats.pairsSetUp += 1
            return [creator.0, joiner]
        } catch {
            stats.failures.append("pair \(index) set-up: \(error)")
            return nil
        }
    }

    /// Rotates the partners until the window ends, then lets each enter once more and counts
    /// what never arrived.
    func run(_ partners: inout [Partner], timeline: Timeline, firstOnline: Int, firstTurn: Duration, stats: inout PairLoadStats) async {
        var words: [String: String] = [:]
        var online = firstOnline
        var turn = firstTurn
        let rotation = Duration.seconds(configuration.rotationSeconds)
        while timeline.clock.nanoseconds() < timeline.windowEnd {
            var session = PairLoadSession(
                partner: partners[online], words: words, configuration: configuration, timeline: timeline,
                turnEnd: ContinuousClock.now + turn, playing: true, seed: UInt64(index) &* 31 &+ UInt64(online))
            await session.run(url: url, logger: logger, stats: &stats)
            partners[online] = session.partner
            words = session.words
            online = 1 - online
            turn = rotation
        }
        // Both come back once, neither drawing nor guessing, to find what is still waiting for them.
        for closing in [online, 1 - online] {
            var session = PairLoadSession(
                partner: partners[closing], words: words, configuration: configuration, timeline: timeline,
                turnEnd: ContinuousClock.now + .milliseconds(300), playing: false, seed: UInt64(index) &* 31 &+ 7)
            await session.run(url: url, logger: logger, stats: &stats)
            partners[closing] = session.partner
        }
        for (sender, recipient) in [(0, 1), (1, 0)] {
            stats.undelivered += partners[sender].acknowledged.subtracting(partners[recipient].seen).count
        }
    }
}

struct PairLoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
