import Courier
import Foundation
import Testing

/// A coding key with any name: hand-written keys, and what custom styles return.
fileprivate struct FieldNameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) {
        stringValue = name
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

/// One field under each of `names`, exactly as written (keys Swift property names cannot spell).
fileprivate struct KeyProbe: Encodable, Sendable {
    var names: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldNameKey.self)
        for name in names {
            try container.encode(1, forKey: FieldNameKey(name))
        }
    }
}

fileprivate struct Signup: Encodable, Sendable {
    var firstName: String
    var emailAddress: String
    var isAdult: Bool
    var userID: Int
    var homepageURL: URL
}

fileprivate struct ShippingAddress: Encodable, Sendable {
    var streetName: String
    var postalCode: String
    var isPOBox: Bool
}

fileprivate struct LineItem: Encodable, Sendable {
    var productID: Int
    var unitPriceInCents: Int
}

fileprivate struct NewListing: Encodable, Sendable {
    var listingTitle: String
    var priceInCents: Int
    var photoNames: [String]
    var shippingAddress: ShippingAddress
    var lineItems: [LineItem]
    var _internalNote: String
    var metadata: [String: String]
    var sellerNote: String?
}

fileprivate struct PostalAddress: Encodable, Sendable {
    var city: String
    var zipCode: String
}

fileprivate struct Order: Encodable, Sendable {
    var billing: PostalAddress
    var shipping: PostalAddress
}

fileprivate enum Channel: String, Encodable, CodingKeyRepresentable, Sendable {
    case pushNotice
    case emailDigest
}

fileprivate struct Preferences: Encodable, Sendable {
    var channelSettings: [Channel: Bool]
}

fileprivate let listing = NewListing(
    listingTitle: "Oak desk", priceInCents: 12_000, photoNames: ["front.png", "side.png"],
    shippingAddress: ShippingAddress(streetName: "Storgata 1", postalCode: "0155", isPOBox: false),
    lineItems: [LineItem(productID: 7, unitPriceInCents: 100), LineItem(productID: 8, unitPriceInCents: 250)],
    _internalNote: "fragile", metadata: ["giftWrap": "yes", "rushOrder": "no"], sellerNote: nil
)

fileprivate let order = Order(billing: PostalAddress(city: "Oslo", zipCode: "0150"), shipping: PostalAddress(city: "Bergen", zipCode: "5003"))

/// The field names `JSONEncoder` gives `value` with `keys`, flattened the way the form encoders name fields with
/// brackets: objects `a[b]`, arrays of scalars `a[]`, arrays of objects or arrays `a[0]`.
fileprivate func jsonFieldNames(of value: some Encodable, keys: JSONEncoder.KeyEncodingStrategy) throws -> [String] {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = keys
    return bracketedNames(try JSONSerialization.jsonObject(with: try encoder.encode(value)), prefix: "").sorted()
}

fileprivate func bracketedNames(_ json: Any, prefix: String) -> [String] {
    switch json {
    case let object as [String: Any]:
        return object.keys.flatMap { key in bracketedNames(object[key]!, prefix: prefix.isEmpty ? key : "\(prefix)[\(key)]") }
    case let array as [Any]:
        return array.enumerated().flatMap { index, element in
            element is [String: Any] || element is [Any] ? bracketedNames(element, prefix: "\(prefix)[\(index)]") : ["\(prefix)[]"]
        }
    default:
        return [prefix]
    }
}

@Suite("Key styles of the form and multipart encoders")
struct FormKeyStrategyTests {
    @Test("useDefaultKeys, the default, names fields by the coding keys as written")
    func defaultKeys() throws {
        let names = try FormURLEncoder().fields(of: order).map(\.name)
        #expect(names == ["billing[city]", "billing[zipCode]", "shipping[city]", "shipping[zipCode]"])
        #expect(try FormURLEncoder(keys: .useDefaultKeys).fields(of: order).map(\.name) == names)
    }

    @Test("convertToSnakeCase renames each key of a flat model and leaves the values alone")
    func flat() throws {
        let signup = Signup(firstName: "Ada", emailAddress: "ada@example.com", isAdult: true, userID: 42, homepageURL: URL(string: "https://example.com/AdaL")!)
        let fields = try FormURLEncoder(keys: .convertToSnakeCase).fields(of: signup)
        #expect(fields.map(\.name) == ["first_name", "email_address", "is_adult", "user_id", "homepage_url"])
        #expect(fields.map(\.value) == ["Ada", "ada@example.com", "true", "42", "https://example.com/AdaL"])
        #expect(try FormURLEncoder(keys: .convertToSnakeCase).encode(signup).hasPrefix("first_name=Ada&email_address=ada%40example.com&"))
        let json = try jsonFieldNames(of: signup, keys: .convertToSnakeCase)
        #expect(fields.map(\.name).sorted() == json)
    }

    @Test("convertToSnakeCase renames keys at every level of nesting and inside arrays; positions and dictionary keys stay")
    func nestedAndArrays() throws {
        let brackets = try FormURLEncoder(keys: .convertToSnakeCase).fields(of: listing).map(\.name)
        #expect(brackets == [
            "listing_title", "price_in_cents", "photo_names[]", "photo_names[]",
            "shipping_address[street_name]", "shipping_address[postal_code]", "shipping_address[is_po_box]",
            "line_items[0][product_id]", "line_items[0][unit_price_in_cents]", "line_items[1][product_id]", "line_items[1][unit_price_in_cents]",
            "_internal_note", "metadata[giftWrap]", "metadata[rushOrder]",
        ])
        let dotted = try FormURLEncoder(keys: .convertToSnakeCase, arrays: .indexed, nesting: .dots).fields(of: listing).map(\.name)
        #expect(dotted == [
            "listing_title", "price_in_cents", "photo_names[0]", "photo_names[1]",
            "shipping_address.street_name", "shipping_address.postal_code", "shipping_address.is_po_box",
            "line_items[0].product_id", "line_items[0].unit_price_in_cents", "line_items[1].product_id", "line_items[1].unit_price_in_cents",
            "_internal_note", "metadata.giftWrap", "metadata.rushOrder",
        ])
    }

    @Test("the snake-case names of a nested model with arrays and a dictionary are exactly JSONEncoder's")
    func sameNamesAsJSONEncoder() throws {
        let names = try FormURLEncoder(keys: .convertToSnakeCase).fields(of: listing).map(\.name)
        let json = try jsonFieldNames(of: listing, keys: .convertToSnakeCase)
        #expect(names.sorted() == json)
        #expect(json.contains("metadata[giftWrap]"))
    }

    @Test(
        "convertToSnakeCase splits acronyms, digits and underscores exactly as JSONEncoder's .convertToSnakeCase",
        arguments: [
            ("myURLValue", "my_url_value"), ("oneTwoThree", "one_two_three"), ("_oneTwoThree_", "_one_two_three_"),
            ("__leading", "__leading"), ("trailing__", "trailing__"), ("userID", "user_id"), ("isHTTPS", "is_https"),
            ("URLValue", "u_rl_value"), ("HTTPServerError", "h_ttp_server_error"), ("ID", "i_d"), ("aB", "a_b"),
            ("value2Go", "value2_go"), ("sha256Hash", "sha256_hash"), ("already_snake", "already_snake"),
            ("a_B", "a__b"), ("x", "x"), ("naïveÉcole", "naïve_école"),
            // A plural acronym splits before its last capital: JSONEncoder's answer too.
            ("photoURLs", "photo_ur_ls"), ("albumIDs", "album_i_ds"),
        ]
    )
    func snakeCaseEdges(key: String, expected: String) throws {
        let probe = KeyProbe(names: [key])
        let json = try jsonFieldNames(of: probe, keys: .convertToSnakeCase)
        #expect(try FormURLEncoder(keys: .convertToSnakeCase).fields(of: probe).map(\.name) == [expected])
        #expect(json == [expected])
    }

    @Test("a custom style names each key by what it returns, at every level")
    func customUppercased() throws {
        let encoder = FormURLEncoder(keys: .custom { path in FieldNameKey(path.last!.stringValue.uppercased()) })
        #expect(try encoder.fields(of: order).map(\.name) == ["BILLING[CITY]", "BILLING[ZIPCODE]", "SHIPPING[CITY]", "SHIPPING[ZIPCODE]"])
    }

    @Test("a custom style gets the whole coding path ending with the key, as JSONEncoder's custom strategy does")
    func customSeesPath() throws {
        let billingPrefix: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            if path.count == 2, path[0].stringValue == "billing" {
                return FieldNameKey("billing_" + path[1].stringValue)
            }
            return path[path.count - 1]
        }
        let names = try FormURLEncoder(keys: .custom(billingPrefix)).fields(of: order).map(\.name)
        #expect(names == ["billing[billing_city]", "billing[billing_zipCode]", "shipping[city]", "shipping[zipCode]"])
        let json = try jsonFieldNames(of: order, keys: .custom(billingPrefix))
        #expect(names.sorted() == json)

        // Array elements are in the path as keys with an intValue.
        let wholePath: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            FieldNameKey(path.map { key in key.intValue.map { "#\($0)" } ?? key.stringValue }.joined(separator: "/"))
        }
        let cart = KeyedLines(lineItems: [LineItem(productID: 1, unitPriceInCents: 5)])
        let cartNames = try FormURLEncoder(keys: .custom(wholePath)).fields(of: cart).map(\.name)
        #expect(cartNames == ["lineItems[0][lineItems/#0/productID]", "lineItems[0][lineItems/#0/unitPriceInCents]"])
        let cartJSON = try jsonFieldNames(of: cart, keys: .custom(wholePath))
        #expect(cartNames.sorted() == cartJSON)
    }

    @Test("keys of a dictionary keyed by a CodingKeyRepresentable enum are data: no style renames them")
    func enumKeyedDictionary() throws {
        let preferences = Preferences(channelSettings: [.pushNotice: true, .emailDigest: false])
        let names = try FormURLEncoder(keys: .convertToSnakeCase).fields(of: preferences).map(\.name)
        #expect(names == ["channel_settings[emailDigest]", "channel_settings[pushNotice]"])
        let upper = try FormURLEncoder(keys: .custom { path in FieldNameKey(path.last!.stringValue.uppercased()) }).fields(of: preferences)
        #expect(upper.map(\.name) == ["CHANNELSETTINGS[emailDigest]", "CHANNELSETTINGS[pushNotice]"])
        #expect(upper.map(\.value) == ["false", "true"])
    }

    @Test("the multipart encoder renames text parts and file parts alike")
    func multipartNames() async throws {
        struct NewPhoto: Encodable, Sendable {
            var photoTitle: String
            var tagNames: [String]
            var coverImage: MultipartFile
        }
        let photo = NewPhoto(photoTitle: "Fjord", tagNames: ["west"], coverImage: MultipartFile(data: Data("PNG".utf8), filename: "fjord.png", contentType: "image/png"))
        var form = Multipart(boundary: "B")
        try MultipartFormEncoder(keys: .convertToSnakeCase).encode(photo, into: &form)
        let text = String(decoding: try await collect(try form.requestBody()).data, as: UTF8.self)
        #expect(text == "--B\r\nContent-Disposition: form-data; name=\"photo_title\"\r\n\r\nFjord\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"tag_names[]\"\r\n\r\nwest\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"cover_image\"; filename=\"fjord.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n"
            + "--B--\r\n")
    }
}

fileprivate struct KeyedLines: Encodable, Sendable {
    var lineItems: [LineItem]
}
