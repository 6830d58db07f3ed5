import Foundation
import Synchronization

/// Runs one client: a warm-up, then the measured requests from `concurrency` tasks.
struct LoadRun {
    let client: LoadClient
    let options: LoadOptions

    struct Result {
        let client: LoadClient
        let options: LoadOptions
        let seconds: Double
        let latencies: [Double]
        let cpuMicroseconds: Int
        let peakResidentKiB: Int
        let bytes: Int

        var json: String {
            let sorted = latencies.sorted()
            func percentile(_ p: Double) -> Double {
                sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
            }
            let fields: [(String, String)] = [
                ("client", "\"\(client.rawValue)\""),
                ("concurrency", "\(options.concurrency)"),
                ("requests", "\(latencies.count)"),
                ("pool", "\(options.pool)"),
                ("seconds", String(format: "%.4f", seconds)),
                ("rps", String(format: "%.1f", Double(latencies.count) / seconds)),
                ("p50_us", String(format: "%.1f", percentile(0.50))),
                ("p99_us", String(format: "%.1f", percentile(0.99))),
                ("cpu_us_per_request", String(format: "%.2f", Double(cpuMicroseconds) / Double(max(1, latencies.count)))),
                ("mib_per_s", String(format: "%.1f", Double(bytes) / 1_048_576 / seconds)),
                ("peak_rss_mib", String(format: "%.1f", Double(peakResidentKiB) / 1024)),
            ]
            return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
    }

    func run() async throws -> Result {
        let (exchange, shutdown) = try client.make(options)
        let requests = client.isTransfer ? 1 : options.requests
        let warmUp = client.isTransfer ? 0 : min(2_000, max(100, requests / 10))
        try await drive(exchange, count: warmUp, offset: 1_000_000)
        let before = ResourceUsage.now()
        let started = ContinuousClock.now
        let (latencies, bytes) = try await drive(exchange, count: requests, offset: 0)
        let elapsed = ContinuousClock.now - started
        let after = ResourceUsage.now()
        try await shutdown()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Result(
            client: client, options: options, seconds: seconds, latencies: latencies,
            cpuMicroseconds: after.cpuMicroseconds - before.cpuMicroseconds, peakResidentKiB: after.peakResidentKiB, bytes: bytes
        )
    }

    /// Sends `count` requests from `options.concurrency` tasks; returns each one's latency in µs and the
    /// bytes moved.
    @discardableResult
    private func drive(_ exchange: @escaping Exchange, count: Int, offset: Int) async throws -> ([Double], Int) {
        let next = NextIndex()
        return try await withThrowingTaskGroup(of: ([Double], Int).self) { group in
            for _ in 0..<min(options.concurrency, max(1, count)) {
                group.addTask {
                    var latencies: [Double] = []
                    var bytes = 0
                    let clock = ContinuousClock()
                    while true {
                        let index = next.value.add(1, ordering: .relaxed).oldValue
                        guard index < count else { break }
                        let started = clock.now
                        bytes += try await exchange(offset + index)
                        let took = clock.now - started
                        latencies.append(Double(took.components.seconds) * 1e6 + Double(took.components.attoseconds) / 1e12)
                    }
                    return (latencies, bytes)
                }
            }
            var all: [Double] = []
            var bytes = 0
            for try await (latencies, moved) in group {
                all += latencies
                bytes += moved
            }
            return (all, bytes)
        }
    }
}

/// The next request's index, shared by the sending tasks.
private final class NextIndex: Sendable {
    let value = Atomic<Int>(0)
}
