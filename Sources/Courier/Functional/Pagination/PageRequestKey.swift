import Foundation

/// What makes two page requests the same for the loop guard of ``PageSequence``: the method, the path
/// with its query, and the body's bytes (a streamed or file body is not compared).
struct PageRequestKey: Hashable {
    let method: String
    let target: String
    let body: Data?

    /// The key of the request `endpoint` makes, or `nil` when it cannot be built (sending it reports why).
    init?<Value>(_ endpoint: Endpoint<Value>, encoder: JSONEncoder) {
        guard let request = try? endpoint.makeRequest(encoder: encoder) else { return nil }
        method = request.method.rawValue
        target = request.head.path ?? "/"
        body = request.body.bufferedData
    }
}
