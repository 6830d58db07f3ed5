import Courier
import Foundation
import HTTPTypes
import MisbehavingServer
import Testing

/// RELIABILITY scenario 42 and issue #39: no raw CR, LF or other control byte from any input reaches the
/// wire. Every control byte (0x00–0x1F and DEL) goes in through each way a request is made — a URL
/// string, a path or query value, raw path text, a header set with `setHeader` or straight into
/// `head.headerFields`, a server's `Location` — and the raw server records the request heads exactly as
/// they arrived. Each input is either refused with its error kind before anything is sent, or sent with
/// the byte removed (WHATWG drops tab, LF and CR from a URL string) or percent-encoded.
@Suite("No control byte from any input reaches the wire", .timeLimit(.minutes(2)))
struct WireControlBytesTests {
    static let controls: [UInt8] = Array(0x00...0x1F) + [0x7F]

    @Test("every control byte, through every input, on both transports", arguments: TransportUnderTest.allCases)
    func everyInput(_ kind: TransportUnderTest) async throws {
        let server = try await MisbehavingServer.start()
        defer { Task { try? await server.stop() } }
        var refused: [String: Int] = [:]
        var sent = 0
        try await kind.with { transport in
            let client = Client(transport: transport).targeting(try Server(url: server.baseURL))
            for byte in Self.controls {
                let control = String(UnicodeScalar(byte))
                let value = "a\(control)b"
                let percent = String(format: "%%%02X", byte)
                let attempts: [(String, @Sendable () async throws -> Void)] = [
                    ("URL string", {
                        let request = try ClientRequest(url: "\(server.baseURL)/ok/\(value)?q=\(value)")
                        try await Self.exchange(client, request)
                    }),
                    ("path and query values", {
                        _ = try await client.send(Endpoint<Data>(path: "/ok/\(value)", query: [URLQueryItem(name: "q", value: value)]))
                    }),
                    ("raw path text", {
                        _ = try await client.send(Endpoint<Data>(path: "/ok/\(raw: value)"))
                    }),
                    ("setHeader", {
                        var request = try ClientRequest(url: "\(server.baseURL)/ok")
                        try request.setHeader("X-Value", value)
                        try await Self.exchange(client, request)
                    }),
                    ("head.headerFields", {
                        var request = try ClientRequest(url: "\(server.baseURL)/ok")
                        request.head.headerFields[HTTPField.Name("X-Value")!] = value
                        try await Self.exchange(client, request)
                    }),
                    ("a server's Location, raw", {
                        let request = try ClientRequest(url: "\(server.baseURL)/redirect-to?to=/ok/a\(percent)b%3Fq%3Dc\(percent)d")
                        try await Self.exchange(client, request)
                    }),
                    ("a server's Location, percent-encoded", {
                        let request = try ClientRequest(url: "\(server.baseURL)/redirect-to?to=/ok/a%25\(percent.dropFirst())b")
                        try await Self.exchange(client, request)
                    }),
                ]
                for (input, attempt) in attempts {
                    do {
                        try await attempt()
                        sent += 1
                    } catch let error as NetworkError {
                        // Refused before sending (the URL, the path, a header), or the server's reply was
                        // refused as a malformed response: never anything else.
                        #expect([.invalidURL, .invalidHeader(name: "x-value"), .invalidResponse].contains(error.kind), "\(input), byte \(byte): \(error)")
                        refused["\(input): \(error.kind)", default: 0] += 1
                    }
                }
            }
        }
        let heads = server.allReceived().map(\.rawHead)
        for head in heads {
            let lines = Self.lines(of: head)
            // The request line: no control byte at all, no tab. Header lines: a tab is the only one (RFC 9110 §5.5).
            if let requestLine = lines.first {
                #expect(!requestLine.contains { $0 < 0x20 || $0 == 0x7F }, "request line \(Self.shown(requestLine))")
            }
            for line in lines.dropFirst() {
                #expect(!line.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }, "header line \(Self.shown(line))")
            }
        }
        print("\(kind): \(heads.count) request heads on the wire, \(sent) exchanges completed; refused: \(refused.sorted { $0.key < $1.key })")
        // Not vacuous: most inputs go out (encoded or stripped), and each way of refusing was exercised.
        #expect(heads.count > Self.controls.count * 3)
        #expect(refused.keys.contains { $0.hasPrefix("raw path text") })
        #expect(refused.keys.contains { $0.hasPrefix("setHeader") })
    }

    /// Sends `request` and reads the body to its end.
    private static func exchange(_ client: Client, _ request: ClientRequest) async throws {
        let response = try await client.send(request)
        _ = try await response.body.collect(upTo: 1 << 16)
    }

    /// The head's lines, split at CRLF only; the blank line that ends it is left out.
    private static func lines(of head: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        var index = 0
        while index < head.count {
            if head[index] == 0x0D, index + 1 < head.count, head[index + 1] == 0x0A {
                lines.append(line)
                line = []
                index += 2
            } else {
                line.append(head[index])
                index += 1
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.filter { !$0.isEmpty }
    }

    private static func shown(_ bytes: [UInt8]) -> String {
        bytes.map { $0 < 0x20 || $0 >= 0x7F ? String(format: "\\x%02X", $0) : String(UnicodeScalar($0)) }.joined()
    }
}
