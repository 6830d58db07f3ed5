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
                    latencies.reserveCapacity(count / options.concurrency + NextIndex.batch)
                    var bytes = 0
                    let clock = ContinuousClock()
                    // NOTE: indices are taken a batch at a time: one shared counter written by every request
                    // from both cores is the harness's own contention, and it was counted in the CPU of
                    // requests as cheap as a cache hit (Benchmarks/load).
                    while true {
                        let first = next.value.add(NextIndex.batch, ordering: .relaxed).oldValue
                        guard first < count else { break }
                        for index in first..<min(count, first + NextIndex.batch) {
                            let started = clock.now
                            bytes += try await exchange(offset + index)
                            let took = clock.now - started
                            latencies.append(Double(took.components.seconds) * 1e6 + Double(took.components.attoseconds) / 1e12)
                        }
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
    /// How many indices a task takes at once: few enough that the tasks end together.
    static let batch = 16
    let value = Atomic<Int>(0)
}
