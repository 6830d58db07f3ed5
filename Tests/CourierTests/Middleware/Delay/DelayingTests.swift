import Clocks
import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite("Delay, on a test clock", .timeLimit(.minutes(1)))
struct DelayingTests {
    @Test("delayed(by:) waits on its clock before sending")
    func delayed() async throws {
        let clock = TestClock()
        let (transport, times) = timedTransport(clock)
        let client = Client(transport: transport).delayed(by: .milliseconds(750), clock: clock)
        _ = try await driving(clock) { try await client.send(try itemsRequest()) }
        #expect(times.all == [.milliseconds(750)])
    }
}
