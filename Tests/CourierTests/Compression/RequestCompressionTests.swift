import Courier
@testable import CourierCompression
import Foundation
import HTTPTypes
import Testing

/// Compressible text of `count` bytes.
private func text(_ count: Int) -> Data {
    var data = Data()
    var line = 0
    while data.count < count {
        data.append(contentsOf: "line \(line): the quick brown fox jumps over the lazy dog\n".utf8)
        line += 1
    }
    return data.prefix(count)
}

/// `count` bytes that do not compress.
private func noise(_ count: Int) -> Data {
    var state: UInt64 = 0x1234_5678
    return Data((0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 33)
    })
}

/// The bytes of a request body.
private func bytes(of body: RequestBody) async throws -> Data {
    var data = Data()
    for try await chunk in try body.chunks() { data.append(chunk) }
    return data
}

/// Chunks of `data`, `size` at a time, made afresh each time.
private func chunks(of data: Data, size: Int) -> AsyncStream<Data> {
    AsyncStream { continuation in
        var offset = 0
        while offset < data.count {
            continuation.yield(data.subdata(in: offset..<min(offset + size, data.count)))
            offset += size
        }
        continuation.finish()
    }
}

private func post(_ body: RequestBody, headers: [String: String] = [:]) throws -> ClientRequest {
    var request = try ClientRequest(.post, url: "https://example.com/ingest", headers: headers)
    request.body = body
    return request
}

@Suite("Request compression")
struct RequestCompressionTests {
    @Test("gzip and deflate round-trip through zlib's decoder, in memory and streamed", arguments: ContentCoding.allCases)
    func roundTrip(coding: ContentCoding) async throws {
        let original = text(300_000)
        let transport = RecordingTransport()
        let client = Client(transport: transport).compressingRequests(coding, minimumSize: 10)
        _ = try await client.send(try post(.bytes(original)))
        _ = try await client.send(try post(.stream { chunks(of: original, size: 7000) }))
        for request in transport.requests {
            #expect(request.head.headerFields[.contentEncoding] == coding.token)
            #expect(request.head.headerFields[.contentLength] == nil)
            let sent = try await bytes(of: request.body)
            #expect(sent.count < original.count / 10)
            #expect(try ContentDecoder.decode(sent, as: coding) == original)
        }
        // In memory, the length is known (Content-Length); streamed, it is not (chunked).
        #expect(transport.requests.map(\.body.length) == [Int64(try await bytes(of: transport.requests[0].body).count), nil])
    }

    @Test("the gzip output is a gzip file: magic bytes, deflate method")
    func gzipHeader() throws {
        let body = try #require(try RequestBody.bytes(text(5000)).compressed(with: .gzip, level: .default))
        let data = try #require(body.bufferedData)
        #expect(Array(data.prefix(3)) == [0x1F, 0x8B, 0x08])
        let zlib = try #require(try RequestBody.bytes(text(5000)).compressed(with: .deflate, level: .default)?.bufferedData)
        // A zlib header: CM 8, and the first two bytes a multiple of 31 (RFC 1950 §2.2).
        #expect(zlib[0] & 0x0F == 8 && (UInt16(zlib[0]) << 8 | UInt16(zlib[1])) % 31 == 0)
    }

    @Test("bodies that are empty, encoded, already compressed, small, turned off or incompressible are sent as they are")
    func skips() async throws {
        let transport = RecordingTransport()
        let client = Client(transport: transport).compressingRequests(.gzip, minimumSize: 1000)
        var turnedOff = try post(.bytes(text(5000)))
        turnedOff.options.allowsBodyCompression = false
        let requests = [
            try post(.empty),
            try post(.bytes(text(5000)), headers: ["Content-Encoding": "br"]),
            try post(.bytes(text(5000)), headers: ["Content-Type": "image/jpeg"]),
            try post(.bytes(text(5000)), headers: ["Content-Type": "application/zip"]),
            try post(.bytes(text(999))),
            try post(.stream(length: 999) { chunks(of: text(999), size: 100) }),
            turnedOff,
            try post(.bytes(noise(5000))),
        ]
        for request in requests { _ = try await client.send(request) }
        #expect(transport.requests.count == requests.count)
        for (sent, original) in zip(transport.requests, requests) {
            #expect(sent.head.headerFields[.contentEncoding] == original.head.headerFields[.contentEncoding])
            #expect(try await bytes(of: sent.body) == bytes(of: original.body))
        }
        // SVG is text: it is compressed; so is a stream of unknown length, however short.
        _ = try await client.send(try post(.bytes(text(5000)), headers: ["Content-Type": "image/svg+xml"]))
        _ = try await client.send(try post(.stream { chunks(of: text(10), size: 5) }))
        #expect(transport.requests.suffix(2).map { $0.head.headerFields[.contentEncoding] } == ["gzip", "gzip"])
        #expect(RequestCompressionDecision.skipReason(for: try post(.bytes(text(10))), minimumSize: 11) == .smallerThanMinimum)
    }

    @Test("a replayable body stays replayable: a retry sends the same compressed bytes again")
    func retryReplays() async throws {
        let original = text(100_000)
        let attempts = Counter()
        let transport = RecordingTransport { request in
            // The first attempt reads the body, then fails as a dropped connection would.
            for try await _ in try request.body.chunks() {}
            guard attempts.increment() > 1 else { throw NetworkError(.connectionClosed, request: request) }
            return ClientResponse(head: HTTPResponse(status: .ok), request: request)
        }
        let client = Client(transport: transport)
            .compressingRequests()
            .retrying(.immediate(maxAttempts: 2))
        var request = try post(.stream { chunks(of: original, size: 4096) })
        request.head.method = .put
        #expect(try await client.send(request).status == .ok)
        #expect(transport.requests.count == 2)
        #expect(transport.requests.allSatisfy { $0.body.isReplayable })
        for sent in transport.requests {
            #expect(try ContentDecoder.decode(try await bytes(of: sent.body), as: .gzip) == original)
        }
    }

    @Test("a single-pass body stays single-pass: compressed once, and a second read fails with invalidBody")
    func singlePass() async throws {
        let transport = RecordingTransport()
        let client = Client(transport: transport).compressingRequests()
        _ = try await client.send(try post(.singlePass(chunks(of: text(20_000), size: 1000))))
        let sent = try #require(transport.requests.first)
        #expect(!sent.body.isReplayable)
        #expect(try ContentDecoder.decode(try await bytes(of: sent.body), as: .gzip) == text(20_000))
        let second = await #expect(throws: NetworkError.self) { _ = try await bytes(of: sent.body) }
        #expect(second?.kind == .invalidBody)
    }

    @Test("a 415 whose Accept-Encoding lacks the coding (RFC 7694) is answered by sending the body as it was")
    func unsupportedCoding() async throws {
        let transport = RecordingTransport { request in
            let encoded = request.head.headerFields[.contentEncoding] != nil
            var head = HTTPResponse(status: encoded ? .unsupportedMediaType : .ok)
            if encoded { head.headerFields[.acceptEncoding] = "identity, br;q=0.5, gzip;q=0" }
            return ClientResponse(head: head, request: request)
        }
        let client = Client(transport: transport).compressingRequests()
        #expect(try await client.send(try post(.bytes(text(5000)))).status == .ok)
        #expect(transport.requests.map { $0.head.headerFields[.contentEncoding] } == ["gzip", nil])
        #expect(try await bytes(of: transport.requests[1].body) == text(5000))
        #expect(RequestCompressing.lists("deflate, gzip", .gzip))
        #expect(!RequestCompressing.lists("gzip;q=0", .gzip))
        #expect(RequestCompressing.lists("*", .deflate))
    }

    @Test("a large stream is compressed chunk by chunk: no chunk past 64 KiB, the whole never held")
    func boundedChunks() async throws {
        let size = 64 * 1024 * 1024
        let piece = text(1 << 20)
        let body = RequestBody.stream {
            AsyncStream { continuation in
                for _ in 0..<(size / piece.count) { continuation.yield(piece) }
                continuation.finish()
            }
        }
        let compressed = try #require(try body.compressed(with: .gzip, level: .fastest))
        let decoder = try ContentDecoder(.gzip)
        var decoded = 0
        var largest = 0
        for try await chunk in try compressed.chunks() {
            largest = max(largest, chunk.count)
            try decoder.decode(chunk, isLast: false) { decoded += $0.count }
        }
        try decoder.decode(Data(), isLast: true) { decoded += $0.count }
        #expect(decoded == size)
        // One input chunk's output at most: zlib emits a few 64 KiB pieces per MiB it takes.
        #expect(largest <= piece.count)
    }

    @Test("bytes that are not gzip fail to decode with invalidBody")
    func decoderRejectsGarbage() {
        let error = #expect(throws: NetworkError.self) { _ = try ContentDecoder.decode(Data("not gzip".utf8), as: .gzip) }
        #expect(error?.kind == .invalidBody)
        let truncated = try? RequestBody.bytes(text(5000)).compressed(with: .gzip, level: .default)?.bufferedData
        let cut = #expect(throws: NetworkError.self) { _ = try ContentDecoder.decode(truncated?.prefix(40) ?? Data(), as: .gzip) }
        #expect(cut?.kind == .invalidBody)
    }
}

/// A count shared by a transport's calls.
///
/// `@unchecked Sendable`: `value` is only touched under `lock`.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
