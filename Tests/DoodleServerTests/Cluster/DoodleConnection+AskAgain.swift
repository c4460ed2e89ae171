import DoodleClient
import DoodleCore
import Logging

extension DoodleConnection {
    /// `createRoom`, sent again while the node answers `internal` with its "no room could be
    /// opened just now; try again", for at most `timeout`. A node of a cluster of processes on
    /// two shared cores may for a moment have no code it can claim (a renewal of a short lease
    /// that came late, a directory call that failed); the contract tells the client to try
    /// again, and a node that never recovers still fails the test. `nodeLog`, when given, is the
    /// node's log tail, logged with the first refusal: the node says there why it had no code
    /// to give.
    func createRoomAskingAgain(
        settings: SettingsPatch = SettingsPatch(), timeout: Duration, logger: Logger, nodeLog: (@Sendable () -> String)? = nil
    ) async throws -> RoomSnapshot {
        let deadline = ContinuousClock.now + timeout
        var refusals = 0
        while true {
            do {
                return try await createRoom(settings: settings, timeout: timeout)
            } catch let refusal as ProtocolError where refusal.code == .internal && ContinuousClock.now < deadline {
                refusals += 1
                var metadata: Logger.Metadata = ["error": "\(refusal)"]
                if refusals == 1, let nodeLog { metadata["node logged"] = "\(nodeLog())" }
                logger.warning("createRoom refused for now; asking again", metadata: metadata)
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }
}
