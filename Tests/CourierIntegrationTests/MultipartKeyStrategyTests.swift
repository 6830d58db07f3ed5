import Courier
import CourierTesting
import Foundation
import MultipartKit
import Testing

private struct ListingAddress: Encodable, Sendable {
    var streetName: String
    var postalCode: String
}

private struct ListingUpload: Encodable, Sendable {
    var listingTitle: String
    var priceInCents: Int
    var tagNames: [String]
    var shippingAddress: ListingAddress
    var coverImage: MultipartFile
}

/// What a server written for snake_case names declares: its coding keys spell the names out, so nothing
/// converts them on this side.
private struct ReceivedListing: Decodable, Equatable {
    struct Address: Decodable, Equatable {
        var streetName: String
        var postalCode: String

        enum CodingKeys: String, CodingKey {
            case streetName = "street_name"
            case postalCode = "postal_code"
        }
    }

    var listingTitle: String
    var priceInCents: Int
    var tagNames: [String]
    var shippingAddress: Address

    enum CodingKeys: String, CodingKey {
        case listingTitle = "listing_title"
        case priceInCents = "price_in_cents"
        case tagNames = "tag_names"
        case shippingAddress = "shipping_address"
    }
}

private let listingUpload = ListingUpload(
    listingTitle: "Oak desk", priceInCents: 12_000, tagNames: ["oak", "desk"],
    shippingAddress: ListingAddress(streetName: "Storgata 1", postalCode: "0155"),
    coverImage: MultipartFile(data: Data("PNG bytes".utf8), filename: "desk.png", contentType: "image/png")
)

private let snakeCaseNames: [String?] = [
    "listing_title", "price_in_cents", "tag_names[]", "tag_names[]",
    "shipping_address[street_name]", "shipping_address[postal_code]", "cover_image",
]

/// Issue #41 (J2): a form encoder's key style, read back by parsers Courier did not write.
@Suite("Key styles read back by multipart-kit and Hummingbird", .timeLimit(.minutes(1)))
struct MultipartKeyStrategyTests {
    @Test("multipart-kit's parser on the test server reads the snake_case names, the file part's included", arguments: TransportUnderTest.allCases)
    func partNames(_ kind: TransportUnderTest) async throws {
        let encoder = MultipartFormEncoder(keys: .convertToSnakeCase)
        try await withClient(kind) { client, server in
            let echo = try await client.send(Endpoint<TestServer.MultipartEcho>(method: .post, path: "/multipart", body: .multipart(listingUpload, encoder: encoder)))
            #expect(echo.parts.map(\.name) == snakeCaseNames)
            #expect(echo.parts.map(\.text) == ["Oak desk", "12000", "oak", "desk", "Storgata 1", "0155", "PNG bytes"])
            #expect(echo.parts.last?.contentDisposition == #"form-data; name="cover_image"; filename="desk.png""#)
            #expect(echo.parts.last?.contentType == "image/png")
            #expect(await server.hits("/multipart") == 1)
        }
    }

    @Test("multipart-kit's FormDataDecoder decodes a convertToSnakeCase body into a model whose coding keys are snake_case")
    func formDataDecoder() async throws {
        let form = try MultipartFormEncoder(keys: .convertToSnakeCase).encode(listingUpload)
        var data = Data()
        for try await chunk in try form.requestBody().chunks() { data.append(chunk) }
        let decoded = try FormDataDecoder().decode(ReceivedListing.self, from: String(decoding: data, as: UTF8.self), boundary: form.boundary)
        #expect(decoded == ReceivedListing(
            listingTitle: "Oak desk", priceInCents: 12_000, tagNames: ["oak", "desk"],
            shippingAddress: ReceivedListing.Address(streetName: "Storgata 1", postalCode: "0155")
        ))
        let parts = try MultipartParser.parts(of: data, boundary: form.boundary)
        #expect(parts.map(\.name) == snakeCaseNames)
        #expect(parts.last.map { String(buffer: $0.body) } == "PNG bytes")
    }

    @Test("without a key style the parts keep the coding keys' camelCase names")
    func defaultNames() async throws {
        let form = try MultipartFormEncoder().encode(listingUpload)
        var data = Data()
        for try await chunk in try form.requestBody().chunks() { data.append(chunk) }
        let parts = try MultipartParser.parts(of: data, boundary: form.boundary)
        #expect(parts.map(\.name) == [
            "listingTitle", "priceInCents", "tagNames[]", "tagNames[]",
            "shippingAddress[streetName]", "shippingAddress[postalCode]", "coverImage",
        ])
    }

    @Test("Hummingbird's form decoder reads a convertToSnakeCase form body's nested and array names", arguments: TransportUnderTest.allCases)
    func urlEncodedForm(_ kind: TransportUnderTest) async throws {
        struct ListingFields: Encodable, Sendable {
            var listingTitle: String
            var tagNames: [String]
            var shippingAddress: ListingAddress
        }
        let fields = ListingFields(listingTitle: "Oak desk", tagNames: ["oak", "desk"], shippingAddress: ListingAddress(streetName: "Storgata 1", postalCode: "0155"))
        try await withClient(kind) { client, _ in
            let echo = try await client.send(Endpoint<TestServer.FormEcho>(
                method: .post, path: "/form", body: .form(fields, encoder: FormURLEncoder(keys: .convertToSnakeCase))
            ))
            #expect(echo.decodingError == nil)
            #expect(echo.decoded == .object([
                "listing_title": .text("Oak desk"),
                "tag_names": .list([.text("oak"), .text("desk")]),
                "shipping_address": .object(["street_name": .text("Storgata 1"), "postal_code": .text("0155")]),
            ]))
        }
    }
}
