import Testing
@testable import CourierGenerator

@Suite struct NamingTests {
    @Test(arguments: [
        ("Body_login", "BodyLogin"), ("HTTPValidationError", "HTTPValidationError"), ("pet", "Pet"),
        ("good-boy", "GoodBoy"), ("2fa", "_2fa"), ("IN_PROGRESS", "InProgress"), ("ID", "ID"),
        ("String", "String"), ("Type", "Type_"), ("Self", "Self_"), ("Protocol", "Protocol_"), ("API", "API_"),
        ("Courier", "Courier_"), ("CodingKeys", "CodingKeys_"), ("café", "CafuE9"), ("", "Empty"), ("*", "Star"),
        ("I'm a teapot", "ImATeapot"), ("user.v1", "UserV1"),
    ])
    func typeNames(raw: String, expected: String) {
        #expect(Identifier.typeName(raw) == expected)
    }

    @Test(arguments: [
        ("good_boy", "goodBoy"), ("URLPath", "urlPath"), ("ID", "id"), ("HTTPValidationError", "httpValidationError"),
        ("default", "`default`"), ("self", "self_"), ("init", "init_"), ("Type", "type"), ("any", "`any`"),
        ("2fa", "_2fa"), ("1.0", "_1_0"), ("-1", "minus1"), ("+1", "plus1"), ("I'm a teapot", "imATeapot"),
        ("x-request-id", "xRequestId"), ("<=", "ltEq"), ("", "empty"), ("IN_PROGRESS", "inProgress"),
        ("kind", "kind"),
    ])
    func memberNames(raw: String, expected: String) {
        #expect(Identifier.memberName(raw) == expected)
    }

    @Test func moduleNameFromTitle() {
        #expect(Identifier.moduleName(fromTitle: "Swagger Petstore - OpenAPI 3.0") == "SwaggerPetstoreOpenAPI30")
        #expect(Identifier.moduleName(fromTitle: "Pet Shop") == "PetShop")
    }

    @Test func uniqueNamesSuffixInClaimOrder() {
        var names = UniqueNames(reserved: ["unknown"])
        let claimed = ["pet", "pet", "unknown", "`default`", "default", "pet"].map { names.claim($0) }
        #expect(claimed == ["pet", "pet2", "unknown2", "`default`", "default2", "pet3"])
    }
}
