import DoodleCore
import DoodleStorage
import Hummingbird

/// What every sign-in, registration and link answers:
/// `{"playerId","name","token","identities":[{"provider","email"}]}`. `token` is the device's
/// own; the client keeps it as the player's token from then on.
struct SignInAnswer: ResponseEncodable, Equatable {
    let playerId: PlayerID
    let name: String
    let token: String
    let identities: [AccountIdentity]
}

/// `GET /v1/auth/providers`: the configured OpenID Connect providers by name and client id (the
/// audience their ID tokens carry), and whether email and password sign-in is offered, so a
/// client shows only the buttons that work here.
struct ProvidersAnswer: ResponseEncodable {
    struct Provider: Encodable {
        let name: String
        let clientId: String
    }

    let providers: [Provider]
    let password: Bool
}

/// One entry of `GET /v1/me/sessions`; `current` marks the device of the request's token.
struct DeviceEntry: Encodable, Sendable {
    let id: String
    let label: String
    let createdAt: Int64
    let lastSeenAt: Int64
    let current: Bool
}

/// `POST /v1/me/link-code`: the code and when it stops working, plus (ours) the page's address
/// with the code in its fragment and that address as a QR code, for a phone to scan.
struct LinkCodeAnswer: ResponseEncodable {
    let code: String
    let expiresAt: Int64
    let url: String
    let qrSvg: String
}
