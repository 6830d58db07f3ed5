// This file imports CourierCombine alone, on purpose: on Linux it compiles only while CourierCombine
// re-exports OpenCombine (on Apple platforms Combine is the system's).
import CourierCombine
import Testing
#if canImport(Combine)
import Combine
#endif

@Suite("What import CourierCombine brings")
struct CombineReexportTests {
    @Test("publishers and cancellables need no import of their own")
    func combineIsReexported() {
        var received: [Int] = []
        let cancellable: AnyCancellable = Just(7).sink { received.append($0) }
        cancellable.cancel()
        #expect(received == [7])
    }
}
