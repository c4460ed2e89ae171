@testable import DoodleServer
import Testing

@Suite("Device labels")
struct DeviceLabelTests {
    @Test("read off common User-Agents", arguments: [
        ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", "Safari on macOS"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", "Safari on iPhone"),
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"),
        ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1", "Chrome on iPad"),
    ])
    func userAgents(_ agent: String, _ label: String) {
        #expect(DeviceLabel.describe(userAgent: agent) == label)
    }

    @Test("an agent naming no browser or system gives none, and the request's label is 'Device'")
    func unknownAgent() throws {
        #expect(DeviceLabel.describe(userAgent: "curl/8.5.0") == nil)
        #expect(try DeviceLabel.label(given: nil, userAgent: "curl/8.5.0") == "Device")
        #expect(try DeviceLabel.label(given: nil, userAgent: nil) == "Device")
    }

    @Test("a given label wins, trimmed; empty, over 40 characters or with control characters is refused")
    func givenLabels() throws {
        #expect(try DeviceLabel.label(given: "  Kitchen tablet ", userAgent: "Firefox/1") == "Kitchen tablet")
        #expect(try DeviceLabel.label(given: String(repeating: "é", count: 40), userAgent: nil).count == 40)
        for bad in ["", "   ", String(repeating: "x", count: 41), "tab\u{7}let"] {
            #expect(throws: APIError.self) { try DeviceLabel.label(given: bad, userAgent: nil) }
        }
    }
}
