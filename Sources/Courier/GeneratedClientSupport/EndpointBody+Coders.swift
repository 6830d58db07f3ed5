import Foundation

extension EndpointBody {
    /// `value` encoded as JSON by `encoder` (not the client's), with `Content-Type: application/json`:
    /// for an API whose coders are fixed (``APICoders``).
    public static func json(_ value: some Encodable & Sendable, encoder: JSONEncoder) -> EndpointBody {
        EndpointBody(contentType: "application/json") { _ in .bytes(try encoder.encode(value)) }
    }
}
