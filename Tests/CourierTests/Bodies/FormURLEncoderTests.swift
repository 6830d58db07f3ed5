import Courier
import Foundation
import Testing

fileprivate struct Address: Encodable, Sendable {
    var street: String
    var city: String
}

fileprivate struct Signup: Encodable, Sendable {
    var name: String
    var tags: [String]
    var address: Address
    var active: Bool
    var nickname: String?
}

fileprivate struct Line: Encodable, Sendable {
    var sku: String
    var quantity: Int
}

@Suite("Form URL encoding of Encodable values")
struct FormURLEncoderTests {
    fileprivate let signup = Signup(name: "Ada Lovelace", tags: ["math", "engines"], address: Address(street: "1 St James's Sq", city: "London"), active: true)

    @Test("nested values and arrays are named with brackets; nil is left out; order is the encoding order")
    func defaults() throws {
        let fields = try FormURLEncoder().fields(of: signup)
        #expect(fields.map(\.name) == ["name", "tags[]", "tags[]", "address[street]", "address[city]", "active"])
        #expect(fields.map(\.value) == ["Ada Lovelace", "math", "engines", "1 St James's Sq", "London", "true"])
    }

    @Test("dictionary keys go out sorted, so one value is the same bytes in every process")
    func dictionariesAreSorted() throws {
        struct Charge: Encodable, Sendable { var metadata: [String: String] }
        let keys = (0..<20).map { "k\($0)" }
        let value = Charge(metadata: Dictionary(uniqueKeysWithValues: keys.map { ($0, "v") }))
        let fields = try FormURLEncoder().fields(of: value)
        #expect(fields.map(\.name) == keys.sorted().map { "metadata[\($0)]" })
    }

    @Test("percent-encoding is the query string's: only unreserved characters stay, spaces are %20")
    func escaping() throws {
        struct Text: Encodable { var q: String }
        let encoded = try FormURLEncoder().encode(Text(q: "a+b & c=d/é ~_.-"))
        #expect(encoded == "q=a%2Bb%20%26%20c%3Dd%2F%C3%A9%20~_.-")
        let plus = try FormURLEncoder(spacesAsPlus: true).encode(Text(q: "a b+%20"))
        #expect(plus == "q=a+b%2B%2520")
        let brackets = try FormURLEncoder().encode(["tags": ["x"]])
        #expect(brackets == "tags%5B%5D=x")
    }

    @Test("array styles: brackets, indexed, repeated; arrays of objects are always indexed")
    func arrayStyles() throws {
        struct Order: Encodable { var ids: [Int]; var lines: [Line] }
        let order = Order(ids: [1, 2], lines: [Line(sku: "A", quantity: 2), Line(sku: "B", quantity: 1)])
        let indexedLines = ["lines[0][sku]", "lines[0][quantity]", "lines[1][sku]", "lines[1][quantity]"]
        #expect(try FormURLEncoder(arrays: .brackets).fields(of: order).map(\.name) == ["ids[]", "ids[]"] + indexedLines)
        #expect(try FormURLEncoder(arrays: .indexed).fields(of: order).map(\.name) == ["ids[0]", "ids[1]"] + indexedLines)
        #expect(try FormURLEncoder(arrays: .repeated).fields(of: order).map(\.name) == ["ids", "ids"] + indexedLines)
    }

    @Test("dot nesting")
    func dots() throws {
        let names = try FormURLEncoder(nesting: .dots).fields(of: signup).map(\.name)
        #expect(names.contains("address.city"))
        #expect(!names.contains { $0.contains("[city]") })
    }

    @Test("date strategies: ISO 8601, seconds, milliseconds, custom")
    func dates() throws {
        struct Event: Encodable { var at: Date }
        let whole = Event(at: Date(timeIntervalSince1970: 1_795_435_200))
        let fractional = Event(at: Date(timeIntervalSince1970: 1_795_435_200.25))
        #expect(try FormURLEncoder().fields(of: whole).first?.value == "2026-11-23T12:00:00Z")
        #expect(try FormURLEncoder().fields(of: fractional).first?.value == "2026-11-23T12:00:00.250Z")
        #expect(try FormURLEncoder(dates: .secondsSince1970).fields(of: whole).first?.value == "1795435200")
        #expect(try FormURLEncoder(dates: .secondsSince1970).fields(of: fractional).first?.value == "1795435200.25")
        #expect(try FormURLEncoder(dates: .millisecondsSince1970).fields(of: fractional).first?.value == "1795435200250")
        #expect(try FormURLEncoder(dates: .custom { _ in "tomorrow" }).fields(of: whole).first?.value == "tomorrow")
    }

    @Test("booleans literal or numeric; numbers without a needless .0; Data as Base64")
    func scalars() throws {
        struct Mixed: Encodable { var on: Bool; var off: Bool; var whole: Double; var half: Double; var small: Float; var blob: Data }
        let value = Mixed(on: true, off: false, whole: 3, half: 0.5, small: 0.1, blob: Data([0xFF, 0x00]))
        #expect(try FormURLEncoder().fields(of: value).map(\.value) == ["true", "false", "3", "0.5", "0.1", "/wA="])
        #expect(try FormURLEncoder(bools: .numeric).fields(of: value).prefix(2).map(\.value) == ["1", "0"])
    }

    @Test("what has no form representation fails with encodingFailed")
    func failures() throws {
        struct Infinite: Encodable { var x: Double }
        struct WithFile: Encodable { var file: MultipartFile }
        for attempt in [
            { try FormURLEncoder().encode(["a", "b"]) },
            { try FormURLEncoder().encode("text") },
            { try FormURLEncoder().encode(Infinite(x: .infinity)) },
            { try FormURLEncoder().encode(WithFile(file: MultipartFile(data: Data(), filename: "x"))) },
        ] as [() throws -> String] {
            let error = #expect(throws: NetworkError.self) { try attempt() }
            #expect(error?.kind == .encodingFailed)
        }
    }

    @Test("the same value always gives the same bytes")
    func deterministic() throws {
        let first = try FormURLEncoder().encode(signup)
        for _ in 0..<20 {
            #expect(try FormURLEncoder().encode(signup) == first)
        }
    }

    @Test("an endpoint's form body has its content type and the encoded fields")
    func endpointBody() async throws {
        let endpoint = Endpoint<Void>(method: .post, path: "/signup", body: .form(signup))
        let request = try endpoint.makeRequest()
        #expect(request.head.headerFields[.contentType] == "application/x-www-form-urlencoded")
        let data = try #require(request.body.bufferedData)
        #expect(String(decoding: data, as: UTF8.self) == (try FormURLEncoder().encode(signup)))
    }
}
