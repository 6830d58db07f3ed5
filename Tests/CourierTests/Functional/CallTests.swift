import Clocks
import Courier
import CourierTestSupport
import Foundation
import Testing

/// Counts how often a call's work ran.
private final class Runs: Sendable {
    private let recorded = Recorded<Int>()
    func record() { recorded.append(1) }
    var count: Int { recorded.all.count }
}

private struct Boom: Error, Equatable {
    var id = 0
}

@Suite("Call: lazy, re-runnable work and its combinators", .timeLimit(.minutes(1)))
struct CallTests {
    @Test("nothing runs until the call is run; each run does the work again")
    func lazyAndRerunnable() async throws {
        let runs = Runs()
        let call = Call { runs.record(); return runs.count }.map { $0 * 10 }
        #expect(runs.count == 0)
        let first = try await call.run()
        let second = try await call.run()
        #expect(first == 10)
        #expect(second == 20)
        #expect(runs.count == 2)
    }

    @Test("flatMap runs the dependent call with the first one's value, in order")
    func flatMapChains() async throws {
        let order = Recorded<String>()
        let call = Call { order.append("profile"); return "swift" }
            .flatMap { tag in Call { order.append("articles(\(tag))"); return [tag, tag] } }
        let value = try await call.run()
        #expect(value == ["swift", "swift"])
        #expect(order.all == ["profile", "articles(swift)"])
    }

    @Test("mapError and recover see failures; result() and handling route outcomes without throwing")
    func errors() async throws {
        let failing = Call<Int>.failure(Boom(id: 1))
        let mapped = await failing.mapError { _ in Boom(id: 2) }.result()
        #expect(throws: Boom(id: 2)) { try mapped.get() }
        let recovered = try await failing.recover { error in .value((error as? Boom)?.id ?? -1) }.run()
        #expect(recovered == 1)
        let replaced = try await failing.replacingError(with: 7).run()
        #expect(replaced == 7)

        let values = Recorded<Int>()
        let errors = Recorded<String>()
        for call in [Call.value(3), failing] {
            try await call.handling(value: { values.append($0) }, error: { errors.append("\($0)") }).run()
        }
        #expect(values.all == [3])
        #expect(errors.all.count == 1)
    }

    @Test("cancellation is never recovered from nor mapped")
    func cancellationPassesThrough() async throws {
        let cancelled = Call<Int>.failure(CancellationError())
        let recovered = await cancelled.recover { _ in .value(1) }.result()
        #expect(throws: CancellationError.self) { try recovered.get() }
        let mapped = await cancelled.mapError { _ in Boom() }.result()
        #expect(throws: CancellationError.self) { try mapped.get() }
    }

    @Test("zip of three different types returns all values; the first failure is thrown")
    func zipValues() async throws {
        let (number, text, flag) = try await zip(Call.value(1), Call.value("two"), Call.value(true)).run()
        #expect(number == 1)
        #expect(text == "two")
        #expect(flag)
        let failed = await zip(Call.value(1), Call<String>.failure(Boom(id: 9))).result()
        #expect(throws: Boom(id: 9)) { try failed.get() }
    }

    @Test("a failing part of a zip cancels the parts still running")
    func zipCancelsTheRest() async throws {
        let transport = HeldTransport()
        let client = Client(transport: transport)
        let held = Call { try await client.send(try itemsRequest()) }
        let failing = Call<Int> {
            try await eventually { transport.holding == 1 }
            throw Boom(id: 3)
        }
        let outcome = await zip(held, failing).result()
        #expect(throws: Boom(id: 3)) { try outcome.get() }
        #expect(transport.cancellations == 1)
    }

    @Test("sequence runs in order and stops at the first failure")
    func sequenceStops() async throws {
        let order = Recorded<Int>()
        let calls = (1...4).map { index in
            Call<Int> {
                order.append(index)
                if index == 3 { throw Boom(id: index) }
                return index
            }
        }
        let ok = try await Call.sequence(Array(calls.prefix(2))).run()
        #expect(ok == [1, 2])
        let failed = await Call.sequence(calls).result()
        #expect(throws: Boom(id: 3)) { try failed.get() }
        #expect(order.all == [1, 2, 1, 2, 3])
    }

    @Test("traverse keeps the elements' order and never runs more than its limit at once")
    func traverseLimit() async throws {
        let transport = HeldTransport()
        let client = Client(transport: transport)
        let task = Task {
            try await Call.traverse(Array(0..<6), maxConcurrent: 2) { index in
                Call { _ = try await client.send(try itemsRequest()); return index * index }
            }.run()
        }
        for released in 0..<6 {
            try await eventually { transport.holding == min(2, 6 - released) }
            #expect(transport.holding <= 2)
            transport.releaseOne()
        }
        let squares = try await task.value
        #expect(squares == [0, 1, 4, 9, 16, 25])
        #expect(transport.requests.count == 6)
    }

    @Test("traverse returns values in the elements' order even when later ones finish first")
    func traverseOrder() async throws {
        let gates = (0..<4).map { _ in Gate() }
        let finished = Recorded<Int>()
        let task = Task {
            try await Call.traverse(Array(0..<4), maxConcurrent: 4) { index in
                Call { await gates[index].wait(); finished.append(index); return index * 10 }
            }.run()
        }
        for index in (0..<4).reversed() {
            await gates[index].open()
            try await eventually { finished.all.count == 4 - index }
        }
        let values = try await task.value
        #expect(finished.all == [3, 2, 1, 0])
        #expect(values == [0, 10, 20, 30])
    }

    @Test("a cancelled caller is never recovered from, even when the work fails with another error")
    func cancelledCallerIsNotRecovered() async throws {
        let transport = HeldTransport()
        let client = Client(transport: transport)
        let fallbacks = Runs()
        let call = Call { _ = try await client.send(try itemsRequest()); return 1 }
            .recover { _ in fallbacks.record(); return .value(2) }
        let task = Task { await call.result() }
        try await eventually { transport.holding == 1 }
        task.cancel()
        let outcome = await task.value
        #expect(outcome.failureKind == .cancelled)
        #expect(fallbacks.count == 0)
    }

    @Test("race returns the first value and cancels the other; it fails only when all fail")
    func race() async throws {
        let transport = HeldTransport()
        let client = Client(transport: transport)
        let slow = Call { _ = try await client.send(try itemsRequest()); return "slow" }
        let fast = Call { try await eventually { transport.holding == 1 }; return "fast" }
        let winner = try await slow.race(fast).run()
        #expect(winner == "fast")
        #expect(transport.cancellations == 1)
        let allFail = await Call<Int>.race([.failure(Boom(id: 1)), .failure(Boom(id: 2))]).result()
        #expect(throws: Boom.self) { try allFail.get() }
    }

    @Test("retry runs again after a failure on the policy's schedule, on the injected clock")
    func retry() async throws {
        let clock = TestClock<Duration>()
        let runs = Runs()
        let call = Call<Int> {
            runs.record()
            if runs.count < 3 { throw NetworkError(.connectionClosed) }
            return runs.count
        }.retry(.constant(.seconds(5), maxAttempts: 3), clock: clock)
        let start = clock.now
        let value = try await driving(clock) { try await call.run() }
        #expect(value == 3)
        #expect(clock.elapsed(since: start) == .seconds(10))
        let notRetryable = await Call<Int> { runs.record(); throw NetworkError(.invalidURL) }
            .retry(.immediate(maxAttempts: 5)).result()
        #expect((try? notRetryable.get()) == nil)
        #expect(runs.count == 4)
    }

    @Test("timeout fails with timedOut and cancels the work; a call within the limit is untouched")
    func timeout() async throws {
        let clock = TestClock<Duration>()
        let transport = HeldTransport()
        let client = Client(transport: transport)
        let call = Call { try await client.send(try itemsRequest()) }.timeout(after: .seconds(2), clock: clock)
        let task = Task { await call.result() }
        try await eventually { transport.holding == 1 }
        await clock.waitForSleeper()
        await clock.advance(by: .seconds(2))
        let outcome = await task.value
        #expect(throws: NetworkError.self) { try outcome.get() }
        #expect((outcome.failureKind) == .timedOut)
        #expect(transport.cancellations == 1)
        let quick = try await Call.value(5).timeout(after: .seconds(1), clock: clock).run()
        #expect(quick == 5)
    }

    @Test("delay waits on its clock before the work starts")
    func delay() async throws {
        let clock = TestClock<Duration>()
        let runs = Runs()
        let task = Task { try await Call { runs.record() }.delay(by: .seconds(3), clock: clock).run() }
        await clock.waitForSleeper()
        #expect(runs.count == 0)
        await clock.advance(by: .seconds(3))
        try await task.value
        #expect(runs.count == 1)
    }

    @Test("start hands the outcome to a callback once; its handle cancels the work")
    func startAndCancel() async throws {
        let transport = HeldTransport()
        let client = Client(transport: transport)
        let outcomes = Recorded<Result<Int, any Error>>()
        let finished = Gate()
        let handle = Call { _ = try await client.send(try itemsRequest()); return 1 }.start { result in
            outcomes.append(result)
            Task { await finished.open() }
        }
        try await eventually { transport.holding == 1 }
        handle.cancel()
        await finished.wait()
        #expect(outcomes.all.count == 1)
        #expect(outcomes.all.first?.failureKind == .cancelled)
        #expect(transport.cancellations == 1)
    }

    @Test("unsafeRun blocks a thread outside the concurrency pool until the value is there, as a script's main thread")
    func unsafeRun() async throws {
        // A thread of its own, like a command-line tool's main thread: blocking a pool thread is what
        // the documentation forbids.
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<(Int?, Bool), Never>) in
            Thread {
                let value = try? Call { await Task.yield(); return 42 }.unsafeRun()
                let failed = (try? Call<Int>.failure(Boom(id: 5)).unsafeRun()) == nil
                continuation.resume(returning: (value, failed))
            }.start()
        }
        #expect(outcome.0 == 42)
        #expect(outcome.1)
    }
}
