import DoodleCore

/// Checks the room sequence numbers one client receives: every message carrying a `seq` must be
/// exactly one more than the previous one, and a `roomState` sets the baseline to its own `seq`.
/// A pure value: feed it each received message with ``observe(_:)``.
///
/// After a violation the tracker re-bases on a gap (so one lost stretch is one violation) and
/// keeps its baseline on a duplicate or a step back.
public struct SequenceTracker: Sendable, Equatable {
    /// One broken expectation.
    public struct Violation: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// `received` is beyond `expected`: messages were lost.
            case gap
            /// `received` equals the previous `seq`.
            case duplicate
            /// `received` is below the previous `seq`.
            case regression
            /// A message with a `seq` arrived before any `roomState` (and no starting `seq` was given).
            case noBaseline
        }

        public var kind: Kind
        /// The `seq` that should have come; nil for `noBaseline`.
        public var expected: Int?
        public var received: Int
        /// The `type` of the offending message.
        public var messageType: String

        public init(kind: Kind, expected: Int?, received: Int, messageType: String) {
            self.kind = kind
            self.expected = expected
            self.received = received
            self.messageType = messageType
        }

        public var description: String {
            let expectation = expected.map { "expected seq \($0)" } ?? "no baseline"
            return "\(kind) in \(messageType): \(expectation), received \(received)"
        }
    }

    /// The last `seq` accepted (the value to send as `hello.lastSeq` on a resume).
    public private(set) var lastSeq: Int?
    /// Every violation seen, oldest first.
    public private(set) var violations: [Violation] = []

    /// - Parameter lastSeq: The baseline to continue from, for example the `lastSeq` a resuming
    ///   client sends, so the replayed events are checked too.
    public init(lastSeq: Int? = nil) {
        self.lastSeq = lastSeq
    }

    /// Checks one received message and returns the violation it caused, if any. Messages
    /// without a `seq` are ignored.
    @discardableResult
    public mutating func observe(_ message: ServerMessage) -> Violation? {
        if case .roomState(let snapshot) = message {
            rebase(on: snapshot.seq)
            return nil
        }
        guard let seq = message.seq else { return nil }
        return observe(seq: seq, messageType: message.typeName)
    }

    /// The same check for a message known only by its `seq` and type name (a caller that reads
    /// frames without decoding them).
    public mutating func observe(seq: Int, messageType: String) -> Violation? {
        guard let last = lastSeq else {
            lastSeq = seq
            return record(Violation(kind: .noBaseline, expected: nil, received: seq, messageType: messageType))
        }
        let expected = last + 1
        if seq == expected {
            lastSeq = seq
            return nil
        }
        if seq > expected {
            lastSeq = seq
            return record(Violation(kind: .gap, expected: expected, received: seq, messageType: messageType))
        }
        let kind: Violation.Kind = seq == last ? .duplicate : .regression
        return record(Violation(kind: kind, expected: expected, received: seq, messageType: messageType))
    }

    /// A snapshot's `seq` is the new baseline, whatever came before.
    mutating func rebase(on seq: Int) {
        lastSeq = seq
    }

    private mutating func record(_ violation: Violation) -> Violation {
        violations.append(violation)
        return violation
    }
}
