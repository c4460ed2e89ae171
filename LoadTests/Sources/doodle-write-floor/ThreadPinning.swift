import Foundation
import Glibc
import Synchronization

/// Keeps a thread on one CPU, so the capacity search can give the fan-out a core of its own and
/// put its load generator on another. Swift's Glibc module leaves out glibc's GNU extensions,
/// `pthread_setaffinity_np` among them, so it is looked up in the C library at run time.
enum ThreadPinning {
    struct PinningError: Error, CustomStringConvertible {
        let cpu: Int
        let reason: String
        var description: String { "could not pin a thread to CPU \(cpu): \(reason)" }
    }

    private typealias SetAffinity = @convention(c) (pthread_t, Int, UnsafePointer<cpu_set_t>) -> Int32

    /// CPUs the kernel has online; a CPU number must be below it.
    static var onlineCPUs: Int { sysconf(Int32(_SC_NPROCESSORS_ONLN)) }

    /// Pins the calling thread to `cpu`: call it on the thread to pin.
    static func pinCurrentThread(to cpu: Int) throws {
        var set = cpu_set_t()
        let bitsPerWord = UInt.bitWidth
        guard cpu >= 0, cpu < MemoryLayout<cpu_set_t>.size * 8 else { throw PinningError(cpu: cpu, reason: "no such CPU") }
        withUnsafeMutableBytes(of: &set) { bytes in
            bytes.bindMemory(to: UInt.self)[cpu / bitsPerWord] |= 1 << (cpu % bitsPerWord)
        }
        guard let program = dlopen(nil, RTLD_NOW) else { throw PinningError(cpu: cpu, reason: "dlopen of the program failed") }
        defer { dlclose(program) }
        guard let symbol = dlsym(program, "pthread_setaffinity_np") else {
            throw PinningError(cpu: cpu, reason: "this C library has no pthread_setaffinity_np")
        }
        let setAffinity = unsafeBitCast(symbol, to: SetAffinity.self)
        let code = setAffinity(pthread_self(), MemoryLayout<cpu_set_t>.size, &set)
        guard code == 0 else {
            throw PinningError(cpu: cpu, reason: "pthread_setaffinity_np refused it: \(String(cString: strerror(code)))")
        }
    }
}

/// A thread of its own on one CPU, for the stall watch and the trigger pacer: `start` returns
/// once the thread is pinned and running its body (or throws why it could not be pinned), and
/// `stop` asks the body to end and waits until it has.
final class PinnedThread: Sendable {
    let cpu: Int
    private let name: String
    private let stopRequested = Atomic<Bool>(false)
    private let running = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    private let pinFailure = Mutex<String?>(nil)

    init(cpu: Int, name: String) {
        self.cpu = cpu
        self.name = name
    }

    /// True once `stop` was called: the body checks it between its rounds.
    var isStopRequested: Bool { stopRequested.load(ordering: .acquiring) }

    func start(_ body: @escaping @Sendable () -> Void) throws {
        let thread = Thread { [self] in
            defer { finished.store(true, ordering: .releasing) }
            do {
                try ThreadPinning.pinCurrentThread(to: cpu)
            } catch {
                pinFailure.withLock { $0 = "\(error)" }
                return
            }
            running.store(true, ordering: .releasing)
            body()
        }
        thread.name = name
        thread.start()
        while !running.load(ordering: .acquiring) && !finished.load(ordering: .acquiring) { usleep(1_000) }
        if let failure = pinFailure.withLock({ $0 }) { throw ThreadPinning.PinningError(cpu: cpu, reason: failure) }
    }

    func stop() {
        stopRequested.store(true, ordering: .releasing)
        while !finished.load(ordering: .acquiring) { usleep(1_000) }
    }
}
