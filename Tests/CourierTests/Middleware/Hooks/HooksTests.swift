import Courier
import CourierTesting
import Foundation
import Testing

@Suite("Hooks against the test server", .timeLimit(.minutes(1)))
struct HooksTests {
    /// Writes down, in order, each request that passes through it and how each response body ended.
    final class ExchangeLog: Middleware, @unchecked Sendable {
        // `@unchecked Sendable`: `events` is read and written only while `lock` is held.
        private let lock = NSLock()
        private var events: [String] = []

        var lines: [String] { lock.withLock { events } }

        private func write(_ line: String) {
            lock.withLock { events.append(line) }
        }

        func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
            write("sent \(request.head.path ?? "")")
            var response = try await next(request)
            let status = response.status.code
            response.body = response.body.observing { [self] bytes, ending in
                let how = switch ending {
                case .finished: "finished"
                case .failed: "failed"
                case .abandoned: "abandoned"
                }
                write("\(status) body \(how) after \(bytes) bytes")
            }
            return response
        }
    }

    @Test("a post-hook that sends a new request releases the earlier response first: its body is read to the end before the new request leaves")
    func replacedResponseIsReleasedFirst() async throws {
        try await TestServer.withRunning { server in
            let log = ExchangeLog()
            let client = Client(transport: URLSessionTransport())
                .with(log)
                .hooked(post: [PostRequestHook { response, original in
                    response.status == .serviceUnavailable ? .makeNewRequest(original) : .continue
                }])
                .targeting(server.server)
            let response = try await client.send(try ClientRequest(.get, path: "/flaky/hooks?failures=1"))
            let data = try await response.body.collect(upTo: 1 << 20)
            let reply = try JSONDecoder().decode(TestServer.FlakyReply.self, from: data)
            #expect(reply.attempt == 2)
            // Before the fix the first body was dropped unread after the second request had left:
            // "sent", "sent", "503 body abandoned", "200 …".
            let firstBody = #"{"attempt":1,"status":503}"#.utf8.count
            #expect(log.lines == [
                "sent /flaky/hooks?failures=1",
                "503 body finished after \(firstBody) bytes",
                "sent /flaky/hooks?failures=1",
                "200 body finished after \(data.count) bytes",
            ])
        }
    }

    @Test("a post-hook that replaces an endless response sends the new request at once, and the endless one is cut off",
          .timeLimit(.minutes(1)))
    func replacedEndlessResponseIsDropped() async throws {
        try await TestServer.withRunning { server in
            let client = Client(transport: URLSessionTransport())
                .hooked(post: [PostRequestHook { _, original in
                    guard original.head.path?.hasPrefix("/drip") == true else { return .continue }
                    var instead = original
                    instead.head.path = "/bytes/16"
                    return .makeNewRequest(instead)
                }])
                .targeting(server.server)
            // About a day of one byte a second, with no length: reading it to the end first would never end.
            let response = try await client.send(try ClientRequest(.get, path: "/drip/hooks-endless?chunks=100000&interval=1000"))
            #expect(try await response.body.collect(upTo: 1 << 10).count == 16)
            await server.waitForDisconnect(on: "/drip/hooks-endless")
            #expect(await server.disconnects("/drip/hooks-endless") == 1)
        }
    }
}
