import Courier
import CourierTesting
import CourierTestSupport
import Foundation
import MultipartKit
import Testing

private struct Address: Codable, Sendable, Equatable {
    var street: String
    var city: String
}

private struct Profile: Codable, Sendable, Equatable {
    var name: String
    var tags: [String]
    var address: Address
    var active: Bool
    var note: String
}

private let profile = Profile(
    name: "Zoë O'Brien", tags: ["a&b", "c=d", "e+f g"], address: Address(street: "1 Rue de l'Été", city: "Zürich/ZH"),
    active: true, note: "100% [sure]? #1"
)

/// Issue #9: bodies Courier encodes, read back by parsers Courier did not write (Hummingbird's form
/// decoder, multipart-kit's parser and FormDataDecoder), on every transport.
@Suite("Form and multipart bodies on every transport", .timeLimit(.minutes(1)))
struct FormBodyConformanceTests {
    @Test("a form body arrives as the server's form decoder reads it: nested, arrays, special characters", arguments: TransportUnderTest.allCases)
    func form(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let echo = try await client.send(Endpoint<TestServer.FormEcho>(method: .post, path: "/form", body: .form(profile)))
            #expect(echo.contentType == "application/x-www-form-urlencoded")
            #expect(echo.decodingError == nil)
            #expect(echo.decoded == .object([
                "name": .text("Zoë O'Brien"),
                "tags": .list([.text("a&b"), .text("c=d"), .text("e+f g")]),
                "address": .object(["street": .text("1 Rue de l'Été"), "city": .text("Zürich/ZH")]),
                "active": .text("true"),
                "note": .text("100% [sure]? #1"),
            ]))
            #expect(echo.pairs.first == ["name", "Zoë O'Brien"])
        }
    }

    @Test("indexed arrays of objects and dates arrive as written", arguments: TransportUnderTest.allCases)
    func indexedAndDates(_ kind: TransportUnderTest) async throws {
        struct Line: Encodable, Sendable { var sku: String; var quantity: Int }
        struct Order: Encodable, Sendable { var lines: [Line]; var placed: Date }
        let order = Order(lines: [Line(sku: "A-1", quantity: 2), Line(sku: "B 2", quantity: 1)], placed: Date(timeIntervalSince1970: 0))
        try await withClient(kind) { client, _ in
            let echo = try await client.send(Endpoint<TestServer.FormEcho>(method: .post, path: "/form", body: .form(order, encoder: FormURLEncoder(dates: .secondsSince1970))))
            #expect(echo.pairs == [
                ["lines[0][sku]", "A-1"], ["lines[0][quantity]", "2"], ["lines[1][sku]", "B 2"], ["lines[1][quantity]", "1"], ["placed", "0"],
            ])
        }
    }

    @Test("multipart parts come back exactly: quotes and non-ASCII in names, file names and values, a boundary-like line, file bytes (RELIABILITY 43)", arguments: TransportUnderTest.allCases)
    func multipart(_ kind: TransportUnderTest) async throws {
        let fileBytes = generatedBytes(count: 256 * 1024 + 3)
        let url = try temporaryFile(fileBytes, name: "photo.jpg")
        var form = Multipart()
        form.append("Zoë \"the\" writer", name: "author \"name\"")
        let boundaryLike = "--\(form.boundary.dropLast(4))\r\n--courier-00000000\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n"
        form.append(boundaryLike, name: "tricky")
        form.append(Data("{\"ok\":true}".utf8), name: "meta", filename: "données \"v2\".json", contentType: "application/json; charset=utf-8")
        try form.append(fileAt: url, name: "photo")
        try await withClient(kind) { client, _ in
            var request = try ClientRequest(.post, path: "/multipart")
            try request.setMultipartBody(form)
            let response = try await client.send(request)
            let echo = try JSONDecoder().decode(TestServer.MultipartEcho.self, from: try await response.body.collect(upTo: 1 << 20))
            #expect(echo.boundary == form.boundary)
            #expect(echo.parts.count == 4)
            guard echo.parts.count == 4 else { return }
            #expect(echo.parts[0].name == "author %22name%22")
            #expect(echo.parts[0].text == "Zoë \"the\" writer")
            #expect(echo.parts[1].name == "tricky")
            #expect(echo.parts[1].text == boundaryLike)
            #expect(echo.parts[2].contentDisposition == #"form-data; name="meta"; filename="données %22v2%22.json""#)
            #expect(echo.parts[2].contentType == "application/json; charset=utf-8")
            #expect(echo.parts[2].text == "{\"ok\":true}")
            #expect(echo.parts[3].contentDisposition == #"form-data; name="photo"; filename="photo.jpg""#)
            #expect(echo.parts[3].contentType == "image/jpeg")
            #expect(echo.parts[3].content == TestServer.UploadSummary.of(fileBytes))
            #expect(echo.body.contentLength == String(try form.requestBody().length ?? -1))
            #expect(echo.body.transferEncoding == nil)
        }
    }

    @Test("a Codable value with a file decodes back with multipart-kit's FormDataDecoder")
    func independentDecoder() async throws {
        struct Upload: Codable, Sendable, Equatable {
            var title: String
            var tags: [String]
            var address: Address
            var count: Int
        }
        struct UploadWithFile: Encodable, Sendable {
            var title: String
            var tags: [String]
            var address: Address
            var count: Int
            var file: MultipartFile
        }
        let value = UploadWithFile(title: "Ünïcødé", tags: ["x", "y"], address: Address(street: "s", city: "c"), count: 3, file: MultipartFile(data: Data("bytes".utf8), filename: "f.txt", contentType: "text/plain"))
        let form = try MultipartFormEncoder().encode(value)
        var data = Data()
        for try await chunk in try form.requestBody().chunks() { data.append(chunk) }
        let decoded = try FormDataDecoder().decode(Upload.self, from: String(decoding: data, as: UTF8.self), boundary: form.boundary)
        #expect(decoded == Upload(title: "Ünïcødé", tags: ["x", "y"], address: Address(street: "s", city: "c"), count: 3))
        let parts = try MultipartParser.parts(of: data, boundary: form.boundary)
        #expect(parts.last?.name == "file")
        #expect(parts.last.map { String(buffer: $0.body) } == "bytes")
    }

    @Test("a multipart body is sent again whole after a 307 redirect", arguments: TransportUnderTest.allCases)
    func replayOnRedirect(_ kind: TransportUnderTest) async throws {
        let fileBytes = generatedBytes(count: 200_000)
        let url = try temporaryFile(fileBytes)
        var form = Multipart()
        form.append("one", name: "field")
        try form.append(fileAt: url, name: "file")
        try await TestServer.withRunning { server in
            try await kind.with { transport in
                let client = Client(transport: transport).followingRedirects().targeting(server.server)
                let redirect = Endpoint<TestServer.MultipartEcho>(
                    method: .post, path: "/redirect-to", query: [URLQueryItem(name: "url", value: "/multipart"), URLQueryItem(name: "status", value: "307")],
                    body: .multipart(form)
                )
                let echo = try await client.send(redirect)
                #expect(echo.parts.map(\.name) == ["field", "file"])
                #expect(echo.parts.last?.content == TestServer.UploadSummary.of(fileBytes))
                #expect(await server.hits("/redirect-to") == 1)
            }
        }
    }

    @Test("a file deleted after the form was built fails with invalidBody and nothing reaches the server (RELIABILITY 43)", arguments: TransportUnderTest.allCases)
    func missingFileSendsNothing(_ kind: TransportUnderTest) async throws {
        let url = try temporaryFile(Data("soon gone".utf8))
        var form = Multipart()
        form.append("x", name: "before")
        try form.append(fileAt: url, name: "file")
        try FileManager.default.removeItem(at: url)
        try await withClient(kind) { client, server in
            let error = await #expect(throws: NetworkError.self) {
                try await client.send(Endpoint<TestServer.MultipartEcho>(method: .post, path: "/multipart", body: .multipart(form)))
            }
            #expect(error?.kind == .invalidBody)
            #expect(await server.hits("/multipart") == 0)
        }
    }
}

extension MultipartParser {
    /// Every part of `data`, parsed by multipart-kit.
    static func parts(of data: Data, boundary: String) throws -> [MultipartPart] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        var current = MultipartPart(body: "")
        parser.onHeader = { name, value in current.headers.add(name: name, value: value) }
        parser.onBody = { buffer in current.body.writeBuffer(&buffer) }
        parser.onPartComplete = {
            parts.append(current)
            current = MultipartPart(body: "")
        }
        try parser.execute(Array(data))
        return parts
    }
}
