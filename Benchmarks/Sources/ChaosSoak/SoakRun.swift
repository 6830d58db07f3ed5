import Courier
import CourierAsyncHTTPClient
import Foundation
import MisbehavingServer

/// The transports the soak drives.
enum SoakTransport: String, CaseIterable, Sendable {
    case urlSession = "urlsession"
    case asyncHTTPClient = "asynchttpclient"
}

/// Runs the plan's exchanges against one server on one transport, `concurrency` at a time, and checks
/// what the server saw.
struct SoakRun {
    let transport: SoakTransport
    let plans: [ExchangePlan]
    let concurrency: Int
    /// `CHAOS_SOAK_TRACE=1` prints each exchange as it starts, to find the one a crash followed.
    static let tracing = ProcessInfo.processInfo.environment["CHAOS_SOAK_TRACE"] == "1"
    /// URLSessionTransport's `maxBufferedBodySize` for the run.
    static let bufferLimit = 1 << 20

    func run() async throws -> SoakReport {
        let server = try await MisbehavingServer.start()
        var report = SoakReport(transport: transport)
        try await runExchanges(against: server, into: &report)
        // The transport is gone (URLSession's sessions invalidated, AsyncHTTPClient shut down): every client
        // socket to the server must be closed.
        let left = await OpenSockets.waitForClientConnections(toPort: server.port, timeout: .seconds(5))
        if left > 0 {
            report.fail("leaked socket", "\(left) connections still open after the transport was released")
        }
        report.checkWrites(server.allReceived(), plans: plans)
        report.peakResidentBytes = SoakReport.peakResidentBytes()
        try await server.stop()
        return report
    }

    private func runExchanges(against server: MisbehavingServer, into report: inout SoakReport) async throws {
        let base = server.baseURL
        let urlSession = transport == .urlSession ? URLSessionTransport(configuration: .init(maxBufferedBodySize: Self.bufferLimit)) : nil
        let asyncHTTPClient = transport == .asyncHTTPClient ? AsyncHTTPClientTransport() : nil
        let client = if let urlSession { Client(transport: urlSession) } else { Client(transport: asyncHTTPClient!) }
        try await withThrowingTaskGroup(of: (ExchangePlan, ExchangeOutcome).self) { group in
            var next = plans.makeIterator()
            for _ in 0..<concurrency {
                guard let plan = next.next() else { break }
                group.addTask { (plan, await Self.exchange(plan, client: client, base: base)) }
            }
            var done = 0
            while let (plan, outcome) = try await group.next() {
                report.record(outcome, for: plan)
                done += 1
                if done % 1000 == 0 {
                    FileHandle.standardError.write(Data("\(transport.rawValue): \(done) of \(plans.count)\n".utf8))
                }
                if let plan = next.next() {
                    group.addTask { (plan, await Self.exchange(plan, client: client, base: base)) }
                }
            }
        }
        if let urlSession, urlSession.peakBufferedBodyBytes > Self.bufferLimit + 64 * 1024 {
            report.fail("body over its limit", "URLSession held \(urlSession.peakBufferedBodyBytes) unread bytes (limit \(Self.bufferLimit))")
        }
        try await asyncHTTPClient?.shutdown()
    }

    /// One exchange: send, read the body within the plan's limit, cancel when the plan says; a watchdog
    /// calls it a hang once it outlives its deadline by a second.
    static func exchange(_ plan: ExchangePlan, client: Client, base: String) async -> ExchangeOutcome {
        if tracing {
            FileHandle.standardError.write(Data("start #\(plan.id) \(plan.method) \(plan.behaviour.rawValue)?\(plan.query) \(plan.bodyKind.rawValue) \(plan.bodySize) cancel \(plan.cancelAfter.map { "\($0)" } ?? "-")\n".utf8))
        }
        defer {
            if tracing { FileHandle.standardError.write(Data("end #\(plan.id)\n".utf8)) }
        }
        let work = Task { () -> ExchangeOutcome in
            do {
                var request = try ClientRequest(plan.method, url: "\(base)\(plan.behaviour.rawValue)?\(plan.query)")
                request.body = plan.body
                request.options.timeout = plan.timeout
                let response = try await client.send(request)
                if tracing { FileHandle.standardError.write(Data("head #\(plan.id) \(response.status.code)\n".utf8)) }
                let body = try await response.body.collect(upTo: plan.limit)
                return .success(status: response.status.code, bytes: body.count)
            } catch let error as NetworkError {
                return .failure(error.kind)
            } catch {
                return .failure(.transportFailed)
            }
        }
        if let cancelAfter = plan.cancelAfter {
            Task {
                try? await Task.sleep(for: cancelAfter)
                work.cancel()
            }
        }
        // Whichever comes first: the exchange's end, or its deadline plus a second. A hung exchange is
        // cancelled and left behind (awaiting it could hang the soak itself).
        let first = FirstOutcome()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                first.set(continuation)
                Task { first.resume(with: await work.value) }
                Task {
                    try? await Task.sleep(for: plan.timeout + .seconds(1))
                    if first.resume(with: .hang) {
                        if tracing { FileHandle.standardError.write(Data("hang #\(plan.id)\n".utf8)) }
                        work.cancel()
                    }
                }
            }
        } onCancel: {
            work.cancel()
        }
    }
}

/// The first of several outcomes offered for one exchange.
///
/// `@unchecked Sendable`: its state is only touched under `lock`.
final class FirstOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<ExchangeOutcome, Never>?
    private var early: ExchangeOutcome?
    private var done = false

    func set(_ continuation: CheckedContinuation<ExchangeOutcome, Never>) {
        let early: ExchangeOutcome? = lock.withLock {
            if let early = self.early { return early }
            self.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Offers `outcome`; `true` when it was the first.
    @discardableResult
    func resume(with outcome: ExchangeOutcome) -> Bool {
        let (first, continuation): (Bool, CheckedContinuation<ExchangeOutcome, Never>?) = lock.withLock {
            guard !done else { return (false, nil) }
            done = true
            if let continuation = self.continuation {
                self.continuation = nil
                return (true, continuation)
            }
            early = outcome
            return (true, nil)
        }
        continuation?.resume(returning: outcome)
        return first
    }
}
