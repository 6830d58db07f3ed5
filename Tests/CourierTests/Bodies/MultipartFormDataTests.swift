import Courier
import CourierTestSupport
import Foundation
import Testing

func collect(_ body: RequestBody) async throws -> (data: Data, chunks: [Int]) {
    var data = Data()
    var chunks: [Int] = []
    for try await chunk in try body.chunks() {
        data.append(chunk)
        chunks.append(chunk.count)
    }
    return (data, chunks)
}

@Suite("Multipart form bodies")
struct MultipartTests {
    @Test("the bytes are RFC 7578 multipart: one delimited part per field, files with name and type, a closing delimiter")
    func layout() async throws {
        var form = Multipart(boundary: "XyZ")
        form.append("Ada", name: "author")
        form.append(Data("PNG".utf8), name: "cover", filename: "cover.png", contentType: "image/png")
        let (data, _) = try await collect(try form.requestBody())
        let expected = "--XyZ\r\nContent-Disposition: form-data; name=\"author\"\r\n\r\nAda\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"cover\"; filename=\"cover.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n"
            + "--XyZ--\r\n"
        #expect(String(decoding: data, as: UTF8.self) == expected)
        #expect(form.contentType == "multipart/form-data; boundary=XyZ")
    }

    @Test("the length is exact and the body replays the same bytes, a disk file read in chunks")
    func lengthAndReplay() async throws {
        let content = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let url = try temporaryFile(content)
        var form = Multipart()
        form.append("value", name: "field")
        try form.append(fileAt: url, name: "file")
        let body = try form.requestBody(chunkSize: 16 * 1024)
        let first = try await collect(body)
        let second = try await collect(body)
        #expect(body.isReplayable)
        #expect(body.length == Int64(first.data.count))
        #expect(first.data == second.data)
        #expect(first.data.range(of: content) != nil)
        #expect(first.chunks.allSatisfy { $0 <= 16 * 1024 })
        #expect(first.chunks.count > 300_000 / (16 * 1024))
    }

    @Test("names and file names escape quote, CR and LF as %22 %0D %0A and keep non-ASCII text (RELIABILITY 43)")
    func escaping() async throws {
        var form = Multipart(boundary: "b")
        form.append(Data("x".utf8), name: "na\"me\r\nX-Injected: 1", filename: "ré\"sumé\n.pdf")
        let text = String(decoding: try await collect(try form.requestBody()).data, as: UTF8.self)
        #expect(text.contains(#"name="na%22me%0D%0AX-Injected: 1"; filename="ré%22sumé%0A.pdf""#))
        #expect(!text.contains("\r\nX-Injected"))
    }

    @Test("a random boundary differs each time; a seeded generator reproduces it")
    func boundaries() {
        #expect(Multipart().boundary != Multipart().boundary)
        var first = SeededGenerator(state: 42)
        var second = SeededGenerator(state: 42)
        let a = Multipart(using: &first)
        let b = Multipart(using: &second)
        #expect(a.boundary == b.boundary)
        #expect(a.boundary.hasPrefix("courier-") && a.boundary.count == 40)
    }

    @Test("a missing file fails when appended, and a file deleted since fails before a byte is made (RELIABILITY 43)")
    func missingFile() throws {
        var form = Multipart()
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).png")
        let appendError = #expect(throws: NetworkError.self) { try form.append(fileAt: missing, name: "file") }
        #expect(appendError?.kind == .invalidBody)
        let url = try temporaryFile(Data("soon gone".utf8))
        try form.append(fileAt: url, name: "file")
        try FileManager.default.removeItem(at: url)
        let bodyError = #expect(throws: NetworkError.self) { try form.requestBody() }
        #expect(bodyError?.kind == .invalidBody)
    }

    @Test("a boundary found in an in-memory part, a bad boundary and a content type with CR LF are invalidBody")
    func invalid() {
        var collision = Multipart(boundary: "abc")
        collision.append("text\r\n--abc\r\nmore", name: "field")
        var badBoundary = Multipart(boundary: "has space")
        badBoundary.append("x", name: "y")
        var badType = Multipart(boundary: "b")
        badType.append(Data(), name: "f", filename: "f", contentType: "text/plain\r\nX-Evil: 1")
        for form in [collision, badBoundary, badType, Multipart(boundary: String(repeating: "a", count: 71))] {
            let error = #expect(throws: NetworkError.self) { try form.requestBody() }
            #expect(error?.kind == .invalidBody)
        }
    }

    @Test("the encoder names fields as forms do and makes MultipartFile values file parts")
    func encoder() async throws {
        struct Meta: Encodable { var width: Int; var height: Int }
        struct Post: Encodable, Sendable { var title: String; var tags: [String]; var meta: Meta; var draft: Bool; var cover: MultipartFile }
        let post = Post(title: "Hi", tags: ["a", "b"], meta: Meta(width: 2, height: 1), draft: false, cover: MultipartFile(data: Data("img".utf8), filename: "c.png", contentType: "image/png"))
        var form = Multipart(boundary: "B")
        try MultipartFormEncoder().encode(post, into: &form)
        let text = String(decoding: try await collect(try form.requestBody()).data, as: UTF8.self)
        for name in ["title", "tags[]", "meta[width]", "meta[height]", "draft"] {
            #expect(text.contains("name=\"\(name)\"\r\n\r\n"), "\(name)")
        }
        #expect(text.contains("name=\"cover\"; filename=\"c.png\"\r\nContent-Type: image/png\r\n\r\nimg\r\n"))
        let jsonError = #expect(throws: EncodingError.self) { try JSONEncoder().encode(post) }
        #expect(jsonError != nil)
    }

    @Test("a MultipartFile from disk guesses its type and name; an endpoint's multipart body carries the boundary")
    func endpoint() throws {
        let url = try temporaryFile(Data("{}".utf8), name: "data.json")
        let file = try MultipartFile(contentsOf: url)
        #expect(file.filename == "data.json" && file.contentType == "application/json" && file.length == 2)
        struct Upload: Encodable, Sendable { var file: MultipartFile }
        let request = try Endpoint<Void>(method: .post, path: "/upload", body: .multipart(Upload(file: file))).makeRequest()
        let contentType = try #require(request.head.headerFields[.contentType])
        #expect(contentType.hasPrefix("multipart/form-data; boundary=courier-"))
        #expect(request.body.length != nil && request.body.isReplayable)
    }
}
