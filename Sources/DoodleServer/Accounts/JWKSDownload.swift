import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches a JWKS document: one GET, a 200 answer, at most `maxBytes` of body, within `timeout`.
struct JWKSDownload: Sendable {
    let httpClient: HTTPClient
    var timeout: TimeAmount = .seconds(10)
    /// Real key sets are a few KiB (Google's and Apple's about 1–2); anything near this is not one.
    var maxBytes = 256 * 1024

    func fetch(_ url: String) async throws(JWKSDownloadError) -> Data {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response: HTTPClientResponse
        do {
            response = try await httpClient.execute(request, timeout: timeout)
        } catch {
            throw .unreachable("\(error)")
        }
        guard response.status == .ok else {
            // Drain what little there is, so the connection can be reused.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            throw .status(Int(response.status.code))
        }
        do {
            return Data(try await response.body.collect(upTo: maxBytes).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw .tooLarge(maxBytes)
        } catch {
            throw .unreachable("\(error)")
        }
    }
}

/// Why a JWKS could not be fetched; for the log (URLs and statuses only, nothing secret).
enum JWKSDownloadError: Error, Equatable, CustomStringConvertible {
    case unreachable(String)
    case status(Int)
    case tooLarge(Int)

    var description: String {
        switch self {
        case .unreachable(let error): "not reached: \(error)"
        case .status(let code): "HTTP \(code)"
        case .tooLarge(let limit): "the answer is larger than \(limit) bytes"
        }
    }
}
