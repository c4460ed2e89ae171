import DoodleCore
import DoodleStorage

/// A new device's token, made at sign-in: the token goes to the client once, only its hash to
/// the store.
struct DeviceToken: Sendable {
    let token: String
    let record: NewDevice

    init(label: String) {
        token = PlayerDirectory.makeToken()
        var generator = SystemRandomNumberGenerator()
        record = NewDevice(id: OpaqueID.make(prefix: "d_", using: &generator), tokenHash: PlayerDirectory.hash(token), label: label)
    }
}
