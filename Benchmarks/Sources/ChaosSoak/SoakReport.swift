import Courier
import Foundation
import MisbehavingServer

/// What a soak run found: how many exchanges ended as their fault must, and the failures grouped by cause.
struct SoakReport: Sendable {
    let transport: SoakTransport
    var passed = 0
    var failed = 0
    /// Failures by cause, with a few examples each.
    private(set) var causes: [String: (count: Int, examples: [String])] = [:]
    /// The causes that make the soak exit non-zero: the promises of issue #20.
    static let fatalCauses: Set<String> = ["hang", "leaked socket", "duplicated write", "empty or partial replay", "body over its limit"]
    var peakResidentBytes = 0
    /// How many examples of each cause are kept (`CHAOS_SOAK_EXAMPLES` raises it).
    static let examplesPerCause = Int(ProcessInfo.processInfo.environment["CHAOS_SOAK_EXAMPLES"] ?? "") ?? 5

    var hasFatalFailure: Bool {
        causes.keys.contains { Self.fatalCauses.contains($0) }
    }

    mutating func record(_ outcome: ExchangeOutcome, for plan: ExchangePlan) {
        if outcome == .hang {
            failed += 1
            fail("hang", "#\(plan.id) \(plan.method) \(plan.behaviour.rawValue) outlived its \(plan.timeout) deadline by > 1 s")
        } else if outcome.isExpected(for: plan, transport: transport) {
            passed += 1
        } else {
            failed += 1
            fail("unexpected outcome", "#\(plan.id) \(plan.method) \(plan.behaviour.rawValue) (\(plan.bodyKind.rawValue) body) ended with \(outcome)")
        }
    }

    mutating func fail(_ cause: String, _ example: String) {
        var entry = causes[cause] ?? (0, [])
        entry.count += 1
        if entry.examples.count < Self.examplesPerCause { entry.examples.append(example) }
        causes[cause] = entry
    }

    /// Counts at the server: a write reached it at most once, and never with a body other than the one sent.
    mutating func checkWrites(_ received: [MisbehavingServer.ReceivedRequest], plans: [ExchangePlan]) {
        let byID = Dictionary(grouping: received) { request in
            request.target.split(separator: "?").last?.split(separator: "&").first { $0.hasPrefix("x=") }.map { String($0.dropFirst(2)) } ?? ""
        }
        for (index, example) in (causes["unexpected outcome"]?.examples ?? []).enumerated() {
            let id = example.dropFirst().prefix { $0.isNumber }
            let arrivals = byID[String(id)] ?? []
            causes["unexpected outcome"]?.examples[index] += " (the server saw it \(arrivals.count)×: \(arrivals.map { "\($0.bodyBytes) B\($0.complete ? "" : " cut"), #\($0.indexOnConnection) on its connection" }.joined(separator: "; ")))"
        }
        for plan in plans where plan.isWrite {
            let arrivals = byID["\(plan.id)"] ?? []
            if arrivals.count > 1 {
                fail("duplicated write", "#\(plan.id) \(plan.method) \(plan.behaviour.rawValue) reached the server \(arrivals.count) times")
            }
            for arrival in arrivals where arrival.complete && arrival.bodyBytes != plan.bodySize {
                fail("empty or partial replay", "#\(plan.id) \(plan.method) arrived whole with \(arrival.bodyBytes) of \(plan.bodySize) body bytes")
            }
        }
    }

    /// The process's peak resident memory (`VmHWM`), in bytes.
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    func printed(seed: UInt64) -> String {
        var text = "\(transport.rawValue): \(passed) passed, \(failed) failed (seed \(seed), peak RSS \(peakResidentBytes >> 20) MiB)\n"
        for (cause, entry) in causes.sorted(by: { $0.key < $1.key }) {
            text += "  \(Self.fatalCauses.contains(cause) ? "FATAL " : "")\(cause): \(entry.count)\n"
            for example in entry.examples { text += "    \(example)\n" }
        }
        return text
    }
}
