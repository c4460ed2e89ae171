import DoodleCore

/// What a device is called in `GET /v1/me/sessions`: the label the client gave (`"device"`), or
/// one read off its `User-Agent` ("Firefox on Linux"), else "Device".
enum DeviceLabel {
    static let maxLength = 40
    static let fallback = "Device"
    /// The label of a new player's first device, when its WebSocket upgrade named no browser.
    static let firstDevice = "First device"

    /// The label a request asks for, trimmed.
    ///
    /// - Throws: 400 `bad_message` when it is empty, longer than 40 characters or holds control
    ///   characters.
    static func validated(_ raw: String) throws -> String {
        let label = raw.trimmingWhitespace()
        guard !label.isEmpty, label.count <= maxLength else {
            throw APIError.badRequest("device must be 1 to \(maxLength) characters")
        }
        guard !label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw APIError.badRequest("device must not hold control characters")
        }
        return label
    }

    /// The label of the request's device: `given` when there is one (validated), else read off
    /// the `User-Agent`, else "Device".
    static func label(given: String?, userAgent: String?) throws -> String {
        if let given { return try validated(given) }
        return userAgent.flatMap(describe) ?? fallback
    }

    /// "Browser on System" for the browsers and systems a player is likely to use; nil when the
    /// agent names neither. Tokens are tested most specific first: Edge and Opera also say
    /// "Chrome", Chrome also says "Safari", and Android also says "Linux".
    static func describe(userAgent: String) -> String? {
        let browser = browsers.first { userAgent.contains($0.token) }?.name
        let system = systems.first { userAgent.contains($0.token) }?.name
        switch (browser, system) {
        case (let browser?, let system?): return "\(browser) on \(system)"
        case (let browser?, nil): return browser
        case (nil, let system?): return system
        case (nil, nil): return nil
        }
    }

    private static let browsers: [(token: String, name: String)] = [
        ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
    ]

    private static let systems: [(token: String, name: String)] = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"), ("Windows", "Windows"),
        ("Macintosh", "macOS"), ("Linux", "Linux"),
    ]
}
