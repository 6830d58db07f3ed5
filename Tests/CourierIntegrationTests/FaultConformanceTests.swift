import Courier
import Foundation
import HTTPTypes
import MisbehavingServer
import Testing

/// RELIABILITY.md sections A–C against a server that misbehaves on purpose: every transport must end
/// each case with the same ``NetworkError/Kind``.
@Suite("Faults on the wire give the same error kind on every transport", .timeLimit(.minutes(1)))
struct FaultConformanceTests {
    typealias Behaviour = MisbehavingServer.Behaviour

    /// What each fault must produce.
    static let expectations: [(Behaviour, NetworkError.Kind)] = [
        (.closeBeforeResponse, .connectionClosed),   // A2
        (.halfClose, .connectionClosed),             // A4
        (.resetMidBody, .connectionClosed),          // A3
        (.stallHeaders, .timedOut),                  // B8
        (.stallBody, .timedOut),                     // B9
        (.shortBody, .connectionClosed),             // C13
        (.truncatedChunked, .connectionClosed),      // C13
        (.badChunkSize, .invalidResponse),           // C14
        (.overflowChunkSize, .invalidResponse),      // C14
        (.badStatusLine, .invalidResponse),          // C15
        (.hugeStatusCode, .invalidResponse),         // C15
        (.tlsBytes, .invalidResponse),               // C15
        (.conflictingContentLength, .invalidResponse), // C16
        (.contentLengthAndChunked, .invalidResponse),  // C17
        (.hugeHeaders, .invalidResponse),            // C18
        (.informationalFlood, .invalidResponse),     // C19
    ]

    static let cases: [(TransportUnderTest, Behaviour, NetworkError.Kind)] = TransportUnderTest.allCases.flatMap { transport in
        expectations.map { (transport, $0.0, $0.1) }
    }

    @Test("each fault ends with its kind", arguments: cases)
    func fault(_ transport: TransportUnderTest, _ behaviour: Behaviour, _ expected: NetworkError.Kind) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                var request = try ClientRequest(url: server.baseURL + behaviour.rawValue)
                // Short for the stalls, whose answer is the timeout; roomy for the rest, which must fail for
                // their own reason even on a loaded machine (1 MiB of headers takes URLSession a while).
                let stalls: Set<Behaviour> = [.stallHeaders, .stallBody]
                request.options.timeout = stalls.contains(behaviour) ? .milliseconds(300) : .seconds(10)
                let outcome = await Self.outcome(of: request, client: Client(transport: t))
                if transport == .asyncHTTPClient, behaviour == .informationalFlood {
                    // Known gap, AsyncHTTPClient 1.37: it has no cap on 1xx responses and returns the final
                    // 200 after 10 000 `102`s (its memory stays flat); the response delegate never sees the
                    // 1xx, so the transport cannot count them.
                    withKnownIssue("AsyncHTTPClient does not bound informational responses") {
                        #expect(outcome == .failure(expected))
                    }
                } else {
                    #expect(outcome == .failure(expected))
                }
            }
        }
    }

    @Test("a connection that is never accepted ends with timedOut (B12)", arguments: TransportUnderTest.allCases)
    func connectTimeout(_ transport: TransportUnderTest) async throws {
        let blackhole = try Blackhole()
        try await transport.with(asyncHTTPClient: .init(connectTimeout: .milliseconds(300))) { t in
            var request = try ClientRequest(url: "http://127.0.0.1:\(blackhole.port)/ok")
            request.options.timeout = .seconds(5)   // URLSession has no separate connect timeout
            if transport == .urlSession { request.options.timeout = .milliseconds(300) }
            let outcome = await Self.outcome(of: request, client: Client(transport: t))
            #expect(outcome == .failure(.timedOut))
        }
        withExtendedLifetime(blackhole) {}
    }

    @Test("trailers never reach the response head (C20)", arguments: [TransportUnderTest.asyncHTTPClient])
    func pathologicalTrailers(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                var request = try ClientRequest(url: server.baseURL + Behaviour.pathologicalTrailers.rawValue)
                request.options.timeout = .seconds(5)
                do {
                    let response = try await Client(transport: t).send(request)
                    let body = try await response.body.collect(upTo: 1024)
                    #expect(body == Data("hello".utf8))
                    #expect(response.head.headerFields[.setCookie] == nil)
                    #expect(response.head.headerFields[.contentLength] != "999")
                } catch let error as NetworkError {
                    // Refusing the whole response is as safe as dropping the trailers.
                    #expect(error.kind == .invalidResponse)
                }
            }
        }
    }

    /// Known gap: FoundationNetworking traps (`fatalError` in NativeProtocol.swift:240, "Transfer completed,
    /// but there's no response") on this response, inside URLSession, where no caller can catch it.
    @Test(
        "trailers never reach the response head (C20), URLSession",
        .disabled("URLSession on Linux crashes the process on a chunked response whose trailers set Content-Length/Transfer-Encoding/Set-Cookie (FoundationNetworking fatalError); use AsyncHTTPClientTransport against untrusted servers")
    )
    func pathologicalTrailersURLSession() async throws {
        try await pathologicalTrailers(.urlSession)
    }

    @Test("a POST that meets a closed connection is sent once, not replayed (A6)", arguments: TransportUnderTest.allCases)
    func postIsNotReplayed(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                var request = try ClientRequest(.post, url: server.baseURL + Behaviour.closeBeforeResponse.rawValue)
                request.body = .text("{}")
                request.options.timeout = .seconds(5)
                let outcome = await Self.outcome(of: request, client: Client(transport: t))
                #expect(outcome == .failure(.connectionClosed))
                #expect(server.requests(.closeBeforeResponse) == 1)
            }
        }
    }

    @Test("a connection the server closed after answering is not reused: the next request succeeds (A5)", arguments: TransportUnderTest.allCases)
    func closedConnectionIsNotReused(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                for _ in 0..<3 {
                    let outcome = await Self.outcome(of: try ClientRequest(url: server.baseURL + "/ok"), client: client)
                    #expect(outcome == .success(200))
                }
                #expect(server.requests(.ok) == 3)
            }
        }
    }

    @Test("a control response succeeds on the same server", arguments: TransportUnderTest.allCases)
    func control(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let outcome = await Self.outcome(of: try ClientRequest(url: server.baseURL + "/ok"), client: Client(transport: t))
                #expect(outcome == .success(200))
            }
        }
    }

    enum Outcome: Equatable {
        case success(Int)
        case failure(NetworkError.Kind)
    }

    /// The status of a fully read response, or the kind of the error that ended it.
    static func outcome(of request: ClientRequest, client: Client) async -> Outcome {
        do {
            let response = try await client.send(request)
            _ = try await response.body.collect(upTo: 1 << 20)
            return .success(response.status.code)
        } catch let error as NetworkError {
            return .failure(error.kind)
        } catch {
            return .failure(.transportFailed)
        }
    }
}
