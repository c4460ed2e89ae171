import DoodleStorage
import Foundation
import Logging

/// ``ClusterSignals`` over the database the nodes share (`NodeChannels`: PostgreSQL
/// `LISTEN`/`NOTIFY`). Each node listens on its own channel, `doodle_node_<node id>`, and on
/// `doodle_cluster`, where broadcasts go. A signal travels as its JSON inside an envelope that
/// names a broadcast's sender: everyone on the channel hears a broadcast, the sender included,
/// and the sender skips its own.
public struct DatabaseClusterSignals: ClusterSignals {
    static let broadcastChannel = "doodle_cluster"

    private let channels: any NodeChannels
    private let logger: Logger

    public init(channels: any NodeChannels, logger: Logger) {
        self.channels = channels
        self.logger = logger
    }

    /// The channel only the node with `nodeID` listens on.
    static func channel(of nodeID: String) -> String { "doodle_node_" + nodeID }

    /// What goes over a channel.
    struct Envelope: Codable, Equatable {
        /// The sender of a broadcast; nil for a signal sent to one node.
        var from: String?
        var signal: ClusterSignal
    }

    public func send(_ signal: ClusterSignal, to nodeID: String) async throws {
        try await channels.send(try Self.encode(Envelope(from: nil, signal: signal)), on: Self.channel(of: nodeID))
    }

    public func broadcast(_ signal: ClusterSignal, from nodeID: String) async throws {
        try await channels.send(try Self.encode(Envelope(from: nodeID, signal: signal)), on: Self.broadcastChannel)
    }

    public func listen(as nodeID: String, listening: (Bool) async -> Void, receive: (ClusterSignal) async -> Void) async {
        do {
            try await channels.listen(on: [Self.channel(of: nodeID), Self.broadcastChannel], listening: listening) { text in
                let envelope: Envelope
                do {
                    envelope = try JSONDecoder().decode(Envelope.self, from: Data(text.utf8))
                } catch {
                    logger.error("a cluster signal could not be read; dropped", metadata: ["error": "\(error)", "bytes": "\(text.utf8.count)"])
                    return
                }
                guard envelope.from != nodeID else { return }
                await receive(envelope.signal)
            }
        } catch {
            logger.critical("this node cannot listen for cluster signals", metadata: ["node": "\(nodeID)", "error": "\(error)"])
        }
    }

    static func encode(_ envelope: Envelope) throws -> String {
        String(decoding: try JSONEncoder().encode(envelope), as: UTF8.self)
    }
}
