/// The JSON bodies of the sign-in routes. `device` (a label for the new device, ≤ 40
/// characters) and `name` (a new player's name, as `hello` checks it) are our additions; both
/// optional.
enum AccountRequests {
    /// Every sign-in body is small; an ID token is a few kilobytes at most.
    static let maxBodyBytes = 16 * 1024

    /// `POST /v1/auth/oidc`.
    struct OIDC: Decodable {
        let provider: String
        let idToken: String
        let nonce: String?
        let device: String?
        let name: String?

        static let expected = #"{"provider","idToken","nonce"} (nonce, device and name optional)"#
    }

    /// `POST /v1/auth/register`.
    struct Register: Decodable {
        let email: String
        let password: String
        let device: String?
        let name: String?

        static let expected = #"{"email","password"} (device and name optional)"#
    }

    /// `POST /v1/auth/login`.
    struct Login: Decodable {
        let email: String
        let password: String
        let device: String?

        static let expected = #"{"email","password"} (device optional)"#
    }

    /// `POST /v1/auth/link`.
    struct Link: Decodable {
        let code: String
        let device: String?

        static let expected = #"{"code"} (device optional)"#
    }
}
