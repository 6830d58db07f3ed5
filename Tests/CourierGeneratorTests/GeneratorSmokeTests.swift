import Testing
@testable import CourierGenerator

@Suite struct GeneratorSmokeTests {
    @Test func aMinimalDocumentGenerates() throws {
        let result = try Generator(options: .init(moduleName: "Tiny")).generate(
            text: "openapi: 3.1.0\ninfo: {title: Tiny, version: \"1\"}\npaths: {}\n")
        #expect(result.moduleName == "Tiny")
    }
}
