import Synchronization

/// The close codes the contract names (docs/protocol.md §13, and 1000 for a normal close).
public enum ContractCloseCodes {
    public static let all: Set<Int> = [1000, 1002, 1007, 1008, 1009, 1013, 4000, 4001, 4002, 4003]

    /// Codes RFC 6455 §7.4 lets a peer send, so a server may echo them in answer to the client's own close.
    public static func isSendable(_ code: Int) -> Bool {
        (1000...1003).contains(code) || (1007...1011).contains(code) || (3000...4999).contains(code)
    }

    /// Whether `received` is an acceptable close from the server, given the code of a close
    /// frame the client sent first, if it sent one (`nil` inside: a close without a code).
    public static func accepts(received: Int?, clientSent: Int??) -> Bool {
        if let received, all.contains(received) { return true }
        guard let clientSent else { return false }
        // The server's answer to the client's close may echo it, if it was a code a peer may send, or carry none when it had none.
        if let sent = clientSent { return received == sent && isSendable(sent) }
        return received == nil
    }
}

/// Everything the hostile soak's connections sent and heard, added up as they finish.
final class HostileTally: Sendable {
    struct Counts: Sendable {
        var framesByKind: [HostileKind: Int] = [:]
        /// `hello`, `createRoom`, `joinRoom`… that set the hostile connections up.
        var setupFrames = 0
        var errorsByCode: [String: Int] = [:]
        /// Close frames by code ("none" for a close frame without one, "no close frame" for a socket closed without).
        var closesByCode: [String: Int] = [:]
        /// For each close code, which shots led to it (at most a few).
        var closeCauses: [String: Set<String>] = [:]
        /// Closing shots after which the server had not closed within the wait.
        var notClosed: [String: Int] = [:]
        /// Seated connections the server closed although they sent nothing that should close.
        var seatedClosed: [String: Int] = [:]
        var connections = 0
        var failedConnections: [String] = []
        var violations: [String] = []
    }

    private let counts = Mutex(Counts())
    private let frames = Atomic<Int>(0)
    /// Labels of the closing shots sent at least once.
    private let closingLabels = Mutex<Set<String>>([])

    /// Hostile frames sent so far.
    var hostileFrames: Int { frames.load(ordering: .relaxed) }

    var snapshot: Counts { counts.withLock { $0 } }

    func sent(_ shot: HostileShot) {
        frames.add(shot.frameCount, ordering: .relaxed)
        counts.withLock { $0.framesByKind[shot.kind, default: 0] += shot.frameCount }
    }

    /// Notes a closing shot, so that the soak runs until each has been tried.
    func sentClosing(_ shot: HostileShot) {
        closingLabels.withLock { _ = $0.insert(shot.label) }
    }

    /// How many different closing shots have been sent.
    var closingShotsSent: Int { closingLabels.withLock { $0.count } }

    func sentSetup(_ count: Int) { counts.withLock { $0.setupFrames += count } }

    func connected() { counts.withLock { $0.connections += 1 } }

    func connectFailed(_ reason: String) {
        counts.withLock { counts in
            if counts.failedConnections.count < 10 { counts.failedConnections.append(reason) }
        }
    }

    /// Adds what one connection heard. `lastShot` is what it sent last (the likely cause of a
    /// close); `expectsClose` whether that shot should have closed it.
    func finished(_ answers: RawAnswers, lastShot: HostileShot?, expectsClose: Bool) {
        counts.withLock { counts in
            for (code, count) in answers.errorCodes {
                counts.errorsByCode[code, default: 0] += count
                if code == "internal" { counts.note(violation: "error internal after \(lastShot?.label ?? "setup")") }
            }
            let cause = lastShot.map { "\($0.kind.rawValue): \($0.label)" } ?? "setup"
            // After its own close frame the client may get its code back (or none, if it sent none).
            let clientClose: Int?? = lastShot?.kind == .badClose ? .some(lastShot?.ownCloseCode) : .none
            let key: String?
            if let frame = answers.closeFrame {
                key = frame.code.map(String.init) ?? "none"
                if !ContractCloseCodes.accepts(received: frame.code, clientSent: clientClose) {
                    counts.note(violation: "close code \(key ?? "none") after \(cause)")
                }
            } else if answers.endedAt != nil {
                key = "no close frame"
            } else {
                key = nil
            }
            if let key {
                counts.closesByCode[key, default: 0] += 1
                if counts.closeCauses[key, default: []].count < 6 { counts.closeCauses[key, default: []].insert(cause) }
                if !expectsClose { counts.seatedClosed["\(key) after \(cause)", default: 0] += 1 }
            } else if expectsClose {
                counts.notClosed[cause, default: 0] += 1
            }
        }
    }
}

extension HostileTally.Counts {
    fileprivate mutating func note(violation: String) {
        if violations.count < 20 && !violations.contains(violation) { violations.append(violation) }
    }
}
