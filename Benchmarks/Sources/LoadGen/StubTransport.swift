import Courier
import Foundation
import HTTPTypes

/// A transport that answers every request at once with `document`, its body a one-chunk stream as a
/// network transport's is: what layers cost with no I/O at all (`LoadGen --client courier-stub`).
struct StubTransport: Transport {
    let document: Data

    /// `LOADGEN_STUB_YIELD=1`: suspend once per request (`Task.yield()`), as a transport waiting for I/O does.
    static let yields = ProcessInfo.processInfo.environment["LOADGEN_STUB_YIELD"] == "1"

    /// A JSON document of the `Item` shape, 1,020 bytes like the one nginx serves.
    static let document: Data = {
        let item = Item(id: 1, name: "stub", price: 9.5, inStock: true, tags: ["a", "b"], description: String(repeating: "x", count: 940))
        return (try? JSONEncoder().encode(item)) ?? Data()
    }()

    func send(_ request: ClientRequest) async throws -> ClientResponse {
        if Self.yields { await Task.yield() }
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(document.count)
        let document = self.document
        let chunks = BodyChunks {
            var sent = false
            return {
                guard !sent else { return nil }
                sent = true
                return document
            }
        }
        return ClientResponse(head: HTTPResponse(status: .ok, headerFields: fields), body: ResponseBody(length: Int64(document.count), chunks: chunks), request: request)
    }
}
