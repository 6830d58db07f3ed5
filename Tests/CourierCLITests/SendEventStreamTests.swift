import CourierTesting
import Foundation
import Testing

@Suite("courier send -S on an event stream", .serialized, .timeLimit(.minutes(3)))
struct SendEventStreamTests {
    @Test("-S prints each event's data on a line of its own, on a pipe too; without it the exact bytes come through")
    func eventsOnPipe() async throws {
        try await TestServer.withRunning { server in
            let url = server.baseURL + "/events/cli?count=3"
            let parsed = try await CourierProcess.run(["send", "-S", url])
            #expect(parsed.status == 0)
            #expect(parsed.standardOutput == """
            {"lastEventID":"","n":1,"stamp":""}
            {"lastEventID":"","n":2,"stamp":""}
            {"lastEventID":"","n":3,"stamp":""}

            """)
            let raw = try await CourierProcess.run(["send", url])
            #expect(raw.standardOutput.hasPrefix("id: 1\nevent: tick\ndata: {\"lastEventID\":\"\",\"n\":1,\"stamp\":\"\"}\n\n"))
        }
    }
}
