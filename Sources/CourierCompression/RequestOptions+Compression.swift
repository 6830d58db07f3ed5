import Courier

/// Whether a request's body may be compressed by a compressing layer.
enum AllowsBodyCompressionOptionKey: RequestOptionKey {
    static let defaultValue = true
}

extension RequestOptions {
    /// Whether ``Courier/Client/compressingRequests(_:minimumSize:level:)`` may compress this request's body;
    /// `true` unless set. Set it to `false` for a server that does not decode compressed requests, or a body
    /// that must reach it byte for byte.
    public var allowsBodyCompression: Bool {
        get { self[AllowsBodyCompressionOptionKey.self] }
        set { self[AllowsBodyCompressionOptionKey.self] = newValue }
    }
}
