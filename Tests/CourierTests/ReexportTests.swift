// This file imports Courier alone, on purpose: it compiles only while Courier re-exports HTTPTypes.
import Courier
import Testing

@Suite("What import Courier brings")
struct ReexportTests {
    @Test("HTTPTypes' names need no import of their own")
    func httpTypesAreReexported() throws {
        let method: HTTPRequest.Method = .patch
        let status: HTTPResponse.Status = .notFound
        let name: HTTPField.Name = .accept
        #expect(method.rawValue == "PATCH")
        #expect(status.code == 404)
        #expect(name.canonicalName == "accept")
    }
}
