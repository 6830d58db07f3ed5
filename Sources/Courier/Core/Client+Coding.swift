import Foundation

/// The JSON coders a client uses when nobody injects others.
enum JSONCoders {
    static let defaultEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let defaultDecoder = JSONDecoder()
}

extension Client {
    /// A client whose endpoints decode JSON with `decoder`, unless an endpoint brings its own.
    ///
    /// ```swift
    /// let decoder = JSONDecoder()
    /// decoder.dateDecodingStrategy = .iso8601
    /// let client = Client(transport: URLSessionTransport()).decoding(with: decoder)
    /// ```
    ///
    /// The decoder must not be changed after it is handed over: it is shared by concurrent requests.
    public func decoding(with decoder: JSONDecoder) -> Client {
        var copy = self
        copy.configuration.decoder = decoder
        return copy
    }

    /// A client whose endpoints encode JSON bodies with `encoder`, unless an endpoint brings its own.
    ///
    /// The encoder must not be changed after it is handed over: it is shared by concurrent requests.
    public func encoding(with encoder: JSONEncoder) -> Client {
        var copy = self
        copy.configuration.encoder = encoder
        return copy
    }
}
