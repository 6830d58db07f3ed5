import Courier
import Foundation
import HttpbinStyles
import Testing

/// The client generated from `Tests/OpenAPIFixtures/httpbin-styles-3.0.yaml` against a real httpbin: the OpenAPI
/// parameter styles and a Stripe-shaped form body (an `encoding` map of `deepObject` properties), the two things
/// Apple's generator drops or throws on. Each test pins the bytes sent and what httpbin decoded from them.
///
/// httpbin shows the URL as Werkzeug rebuilds it, which decodes `, | [ ]` and non-ASCII and keeps other escapes: the
/// echoed URL reads as the OpenAPI 3.0.3 style table writes it (`color=blue,black,brown`, `color[R]=100`), while the
/// recorded target shows the delimiters Courier percent-encodes as data (RFC 3986 `unreserved` only, like the table
/// of OpenAPI 3.1.1, which writes `%20`, `%7C`, `%5B…%5D`).
@Suite(.serialized, .enabled(if: E2EEnvironment.httpbin != nil || E2EEnvironment.isRequired, "HTTPBIN_URL is not set: source scripts/openapi-e2e/start.sh"))
struct HttpbinStylesTests {
    @Test func formStyleArraysAndObjectsExplodedAndNot() async throws {
        let server = try E2EEnvironment.httpbinServer()
        let base = E2EEnvironment.httpbin ?? ""
        try await withE2EClient(server) { client, recorder in
            let endpoint = API.general.formStyles(ids: [1, 2, 3], idsFlat: [4, 5], color: Color(r: 100, g: 200, b: 150), colorFlat: Color(r: 1, g: 2, b: 3))
            let echo = try await client.send(endpoint)

            let sent = try await recorder.only()
            #expect(sent.target == "/anything/styles/form?ids=1&ids=2&ids=3&idsFlat=4%2C5&r=100&g=200&b=150&colorFlat=r%2C1%2Cg%2C2%2Cb%2C3")
            #expect(echo.url == "\(base)/anything/styles/form?ids=1&ids=2&ids=3&idsFlat=4,5&r=100&g=200&b=150&colorFlat=r,1,g,2,b,3")
            #expect(echo.args == [
                "ids": .stringArray(["1", "2", "3"]),
                "idsFlat": .string("4,5"),
                "r": .string("100"),
                "g": .string("200"),
                "b": .string("150"),
                "colorFlat": .string("r,1,g,2,b,3"),
            ])
        }
    }

    @Test func spaceAndPipeDelimitedArrays() async throws {
        let server = try E2EEnvironment.httpbinServer()
        let base = E2EEnvironment.httpbin ?? ""
        try await withE2EClient(server) { client, recorder in
            let echo = try await client.send(API.general.delimitedStyles(spaced: ["blue", "black", "brown"], piped: ["x", "y&z"]))

            let sent = try await recorder.only()
            #expect(sent.target == "/anything/styles/delimited?spaced=blue%20black%20brown&piped=x%7Cy%26z")
            #expect(echo.url == "\(base)/anything/styles/delimited?spaced=blue%20black%20brown&piped=x|y%26z")
            #expect(echo.args == ["spaced": .string("blue black brown"), "piped": .string("x|y&z")])
        }
    }

    @Test func deepObjectQueryParameter() async throws {
        let server = try E2EEnvironment.httpbinServer()
        let base = E2EEnvironment.httpbin ?? ""
        try await withE2EClient(server) { client, recorder in
            let echo = try await client.send(API.general.deepObjectStyle(color: Color(r: 100, g: 200, b: 150)))

            let sent = try await recorder.only()
            #expect(sent.target == "/anything/styles/deep?color%5Br%5D=100&color%5Bg%5D=200&color%5Bb%5D=150")
            #expect(echo.url == "\(base)/anything/styles/deep?color[r]=100&color[g]=200&color[b]=150")
            #expect(echo.args == ["color[r]": .string("100"), "color[g]": .string("200"), "color[b]": .string("150")])
        }
    }

    @Test func cookieParametersAndArrayHeader() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, recorder in
            let echo = try await client.send(API.general.cookieStyles(session: "abc 1;2", theme: "dark", xTags: ["a", "b c"]))

            let sent = try await recorder.only()
            #expect(sent.headers["cookie"] == "session=abc%201%3B2; theme=dark")
            #expect(sent.headers["x-tags"] == "a,b c")
            // On the wire: one `Cookie` field (RFC 6265 §5.4: a client MUST NOT send more than one over HTTP/1.1).
            // Two fields reach Werkzeug as `session=abc%201%3B2,theme=dark`, and Starlette reads only the first.
            #expect(echo.headers?["Cookie"] == "session=abc%201%3B2; theme=dark")
            #expect(echo.headers?["X-Tags"] == "a,b c")
        }
    }

    @Test func requiredCookieOnly() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, recorder in
            let echo = try await client.send(API.general.cookieStyles(session: "s1"))

            let sent = try await recorder.only()
            #expect(sent.headers["cookie"] == "session=s1")
            #expect(sent.headers["x-tags"] == nil)
            #expect(echo.headers?["Cookie"] == "session=s1")
        }
    }

    /// Stripe's shape: every nested property of the form body is `style: deepObject, explode: true` in the `encoding`
    /// map, so objects nest in brackets, arrays of objects are indexed and arrays of scalars are `name[]`.
    @Test func stripeShapedFormBodyWithEncodingMap() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, recorder in
            let customer = CustomerCreate(
                email: "jenny+test@example.com",
                address: Address(line1: "1 Main St", city: "Paris"),
                shipping: CustomerCreateShipping(name: "Jenny R", address: Address(city: "Berlin")),
                metadata: ["order_id": "6735"],
                items: [CustomerCreateItemsItem(price: "price_1", quantity: 2), CustomerCreateItemsItem(price: "price_2")],
                expand: ["customer", "invoice.subscription"]
            )
            let echo = try await client.send(API.general.createCustomer(body: customer))

            let sent = try await recorder.only()
            #expect(sent.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(sent.bodyText == [
                "email=jenny%2Btest%40example.com",
                "address%5Bline1%5D=1%20Main%20St",
                "address%5Bcity%5D=Paris",
                "shipping%5Bname%5D=Jenny%20R",
                "shipping%5Baddress%5D%5Bcity%5D=Berlin",
                "metadata%5Border_id%5D=6735",
                "items%5B0%5D%5Bprice%5D=price_1",
                "items%5B0%5D%5Bquantity%5D=2",
                "items%5B1%5D%5Bprice%5D=price_2",
                "expand%5B%5D=customer",
                "expand%5B%5D=invoice.subscription",
            ].joined(separator: "&"))
            #expect(echo.form == [
                "email": .string("jenny+test@example.com"),
                "address[line1]": .string("1 Main St"),
                "address[city]": .string("Paris"),
                "shipping[name]": .string("Jenny R"),
                "shipping[address][city]": .string("Berlin"),
                "metadata[order_id]": .string("6735"),
                "items[0][price]": .string("price_1"),
                "items[0][quantity]": .string("2"),
                "items[1][price]": .string("price_2"),
                "expand[]": .stringArray(["customer", "invoice.subscription"]),
            ])
        }
    }
}
