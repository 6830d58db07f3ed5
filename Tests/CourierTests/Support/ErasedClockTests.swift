import Clocks
@testable import Courier
import Testing

/// The layers run over `ErasedClock` (so that they are compiled for one type); these check that it keeps the
/// wrapped clock's time, as each layer's own test-clock tests rely on.
@Suite("ErasedClock keeps the wrapped clock's time")
struct ErasedClockTests {
    @Test("now moves with the wrapped clock, from zero at the moment of erasing")
    func now() async {
        let clock = TestClock()
        await clock.advance(by: .seconds(5))
        let erased = ErasedClock(clock)
        #expect(erased.now.offset == .zero)
        await clock.advance(by: .milliseconds(1500))
        #expect(erased.now.offset == .milliseconds(1500))
        #expect(erased.now.duration(to: erased.now.advanced(by: .seconds(2))) == .seconds(2))
    }

    @Test("a sleep ends when the wrapped clock reaches its instant, not before")
    func sleep() async throws {
        let clock = TestClock()
        let erased = ErasedClock(clock)
        let deadline = erased.now.advanced(by: .seconds(3))
        let woke = Locked(false)
        let slept = Task {
            try await erased.sleep(until: deadline, tolerance: nil)
            woke.withLock { $0 = true }
        }
        await clock.advance(by: .seconds(2))
        #expect(!woke.withLock { $0 })
        await clock.advance(by: .seconds(1))
        try await slept.value
        #expect(woke.withLock { $0 })
        #expect(erased.now.offset == .seconds(3))
    }

    @Test("erasing an erased clock keeps the same origin")
    func erasingTwice() async {
        let clock = TestClock()
        let erased = ErasedClock(clock)
        await clock.advance(by: .seconds(1))
        #expect(ErasedClock(erased).now.offset == .seconds(1))
    }
}
