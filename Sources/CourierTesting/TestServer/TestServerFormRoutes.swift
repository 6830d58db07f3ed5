import Foundation
import HTTPTypes
import Hummingbird
import MultipartKit
import NIOCore

/// The routes that parse request bodies the way servers do, so tests check what Courier's encoders send
/// with parsers Courier did not write.
extension TestServerRoutes {
    /// `POST /form` answers a ``TestServer/FormEcho``; `POST /multipart` answers a ``TestServer/MultipartEcho`` (400 without a
    /// boundary), parsing the body as it streams, so a 1 GiB upload is checked in constant memory.
    static func formRoutes(_ router: Router<Context>) {
        router.post("/form") { request, _ in json(try JSONEncoder().encode(try await formEcho(request))) }
        router.post("/multipart") { request, _ in
            let echo = try await multipartEcho(request)
            return json(try JSONEncoder().encode(echo), status: echo.boundary == nil ? .badRequest : .ok)
        }
    }

    static func formEcho(_ request: Request) async throws -> TestServer.FormEcho {
        let body = String(buffer: try await request.body.collect(upTo: 16 * 1024 * 1024))
        let pairs = body.split(separator: "&", omittingEmptySubsequences: true).map { pair -> [String] in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "<invalid percent-encoding>" }
        }
        var echo = TestServer.FormEcho(pairs: pairs, contentType: request.headers[.contentType])
        do {
            echo.decoded = try URLEncodedFormDecoder().decode(TestServer.FormValue.self, from: body)
        } catch {
            echo.decodingError = "\(error)"
        }
        return echo
    }

    static func multipartEcho(_ request: Request) async throws -> TestServer.MultipartEcho {
        var echo = TestServer.MultipartEcho(parts: [], body: TestServer.UploadSummary(
            bytes: 0, checksum: TestServer.UploadSummary.fnvOffset,
            contentLength: request.headers[.contentLength], transferEncoding: request.headers[.transferEncoding]
        ))
        guard let boundary = request.headers[.contentType].flatMap(boundary(in:)) else { return echo }
        echo.boundary = boundary
        let reader = MultipartReader()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in reader.header(name, value) }
        parser.onBody = { buffer in reader.body(buffer.readableBytesView) }
        parser.onPartComplete = { reader.finishPart() }
        for try await buffer in request.body {
            echo.body.add(buffer.readableBytesView)
            try parser.execute(buffer)
        }
        echo.parts = reader.parts
        return echo
    }

    /// The `boundary` parameter of a `multipart/*` content type, unquoted.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}

/// Collects parts from multipart-kit's parser callbacks; lives inside one request handler.
private final class MultipartReader {
    private(set) var parts: [TestServer.MultipartEcho.Part] = []
    private var headers: [[String]] = []
    private var content = TestServer.UploadSummary(bytes: 0, checksum: TestServer.UploadSummary.fnvOffset)
    private var prefix = Data()

    func header(_ name: String, _ value: String) {
        headers.append([name, value])
    }

    func body(_ bytes: ByteBufferView) {
        content.add(bytes)
        if prefix.count <= 64 * 1024 { prefix.append(contentsOf: bytes.prefix(64 * 1024 + 1 - prefix.count)) }
    }

    func finishPart() {
        var fields = HTTPHeaders()
        for header in headers { fields.add(name: header[0], value: header[1]) }
        let value = { (name: String) in self.headers.first { $0[0].lowercased() == name }?[1] }
        parts.append(TestServer.MultipartEcho.Part(
            headers: headers,
            name: MultipartPart(headers: fields, body: ByteBuffer()).name,
            contentDisposition: value("content-disposition"),
            contentType: value("content-type"),
            content: content,
            text: prefix.count <= 64 * 1024 ? String(data: prefix, encoding: .utf8) : nil
        ))
        headers = []
        content = TestServer.UploadSummary(bytes: 0, checksum: TestServer.UploadSummary.fnvOffset)
        prefix = Data()
    }
}
