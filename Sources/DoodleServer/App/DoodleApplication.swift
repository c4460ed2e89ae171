import Logging
import ServiceLifecycle
import UnixSignals

/// The server as `buildApplication` made it: every long-lived service at its stage
/// (``ServiceStage``), to be run as one service group.
public struct DoodleApplication: Sendable {
    let services: ServerServices
    let logger: Logger

    /// The group that runs the whole server until a graceful shutdown (one of
    /// `gracefulShutdownSignals`, or `triggerGracefulShutdown()`) has stopped every service, in
    /// reverse order of their stages.
    ///
    /// - Parameter gracefulShutdownSignals: `doodle-server` passes SIGTERM and SIGINT; tests
    ///   pass none and call `triggerGracefulShutdown()` on the group.
    public func serviceGroup(gracefulShutdownSignals: [UnixSignal] = []) -> ServiceGroup {
        services.serviceGroup(gracefulShutdownSignals: gracefulShutdownSignals, logger: logger)
    }
}
