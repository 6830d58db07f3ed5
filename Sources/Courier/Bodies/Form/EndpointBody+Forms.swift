import Foundation

extension EndpointBody {
    /// `value` encoded as `application/x-www-form-urlencoded` by `encoder`.
    public static func form(_ value: some Encodable & Sendable, encoder: FormURLEncoder = FormURLEncoder()) -> EndpointBody {
        EndpointBody(contentType: "application/x-www-form-urlencoded") { _ in .text(try encoder.encode(value)) }
    }

    /// `value` encoded as `multipart/form-data` by `encoder`, its ``MultipartFile`` values as file parts
    /// streamed from memory or disk; a fresh random boundary each time the request is built.
    public static func multipart(_ value: some Encodable & Sendable, encoder: MultipartFormEncoder = MultipartFormEncoder()) -> EndpointBody {
        EndpointBody { _ in
            let form = try encoder.encode(value)
            return Encoded(body: try form.requestBody(), contentType: form.contentType)
        }
    }

    /// A multipart form built part by part.
    public static func multipart(_ form: Multipart) -> EndpointBody {
        EndpointBody { _ in Encoded(body: try form.requestBody(), contentType: form.contentType) }
    }
}

extension ClientRequest {
    /// Sets the body to `form` and `Content-Type` to `multipart/form-data` with its boundary.
    ///
    /// - Throws: as ``Multipart/requestBody(chunkSize:)``.
    public mutating func setMultipartBody(_ form: Multipart) throws {
        body = try form.requestBody()
        try setHeader("Content-Type", form.contentType)
    }

    /// Sets the body to `value` encoded as `application/x-www-form-urlencoded`, and `Content-Type` to
    /// match.
    ///
    /// - Throws: as ``FormURLEncoder/encode(_:)``.
    public mutating func setFormBody(_ value: some Encodable, encoder: FormURLEncoder = FormURLEncoder()) throws {
        body = .text(try encoder.encode(value))
        try setHeader("Content-Type", "application/x-www-form-urlencoded")
    }
}
