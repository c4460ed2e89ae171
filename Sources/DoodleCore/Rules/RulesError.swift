/// Why rules or a word pack could not be loaded; the message names the file, and the field or line.
public struct RulesError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
