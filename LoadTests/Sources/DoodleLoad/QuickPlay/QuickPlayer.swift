import DoodleClient
import DoodleCore
import Logging

/// What one arriving player saw.
struct QuickPlayerOutcome: Sendable {
    /// Microseconds from sending `quickPlay` to its `roomState` (a redirect's hop included).
    var seatMicroseconds: UInt64?
    var code: String?
    var maxPlayers: Int?
    var redirects = 0
    /// Room events received after the seat.
    var events = 0
    /// Events missing between consecutive `seq`s: the sum of each gap's width.
    var lostEvents = 0
    /// Duplicated or regressed `seq`s.
    var outOfOrder = 0
    /// What went wrong, if the player could not be seated or its connection failed.
    var error: String?
}

/// One stranger: connect to `url`, `hello`, `quickPlay`, follow a redirect to the named room on
/// the node given, then count room events until `deadline`.
struct QuickPlayer: Sendable {
    let name: String
    let url: String
    let wordPack: String?
    let deadline: ContinuousClock.Instant
    let answerTimeout: Duration
    let logger: Logger

    func run() async -> QuickPlayerOutcome {
        var outcome = QuickPlayerOutcome()
        let clock = ContinuousClock()
        var url = url
        var token: String?
        var redirectCode: String?
        var requestedAt: ContinuousClock.Instant?
        do {
            while true {
                // One pass per node: the first asks for a room; after a redirect the next joins the one named.
                let redirect: Redirect? = try await DoodleClient.withConnection(
                    to: url, configuration: .init(recordsTranscript: false), logger: logger
                ) { connection in
                    let welcome = try await connection.hello(name: name, token: token, timeout: answerTimeout)
                    token = welcome.token
                    let snapshot: RoomSnapshot
                    do {
                        if let code = redirectCode {
                            do {
                                snapshot = try await connection.joinRoom(code: code, timeout: answerTimeout)
                            } catch let refusal as ProtocolError where refusal.code == .roomFull {
                                // The room the redirect named filled meanwhile: quick play again here,
                                // as the contract tells a client to.
                                redirectCode = nil
                                snapshot = try await connection.quickPlay(wordPack: wordPack, timeout: answerTimeout)
                            }
                        } else {
                            requestedAt = clock.now
                            snapshot = try await connection.quickPlay(wordPack: wordPack, timeout: answerTimeout)
                        }
                    } catch let redirected as Redirected {
                        return redirected.redirect
                    }
                    if let requestedAt { outcome.seatMicroseconds = UInt64(max(0, (clock.now - requestedAt).wholeMicroseconds)) }
                    outcome.code = snapshot.code
                    outcome.maxPlayers = snapshot.settings.settings.maxPlayers
                    try await countEvents(on: connection, from: snapshot, into: &outcome)
                    return nil
                }
                guard let redirect else { break }
                outcome.redirects += 1
                guard outcome.redirects <= DoodleClient.defaultMaxRedirects, let code = redirect.code else {
                    outcome.error = "redirect loop or redirect without a code (last to \(redirect.url))"
                    break
                }
                url = redirect.url
                redirectCode = code
            }
        } catch let error as ProtocolError {
            outcome.error = "error \(error.code.rawValue)"
        } catch {
            outcome.error = outcome.code == nil ? "not seated: \(Self.kind(of: error))" : "dropped: \(Self.kind(of: error))"
        }
        return outcome
    }

    /// Reads every frame until the deadline: each room event's `seq` must follow the last.
    private func countEvents(on connection: DoodleConnection, from snapshot: RoomSnapshot, into outcome: inout QuickPlayerOutcome) async throws {
        var tracker = SequenceTracker()
        _ = tracker.observe(.roomState(snapshot))
        while ContinuousClock.now < deadline {
            let frame: ServerFrame
            do {
                frame = try await connection.receiveFrame(timeout: min(deadline - ContinuousClock.now, .seconds(5)))
            } catch DoodleClientError.timedOut {
                continue
            }
            guard let message = frame.message, case .event(_, .some) = message else { continue }
            outcome.events += 1
            guard let violation = tracker.observe(message) else { continue }
            switch violation.kind {
            case .gap: outcome.lostEvents += violation.received - (violation.expected ?? violation.received)
            case .duplicate, .regression, .noBaseline: outcome.outOfOrder += 1
            }
        }
    }

    /// A short, countable name for an error (the full text varies per connection).
    static func kind(of error: any Error) -> String {
        if let error = error as? DoodleClientError {
            switch error {
            case .timedOut: return "timed out"
            case .connectFailed: return "connect failed"
            case .connectionClosed(let closure): return "closed \(closure.code.map(String.init) ?? "-")"
            default: break
            }
        }
        return String("\(error)".prefix(60))
    }
}

extension Duration {
    fileprivate var wholeMicroseconds: Int64 {
        let parts = components
        return parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000
    }
}
