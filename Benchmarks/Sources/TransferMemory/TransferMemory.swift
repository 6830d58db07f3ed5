import Courier
import CourierAsyncHTTPClient
import CourierCompression
import CourierTesting
import Foundation

/// Moves a large body through a `Client` with a few middleware over `AsyncHTTPClientTransport`, to be
/// run under `/usr/bin/time -v` for its peak resident memory.
///
///     TransferMemory upload|download|multipart|compressed-upload MiB [asynchttpclient|urlsession]
///
/// `compressed-upload` streams the generated body (length unknown) through `compressingRequests(.gzip)` to the
/// server's `/upload/decoded` route, which gunzips it as it arrives and checks its length.
///
/// `multipart` writes a file of that size to the temporary directory first, then uploads it as the
/// file part of a `Multipart` (read from disk in chunks) to the server's `/multipart` route,
/// which parses it as it streams and checks the part's length and checksum.
@main
enum TransferMemory {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard (3...4).contains(arguments.count), let mebibytes = Int(arguments[2]),
              ["upload", "download", "multipart", "compressed-upload"].contains(arguments[1]) else {
            print("usage: TransferMemory upload|download|multipart|compressed-upload MiB [asynchttpclient|urlsession]")
            exit(2)
        }
        let size = mebibytes * 1024 * 1024
        let server = try await TestServer.start()
        let ahc = AsyncHTTPClientTransport()
        let transport: any Transport = arguments.count == 4 && arguments[3] == "urlsession" ? URLSessionTransport() : ahc
        let client = Client(transport: transport)
            .with(HeaderStamp(name: "X-Request-Source", value: "transfer-memory"))
            .with(HeaderStamp(name: "User-Agent", value: "courier-benchmark"))
            .targeting(server.server)
        let file = arguments[1] == "multipart" ? try PatternFile.write(size: size) : nil
        defer { if let file { try? FileManager.default.removeItem(at: file.url) } }
        let start = ContinuousClock.now
        let moved: Int
        if let file {
            var form = Multipart()
            form.append("transfer-memory", name: "source")
            try form.append(fileAt: file.url, name: "file", contentType: "application/octet-stream")
            var request = try ClientRequest(.post, path: "/multipart")
            try request.setMultipartBody(form)
            let response = try await client.send(request)
            let echo = try JSONDecoder().decode(MultipartEcho.self, from: try await response.body.collect(upTo: 1 << 20))
            guard echo.parts.count == 2, echo.parts[1].content == file.summary, echo.body.contentLength != nil else {
                print("error: the server saw \(echo.parts.map(\.content)), expected \(file.summary) with Content-Length")
                exit(1)
            }
            print("server: part 'file' of \(echo.parts[1].content.bytes) bytes, checksum \(echo.parts[1].content.checksum) matches; Content-Length \(echo.body.contentLength ?? "-")")
            moved = echo.parts[1].content.bytes
        } else if arguments[1] == "compressed-upload" {
            var request = try ClientRequest(.post, path: "/upload/decoded")
            request.body = .stream { GeneratedBody(size: size) }
            let response = try await client.compressingRequests(.gzip, level: .fastest).send(request)
            let upload = try JSONDecoder().decode(TestServer.DecodedUpload.self, from: try await response.body.collect(upTo: 1 << 16))
            print("server: \(upload.receivedBytes) gzip bytes (\(upload.contentEncoding ?? "no coding")) decoded to \(upload.decoded.bytes)")
            moved = upload.decoded.bytes
        } else if arguments[1] == "upload" {
            var request = try ClientRequest(.post, path: "/upload")
            request.body = .stream(length: Int64(size)) { GeneratedBody(size: size) }
            let response = try await client.send(request)
            let summary = try JSONDecoder().decode(UploadSummary.self, from: try await response.body.collect(upTo: 1 << 16))
            moved = summary.bytes
        } else {
            let response = try await client.send(ClientRequest(.get, path: "/bytes/\(size)"))
            var count = 0
            for try await chunk in response.body {
                count += chunk.count
            }
            moved = count
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("\(arguments[1]) \(moved) bytes in \(String(format: "%.2f", seconds)) s: \(String(format: "%.0f", Double(moved) / 1_048_576 / seconds)) MiB/s")
        guard moved == size else {
            print("error: moved \(moved) of \(size) bytes")
            exit(1)
        }
        try await ahc.shutdown()
        await server.stop()
    }
}

// The test server's reply types live under `TestServer` since the merge of issue #22.
typealias UploadSummary = TestServer.UploadSummary
typealias MultipartEcho = TestServer.MultipartEcho

/// Sets one header field on every request.
struct HeaderStamp: Middleware {
    let name: String
    let value: String

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        try request.setHeader(name, value)
        return try await next(request)
    }
}

/// `size` bytes made 64 KiB at a time, never all at once.
struct GeneratedBody: AsyncSequence, Sendable {
    typealias Element = Data
    let size: Int

    func makeAsyncIterator() -> Iterator {
        Iterator(remaining: size)
    }

    struct Iterator: AsyncIteratorProtocol {
        var remaining: Int
        static let chunk = Data(repeating: 0x61, count: 64 * 1024)

        mutating func next() async -> Data? {
            guard remaining > 0 else { return nil }
            let size = Swift.min(remaining, Self.chunk.count)
            remaining -= size
            return size == Self.chunk.count ? Self.chunk : Self.chunk.prefix(size)
        }
    }
}

/// A file of a given size on disk, and the summary (length and checksum) the server should see.
struct PatternFile {
    let url: URL
    let summary: UploadSummary

    /// Writes `size` bytes 1 MiB at a time, so writing it takes no more memory than uploading it.
    static func write(size: Int) throws -> PatternFile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-memory-\(UUID().uuidString).bin")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let block = Data((0..<(1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var summary = UploadSummary(bytes: 0, checksum: UploadSummary.fnvOffset)
        var written = 0
        while written < size {
            let chunk = block.prefix(size - written)
            try handle.write(contentsOf: chunk)
            summary.add(chunk)
            written += chunk.count
        }
        return PatternFile(url: url, summary: summary)
    }
}
