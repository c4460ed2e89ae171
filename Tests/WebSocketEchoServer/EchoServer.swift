import ArgumentParser
import DoodleServer
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket server that sends every message back, run on the game's own connection handler,
/// so that a conformance suite (Autobahn|Testsuite's fuzzing client, `.ci/autobahn`) checks the
/// WebSocket rules the game server applies. Test support only: not part of `doodle-server`.
///
/// Prints `listening on 127.0.0.1:PORT` on standard output once it accepts connections.
@main
struct EchoServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-ws-echo", abstract: "Echoes WebSocket messages through Doodle's connection handler.")

    @Option(help: "Port on 127.0.0.1; 0 picks a free one.")
    var port = 0

    @Option(help: "Largest message in bytes, its fragments together (and largest frame).")
    var maxMessageBytes = 16 << 20

    @Option(help: "Messages waiting to be written before a slow reader is closed (1013).")
    var outboundLimit = 4096

    func run() async throws {
        let logger = Logger(label: "doodle-ws-echo")
        let maxMessageBytes = self.maxMessageBytes
        let outboundLimit = self.outboundLimit
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: maxMessageBytes,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try MessageConnection.start(on: channel, maxMessageBytes: maxMessageBytes, outboundLimit: outboundLimit) { replies in
                        EchoInbox(replies: replies)
                    }
                }
            })
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline(withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
            }
            .bind(host: "127.0.0.1", port: port)
            .get()
        let boundPort = server.localAddress?.port ?? port
        // The bound port is this tool's output: the script that starts it reads it from here.
        FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(boundPort)\n".utf8))
        logger.info("echo server started", metadata: ["port": "\(boundPort)", "maxMessageBytes": "\(maxMessageBytes)"])
        try await server.closeFuture.get()
    }
}

/// Sends each message straight back, text as text and binary as binary.
struct EchoInbox: MessageInbox {
    let replies: ConnectionReplies

    func receive(_ message: InboundMessage) {
        switch message {
        case .text(let text):
            replies.send(text: text)
        case .binary(let bytes):
            replies.send(binary: bytes)
        }
    }

    func connectionEnded() {}
}
