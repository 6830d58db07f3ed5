import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's CPU time and peak resident memory, from getrusage.
struct ResourceUsage {
    /// User plus system CPU time, in microseconds.
    let cpuMicroseconds: Int
    /// Peak resident set size, in KiB (Linux reports KiB).
    let peakResidentKiB: Int

    /// `VmHWM` from /proc/self/status: the process's own peak, in KiB.
    private static func peakResidentFromProc() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first
    }

    static func now() -> ResourceUsage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Int(usage.ru_utime.tv_sec) * 1_000_000 + Int(usage.ru_utime.tv_usec)
        let system = Int(usage.ru_stime.tv_sec) * 1_000_000 + Int(usage.ru_stime.tv_usec)
        return ResourceUsage(cpuMicroseconds: user + system, peakResidentKiB: peakResidentFromProc() ?? Int(usage.ru_maxrss))
    }
}
