import DoodleClient
import DoodleCore
import Logging

extension DoodleConnection {
    /// `createRoom`, sent again while the node answers `internal` with its "no room could be
    /// opened just now; try again", for at most `timeout`. A node of a cluster of processes on
    /// two shared cores may for a moment have no code it can claim (a lease renewal that came
    /// late, a directory call that failed); the contract tells the client to try again, and a
    /// node that never recovers still fails the test.
    func createRoomAskingAgain(settings: SettingsPatch = SettingsPatch(), timeout: Duration, logger: Logger) async throws -> RoomSnapshot {
        let deadline = ContinuousClock.now + timeout
        while true {
            do {
                return try await createRoom(settings: settings, timeout: timeout)
            } catch let refusal as ProtocolError where refusal.code == .internal && ContinuousClock.now < deadline {
                logger.warning("createRoom refused for now; asking again", metadata: ["error": "\(refusal)"])
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }
}
