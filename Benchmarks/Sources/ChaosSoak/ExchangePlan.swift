import Courier
import Foundation
import HTTPTypes
import MisbehavingServer

/// One exchange of the soak, drawn from the seeded plan: what the server will do, what the client sends,
/// its deadline, and whether (and when) the caller cancels it.
struct ExchangePlan: Sendable {
    typealias Behaviour = MisbehavingServer.Behaviour

    enum BodyKind: String, Sendable, CaseIterable {
        case none, inMemory, streamed, singlePass
    }

    let id: Int
    let behaviour: Behaviour
    let query: String
    let method: HTTPRequest.Method
    let bodyKind: BodyKind
    let bodySize: Int
    let timeout: Duration
    let cancelAfter: Duration?
    /// The most body bytes the client collects.
    let limit: Int

    /// The faults the soak mixes, with their weights.
    static let mix: [(Behaviour, Int)] = [
        (.ok, 10), (.keepAlive, 14), (.dropOnReuse, 8), (.earlyAnswer, 8), (.endless, 4),
        (.closeBeforeResponse, 5), (.halfClose, 3), (.resetMidBody, 4), (.shortBody, 4), (.truncatedChunked, 4),
        (.stallHeaders, 3), (.stallBody, 3), (.badChunkSize, 3), (.badStatusLine, 2), (.conflictingContentLength, 2),
        (.contentLengthAndChunked, 2), (.informationalFlood, 1), (.extraBytes, 5), (.emptyHeaderValue, 2),
        (.stackedGzip, 2), (.doubleGzip, 2),
    ]

    /// The mix, narrowed to the paths in `CHAOS_SOAK_ONLY` (comma-separated, e.g. `/ok,/extra-bytes`) when
    /// set: to find which fault a failure needs.
    /// `CHAOS_SOAK_SKIP` leaves the listed paths out (e.g. `/endless` for URLSessionTransport, which
    /// cannot survive several fast endless bodies at once: see the README's reliability table).
    static let activeMix: [(Behaviour, Int)] = {
        let environment = ProcessInfo.processInfo.environment
        func paths(_ name: String) -> Set<String>? {
            environment[name].map { Set($0.split(separator: ",").map(String.init)) }
        }
        var active = mix
        if let only = paths("CHAOS_SOAK_ONLY") { active = active.filter { only.contains($0.0.rawValue) } }
        if let skipped = paths("CHAOS_SOAK_SKIP") { active = active.filter { !skipped.contains($0.0.rawValue) } }
        return active
    }()

    static func draw(id: Int, using random: inout some RandomNumberGenerator) -> ExchangePlan {
        let mix = activeMix
        let total = mix.reduce(0) { $0 + $1.1 }
        var pick = Int.random(in: 0..<total, using: &random)
        var behaviour = Behaviour.ok
        for (candidate, weight) in mix {
            if pick < weight {
                behaviour = candidate
                break
            }
            pick -= weight
        }
        let writes: [HTTPRequest.Method] = [.post, .put, .patch]
        let method: HTTPRequest.Method = Bool.random(using: &random) ? .get : writes.randomElement(using: &random)!
        let bodyKind: BodyKind = method == .get ? .none : BodyKind.allCases.randomElement(using: &random)!
        let bodySize = bodyKind == .none ? 0 : [1, 4, 1000, 64 * 1024, 300 * 1024].randomElement(using: &random)!
        var query = "x=\(id)"
        if behaviour == .earlyAnswer {
            query += "&status=\([302, 307, 401, 413, 503].randomElement(using: &random)!)&close=\(Int.random(in: 0...1, using: &random))"
        }
        let stalls: Set<Behaviour> = [.stallHeaders, .stallBody]
        let timeout: Duration = stalls.contains(behaviour) ? .milliseconds(Int.random(in: 50...400, using: &random)) : .seconds(10)
        // One exchange in eight is cancelled by its caller somewhere between sending and the end.
        let cancelAfter: Duration? = Int.random(in: 0..<8, using: &random) == 0 ? .milliseconds(Int.random(in: 0...60, using: &random)) : nil
        return ExchangePlan(
            id: id, behaviour: behaviour, query: query, method: method, bodyKind: bodyKind, bodySize: bodySize,
            timeout: timeout, cancelAfter: cancelAfter, limit: behaviour == .endless ? 1 << 20 : 4 << 20
        )
    }

    /// The request's body.
    var body: RequestBody {
        let size = bodySize
        let chunks = { @Sendable in AsyncStream<Data> { continuation in
            var left = size
            while left > 0 {
                let part = min(left, 16 * 1024)
                continuation.yield(Data(repeating: UInt8(ascii: "b"), count: part))
                left -= part
            }
            continuation.finish()
        } }
        switch bodyKind {
        case .none: return .empty
        case .inMemory: return .bytes(Data(repeating: UInt8(ascii: "b"), count: size))
        case .streamed: return .stream(length: Int64(size), chunks)
        case .singlePass: return .singlePass(length: Int64(size), chunks())
        }
    }

    /// Whether the method makes a change that must never reach the server twice unasked.
    var isWrite: Bool { method != .get }
}

/// SplitMix64: a small, fast, seedable generator, so a run can be repeated from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
