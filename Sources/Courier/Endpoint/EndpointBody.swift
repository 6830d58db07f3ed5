import Foundation

/// The body of an ``Endpoint``, encoded when the request is built so that the client's encoder applies.
public struct EndpointBody: Sendable {
    /// The bytes to send and the `Content-Type` to send them with (set unless the endpoint has one).
    struct Encoded {
        var body: RequestBody
        var contentType: String?
    }

    /// `nil` for ``none``.
    ///
    /// NOTE: optional rather than a function that makes nothing: ``none`` is one value shared by every
    /// request without a body, and calling its function would count references to that function (and to
    /// the encoder passed in) from every thread that builds a request (Benchmarks/load, the cache hit).
    private let make: (@Sendable (JSONEncoder) throws -> Encoded)?

    /// A body built by `make`, which receives the JSON encoder in effect and returns the bytes and
    /// their content type. Other body formats are built on this.
    public init(contentType: String?, make: @escaping @Sendable (JSONEncoder) throws -> RequestBody) {
        self.make = { encoder in Encoded(body: try make(encoder), contentType: contentType) }
    }

    /// A body whose content type is only known once it is made (a multipart boundary).
    init(encoded make: @escaping @Sendable (JSONEncoder) throws -> Encoded) {
        self.make = make
    }

    /// No body.
    public static let none = EndpointBody()

    private init() {
        make = nil
    }

    /// `value` encoded as JSON, with `Content-Type: application/json`.
    public static func json(_ value: some Encodable & Sendable) -> EndpointBody {
        EndpointBody(contentType: "application/json") { encoder in .bytes(try encoder.encode(value)) }
    }

    /// Raw bytes with the given content type.
    public static func data(_ data: Data, contentType: String = "application/octet-stream") -> EndpointBody {
        EndpointBody(contentType: contentType) { _ in .bytes(data) }
    }

    /// UTF-8 text with the given content type.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> EndpointBody {
        EndpointBody(contentType: contentType) { _ in .text(text) }
    }

    /// The body made with the encoder `encoder` returns, which is asked only when there is a body to make.
    func encode(with encoder: () -> JSONEncoder) throws -> Encoded {
        guard let make else { return Encoded(body: .empty, contentType: nil) }
        do {
            return try make(encoder())
        } catch let error as NetworkError {
            throw error
        } catch {
            throw NetworkError(.encodingFailed, message: "the request body could not be encoded.", underlying: error)
        }
    }
}
