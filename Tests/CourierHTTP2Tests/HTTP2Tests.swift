import Courier
import CourierAsyncHTTPClient
import Foundation
import NIOSSL
import Testing

/// The nginx `scripts/h2-e2e.sh` started (`scripts/test.sh` sources it): HTTP/2 over TLS, a certificate from a
/// private CA, an access log that names each request's connection.
enum HTTP2Environment {
    static var url: String? { variable("H2_URL") }
    static var isRequired: Bool { variable("CI") != nil || variable("COURIER_REQUIRE_E2E") != nil }

    static func server(_ name: String = "H2_URL") throws -> Server {
        try Server(url: try #require(variable(name), "\(name) is not set: run `source scripts/h2-e2e.sh` first (scripts/test.sh does)"))
    }

    /// A transport that trusts the servers' private CA, speaking HTTP/2 when the server offers it.
    static func transport(httpVersion: AsyncHTTPClientTransport.Configuration.HTTPVersion = .automatic) throws -> AsyncHTTPClientTransport {
        let path = try #require(variable("H2_CA"), "H2_CA is not set: run `source scripts/h2-e2e.sh` first")
        let authority = try NIOSSLCertificate.fromPEMFile(path)
        return AsyncHTTPClientTransport(configuration: .init(
            connectTimeout: .seconds(120),
            httpVersion: httpVersion,
            tls: .trusting(certificateAuthorities: authority)
        ))
    }

    /// One line of nginx's access log.
    struct LogLine: Equatable {
        /// nginx's number of the connection the request came on.
        let connection: Int
        let protocolName: String
        let method: String
        let uri: String
        let status: Int
        /// The bytes of the request nginx read, head and body.
        let length: Int
    }

    /// The log's lines whose URI contains `token`, read now.
    static func log(containing token: String) throws -> [LogLine] {
        let path = try #require(variable("H2_LOG"), "H2_LOG is not set: run `source scripts/h2-e2e.sh` first")
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 7, fields[4].contains(token), let connection = Int(fields[0]),
                  let status = Int(fields[5]), let length = Int(fields[6]) else { return nil }
            return LogLine(connection: connection, protocolName: fields[2], method: fields[3], uri: fields[4], status: status, length: length)
        }
    }

    private static func variable(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }
}

@Suite(
    "HTTP/2 over TLS against nginx",
    .serialized,
    .timeLimit(.minutes(3)),
    .enabled(if: HTTP2Environment.url != nil || HTTP2Environment.isRequired, "H2_URL is not set: source scripts/h2-e2e.sh")
)
struct HTTP2Tests {
    private struct Item: Decodable, Equatable {
        let id: Int
        let name: String
    }

    @Test("100 concurrent requests share one connection, counted at the server")
    func concurrentRequestsShareOneConnection() async throws {
        let transport = try HTTP2Environment.transport()
        let client = Client(transport: transport).targeting(try HTTP2Environment.server())
        let token = "share-\(UUID().uuidString)"
        // The first request settles which protocol the host speaks; the pool then puts every stream on its connection.
        _ = try await client.send(Endpoint<Item>(path: "/item.json", query: [URLQueryItem(name: "t", value: token)]))
        let items = try await withThrowingTaskGroup(of: Item.self) { group in
            for n in 0..<100 {
                group.addTask {
                    try await client.send(Endpoint<Item>(path: "/item.json", query: [URLQueryItem(name: "t", value: token), URLQueryItem(name: "n", value: "\(n)")]))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await transport.shutdown()
        #expect(items.count == 100)
        #expect(items.allSatisfy { $0 == Item(id: 1, name: "over HTTP/2") })
        let lines = try HTTP2Environment.log(containing: token)
        #expect(lines.count == 101)
        #expect(lines.allSatisfy { $0.protocolName == "HTTP/2.0" })
        #expect(Set(lines.map(\.connection)).count == 1, "connections used: \(Set(lines.map(\.connection)))")
    }

    @Test("a GOAWAY mid-flight: the streams the server did not process go out again, no write is processed twice")
    func goAwayReplaysOnlyUnprocessedStreams() async throws {
        let transport = try HTTP2Environment.transport()
        let client = Client(transport: transport).targeting(try HTTP2Environment.server("H2_GOAWAY_URL"))
        let token = "goaway-\(UUID().uuidString)"
        _ = try await client.send(try ClientRequest(.post, path: "/write", query: [URLQueryItem(name: "t", value: token), URLQueryItem(name: "n", value: "warm-up")], body: .text("warm-up")))
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for n in 0..<100 {
                group.addTask {
                    let request = try ClientRequest(.post, path: "/write", query: [URLQueryItem(name: "t", value: token), URLQueryItem(name: "n", value: "\(n)")], body: .text("write \(n)"))
                    return try await client.send(request).status.code
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await transport.shutdown()
        #expect(statuses.count == 100)
        #expect(statuses.allSatisfy { $0 == 201 })
        let lines = try HTTP2Environment.log(containing: token).filter { !$0.uri.contains("warm-up") }
        let processed = Dictionary(grouping: lines, by: \.uri).mapValues(\.count)
        #expect(processed.count == 100, "writes the server processed: \(processed.count)")
        #expect(processed.values.allSatisfy { $0 == 1 }, "written twice: \(processed.filter { $0.value > 1 }.keys.sorted())")
        // nginx sends GOAWAY after 40 requests on a connection: 101 writes took at least 3 connections, and the
        // streams past each GOAWAY were sent again.
        #expect(Set(try HTTP2Environment.log(containing: token).map(\.connection)).count >= 3)
    }

    @Test("a stream the server resets (RST_STREAM) fails with streamReset, and the connection serves the next request")
    func resetStreamIsATypedError() async throws {
        let transport = try HTTP2Environment.transport()
        let client = Client(transport: transport).targeting(try HTTP2Environment.server())
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(try ClientRequest(.get, path: "/reset"))
        }
        #expect(error?.kind == .streamReset(code: "PROTOCOL_ERROR"))   // nginx's `return 444` over HTTP/2
        #expect(error?.description.contains("RST_STREAM") == true)
        // A write the server reset may have been processed: it is not sent again.
        let token = "reset-\(UUID().uuidString)"
        let write = await #expect(throws: NetworkError.self) {
            try await client.send(try ClientRequest(.post, path: "/reset", query: [URLQueryItem(name: "t", value: token)], body: .text("once")))
        }
        #expect(write?.kind == .streamReset(code: "PROTOCOL_ERROR"))
        #expect(try HTTP2Environment.log(containing: token).count == 1)
        let item = try await client.send(Endpoint<Item>(path: "/item.json"))
        #expect(item.id == 1)
        try await transport.shutdown()
    }

    @Test("100 MiB up and down over one stream, streamed both ways")
    func hundredMebibytesBothWays() async throws {
        let transport = try HTTP2Environment.transport()
        let client = Client(transport: transport).targeting(try HTTP2Environment.server())
        let size = 100 * 1024 * 1024
        let part = Data((0..<(64 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let name = "/dav/\(UUID().uuidString).bin"
        let upload = RequestBody.stream(length: Int64(size)) {
            AsyncStream<Data> { continuation in
                for _ in 0..<(size / part.count) { continuation.yield(part) }
                continuation.finish()
            }
        }
        let put = try await client.send(try ClientRequest(.put, path: RequestPath(name), body: upload))
        #expect(put.status.code == 201)
        let response = try await client.send(try ClientRequest(.get, path: RequestPath(name)))
        var received = 0
        var matches = true
        for try await chunk in response.body {
            for (offset, byte) in chunk.enumerated() where byte != part[(received + offset) % part.count] {
                matches = false
                break
            }
            received += chunk.count
        }
        try await transport.shutdown()
        #expect(received == size)
        #expect(matches)
        let lines = try HTTP2Environment.log(containing: name)
        #expect(lines.map(\.protocolName) == ["HTTP/2.0", "HTTP/2.0"])
        #expect((lines.first?.length ?? 0) >= size)
    }

    /// What hypercorn's app recorded of one request.
    private struct HypercornRecord: Decodable {
        let port: Int
        let version: String
        let method: String
    }

    @Test("a second implementation, hypercorn: 100 concurrent GETs and POSTs share one connection, each arrives once")
    func hypercornSharesOneConnection() async throws {
        let transport = try HTTP2Environment.transport()
        let client = Client(transport: transport).targeting(try HTTP2Environment.server("H2_HYPERCORN_URL"))
        let token = "hypercorn-\(UUID().uuidString)"
        _ = try await client.send(Endpoint<Item>(path: "/item.json", query: [URLQueryItem(name: "t", value: token)]))
        let items = try await withThrowingTaskGroup(of: Item.self) { group in
            for n in 0..<100 {
                group.addTask {
                    let query = [URLQueryItem(name: "t", value: token), URLQueryItem(name: "n", value: "\(n)")]
                    return n.isMultiple(of: 2)
                        ? try await client.send(Endpoint<Item>(path: "/item.json", query: query))
                        : try await client.send(Endpoint<Item>(method: .post, path: "/item.json", query: query, body: .json(["n": n])))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let records = try await client.send(Endpoint<[HypercornRecord]>(path: "/requests", query: [URLQueryItem(name: "t", value: token)]))
        try await transport.shutdown()
        #expect(items.allSatisfy { $0 == Item(id: 2, name: "over HTTP/2 from hypercorn") })
        #expect(records.count == 101)
        #expect(records.filter { $0.method == "POST" }.count == 50)
        #expect(records.allSatisfy { $0.version == "2" })
        #expect(Set(records.map(\.port)).count == 1, "connections (client ports) hypercorn saw: \(Set(records.map(\.port)))")
    }

    @Test("httpVersion .http1Only speaks HTTP/1.1 to a server that offers HTTP/2")
    func http1OnlyStaysOnHTTP1() async throws {
        let transport = try HTTP2Environment.transport(httpVersion: .http1Only)
        let client = Client(transport: transport).targeting(try HTTP2Environment.server())
        let token = "h1-\(UUID().uuidString)"
        _ = try await client.send(Endpoint<Item>(path: "/item.json", query: [URLQueryItem(name: "t", value: token)]))
        try await transport.shutdown()
        #expect(try HTTP2Environment.log(containing: token).map(\.protocolName) == ["HTTP/1.1"])
    }
}
