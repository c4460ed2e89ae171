import DoodleLoad
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Reading /proc")
struct ProcessSampleTests {
    @Test("this process's CPU time and memory can be read")
    func readsSelf() throws {
        let sample = try #require(ProcessSample.read(pid: getpid()))
        #expect(sample.cpuSeconds > 0)
        #expect(sample.residentBytes > 0)
        #expect(sample.peakResidentBytes >= sample.residentBytes)
    }
}
