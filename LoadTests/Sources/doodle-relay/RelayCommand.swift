import ArgumentParser
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// `doodle-relay`: the baseline of the load tests (LoadTests/README.md).
@main
struct RelayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-relay",
        abstract: "A bare WebSocket relay on HummingbirdWebSocket alone: the load tests' baseline.")

    @Option(help: "Address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks any free port.")
    var port: Int = 8090

    @Option(help: "NIO event loops (default: one per core), as doodle-server's --event-loops.")
    var eventLoops: Int?

    func validate() throws {
        if let eventLoops, !(1...256).contains(eventLoops) { throw ValidationError("--event-loops must be 1–256") }
    }

    func run() async throws {
        if let eventLoops { NIOSingletons.groupLoopCountSuggestion = eventLoops }
        let logger = Logger(label: "doodle-relay")
        let router = Router(context: BasicWebSocketRequestContext.self)
        RelayServer(logger: logger).register(on: router)
        let host = host
        let application = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router, configuration: .init(ws: .init(maxFrameSize: 1 << 16, autoPing: .disabled))),
            configuration: .init(address: .hostname(host, port: port), serverName: "doodle-relay"),
            onServerRunning: { channel in
                logger.info("listening on \(host):\(channel.localAddress?.port ?? 0)")
            },
            logger: logger)
        try await application.runService()
    }
}
