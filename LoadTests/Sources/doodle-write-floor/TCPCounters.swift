import Foundation

/// The kernel's TCP retransmission counters (this network namespace, whoever's traffic): on
/// loopback a segment is only resent when something stalled it, and a retransmission timeout
/// holds a connection's later data for at least 200 ms, which shows in a step's tail latency.
struct TCPCounters: Codable {
    var retransmittedSegments: Int
    var retransmissionTimeouts: Int
    var lossProbes: Int

    init?() {
        guard let snmp = Self.table("/proc/net/snmp", prefix: "Tcp:"),
              let extended = Self.table("/proc/net/netstat", prefix: "TcpExt:"),
              let retransmitted = snmp["RetransSegs"], let timeouts = extended["TCPTimeouts"], let probes = extended["TCPLossProbes"]
        else { return nil }
        retransmittedSegments = retransmitted
        retransmissionTimeouts = timeouts
        lossProbes = probes
    }

    private init(retransmittedSegments: Int, retransmissionTimeouts: Int, lossProbes: Int) {
        self.retransmittedSegments = retransmittedSegments
        self.retransmissionTimeouts = retransmissionTimeouts
        self.lossProbes = lossProbes
    }

    /// What was counted since `earlier`.
    func since(_ earlier: TCPCounters) -> TCPCounters {
        TCPCounters(
            retransmittedSegments: retransmittedSegments - earlier.retransmittedSegments,
            retransmissionTimeouts: retransmissionTimeouts - earlier.retransmissionTimeouts,
            lossProbes: lossProbes - earlier.lossProbes)
    }

    /// The named counters of a /proc/net table: a line of names, then a line of values, both
    /// starting with `prefix`.
    private static func table(_ path: String, prefix: String) -> [String: Int]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n").filter { $0.hasPrefix(prefix) }
        guard lines.count >= 2 else { return nil }
        let names = lines[0].split(separator: " ").dropFirst()
        let values = lines[1].split(separator: " ").dropFirst().map { Int($0) }
        var table: [String: Int] = [:]
        for (name, value) in zip(names, values) { table[String(name)] = value }
        return table
    }
}
