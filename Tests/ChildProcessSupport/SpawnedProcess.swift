import Glibc
import Synchronization

/// A child process started with `posix_spawn`, for the tests that run real executables
/// (doodle-server, nginx, zbarimg).
///
/// Not Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` by copying each entry's
/// whole 256-byte name field, reading past the end of glibc's buffer when an entry sits at its
/// tail, and now and then the parent crashes there (swift-corelibs-foundation pull request 5472,
/// fixed after the Swift 6.3.1 this machine has). The test process, with hundreds of sockets
/// open, crashed that way in CI. Here the child closes every descriptor above 2 itself
/// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34 and later), so the parent lists none.
public final class SpawnedProcess: Sendable {
    public let processIdentifier: pid_t
    /// The raw `waitpid` status once the child has been reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments`; its standard output goes to `outputDescriptor`, its
    /// standard error to `errorDescriptor` (the same by default), its standard input is /dev/null.
    /// The caller closes its own copies of those descriptors once the child has started.
    ///
    /// - Parameter environment: the child's whole environment; nil inherits this process's.
    /// - Throws: ``SpawnError`` when the child cannot be started.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil, outputDescriptor: Int32,
        errorDescriptor: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 1)
        posix_spawn_file_actions_adddup2(&actions, errorDescriptor ?? outputDescriptor, 2)
        guard let closeFrom = Self.addCloseFrom else { throw SpawnError(executable: executable, reason: "this C library cannot close descriptors in a spawned child") }
        let closing = closeFrom(&actions, 3)
        guard closing == 0 else { throw SpawnError(executable: executable, reason: String(cString: strerror(closing))) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for entry in envp ?? [] { free(entry) } }
        var pid: pid_t = 0
        let status = envp.map { posix_spawn(&pid, executable, &actions, nil, argv, $0) } ?? posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard status == 0 else { throw SpawnError(executable: executable, reason: String(cString: strerror(status))) }
        processIdentifier = pid
    }

    /// Whether the child still runs (reaping it once it has ended).
    public var isRunning: Bool {
        reaped.withLock { reaped in
            guard reaped == nil else { return false }
            var status: Int32 = 0
            guard waitpid(processIdentifier, &status, WNOHANG) == processIdentifier else { return true }
            reaped = status
            return false
        }
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable {
        case exited(code: Int32)
        case signalled(Int32)
    }

    /// How the child ended; nil while it runs.
    public var termination: Termination? {
        guard !isRunning, let status = reaped.withLock({ $0 }) else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? .exited(code: (status >> 8) & 0xff) : .signalled(signal)
    }

    public func signal(_ signal: Int32) {
        guard isRunning else { return }
        _ = kill(processIdentifier, signal)
    }

    /// Waits until the child has ended, polling every 2 ms (tests only: it blocks its thread).
    public func waitUntilExit() {
        while isRunning { usleep(2_000) }
    }

    /// `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not declare.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
}

public struct SpawnError: Error, CustomStringConvertible {
    public var executable: String
    public var reason: String

    public var description: String { "could not start \(executable): \(reason)" }
}
