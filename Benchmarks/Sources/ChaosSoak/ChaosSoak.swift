import Foundation

/// `swift run -c release --package-path Benchmarks ChaosSoak [--exchanges N] [--seed S] [--transport urlsession|asynchttpclient] [--concurrency C]`
///
/// For each transport, N exchanges (default 10,000) drawn from a seeded plan — streamed and in-memory
/// uploads, downloads, early answers, resets, stalls, truncations, 1xx floods, bad framing, cancellations
/// at random points and deadlines — against a local MisbehavingServer. Prints `N passed, N failed` with the
/// failures grouped by cause, and exits 1 on a hang, a leaked socket, a duplicated write, an empty or
/// partial replay, or a body over its limit (a crash ends the process on its own).
@main
struct ChaosSoak {
    static func main() async throws {
        var exchanges = 10_000
        var seed = UInt64.random(in: 1...UInt64(UInt32.max))
        var transports = SoakTransport.allCases
        var concurrency = 8
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            let value = arguments.next() ?? ""
            switch argument {
            case "--exchanges": exchanges = Int(value) ?? exchanges
            case "--seed": seed = UInt64(value) ?? seed
            case "--concurrency": concurrency = max(1, Int(value) ?? concurrency)
            case "--transport": transports = SoakTransport(rawValue: value).map { [$0] } ?? transports
            default:
                FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
                exit(2)
            }
        }
        if ProcessInfo.processInfo.environment["CHAOS_SOAK_TRACE"] == "1" {
            Task.detached {
                var beat = 0
                while true {
                    try? await Task.sleep(for: .seconds(2))
                    beat += 1
                    FileHandle.standardError.write(Data("heartbeat \(beat)\n".utf8))
                }
            }
        }
        var random = SplitMix64(seed: seed)
        let plans = (0..<exchanges).map { ExchangePlan.draw(id: $0, using: &random) }
        var fatal = false
        for transport in transports {
            let started = ContinuousClock.now
            let report = try await SoakRun(transport: transport, plans: plans, concurrency: concurrency).run()
            print(report.printed(seed: seed), terminator: "")
            print("  took \(ContinuousClock.now - started)")
            fatal = fatal || report.hasFatalFailure
        }
        exit(fatal ? 1 : 0)
    }
}
