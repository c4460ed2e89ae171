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
    /// Seated in a room someone else had opened where a game could not go on: nobody else
    /// connected in a lobby, fewer than two others in a running game (the contract's "where
    /// quick play goes" forbids both).
    var seatedInDeadRoom = false
    /// The player closed its connection mid-game, as its room's players do under `--abandon`.
    var abandoned = false
}

/// One stranger: connect to `url`, `hello`, `quickPlay`, follow a redirect to the named room on
/// the node given, then count room events until `deadline`.
struct QuickPlayer: Sendable {
    let name: String
    let url: String
    let wordPack: String?
    /// Whether this player's room is one whose players leave it mid-game (`--abandon`).
    let abandons: @Sendable (String) -> Bool
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
                    outcome.seatedInDeadRoom = Self.isDead(snapshot, seating: welcome.playerId)
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

    /// Whether the room a newcomer was seated in was opened by someone else and could not go
    /// on: no other player connected, or in a running game fewer than two others.
    static func isDead(_ snapshot: RoomSnapshot, seating player: PlayerID) -> Bool {
        let others = snapshot.players.filter { $0.id != player }
        guard !others.isEmpty else { return false }
        let connected = others.filter(\.connected).count
        let running = snapshot.phase != .lobby && snapshot.phase != .gameOver
        return running ? connected < 2 : connected == 0
    }

    /// Reads every frame until the deadline: each room event's `seq` must follow the last. In a
    /// room that `abandons`, the player leaves as a closed tab does once the game is under way.
    private func countEvents(on connection: DoodleConnection, from snapshot: RoomSnapshot, into outcome: inout QuickPlayerOutcome) async throws {
        var tracker = SequenceTracker()
        _ = tracker.observe(.roomState(snapshot))
        let leavesMidGame = abandons(snapshot.code)
        if leavesMidGame, snapshot.phase != .lobby, snapshot.phase != .gameOver { return await abandon(connection, &outcome) }
        while ContinuousClock.now < deadline {
            let frame: ServerFrame
            do {
                frame = try await connection.receiveFrame(timeout: min(deadline - ContinuousClock.now, .seconds(5)))
            } catch DoodleClientError.timedOut {
                continue
            }
            guard let message = frame.message, case .event(let event, .some) = message else { continue }
            outcome.events += 1
            if leavesMidGame, case .phaseChoosing = event { return await abandon(connection, &outcome) }
            guard let violation = tracker.observe(message) else { continue }
            switch violation.kind {
            case .gap: outcome.lostEvents += violation.received - (violation.expected ?? violation.received)
            case .duplicate, .regression, .noBaseline: outcome.outOfOrder += 1
            }
        }
    }

    /// Leaves as people leave a game they are tired of: every other player presses Leave
    /// (`leaveRoom`: its seat is free at once), the rest close the tab (1001 without a word: the
    /// server keeps the seat for its grace). The room is then left with free seats and nobody
    /// connected, which quick play must not offer.
    private func abandon(_ connection: DoodleConnection, _ outcome: inout QuickPlayerOutcome) async {
        outcome.abandoned = true
        if name.utf8.last.map({ $0 % 2 == 0 }) ?? false { try? await connection.send(.leaveRoom) }
        try? await connection.close(code: 1001)
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
