import Foundation

extension EndpointResponse {
    /// The body as a stream of JSON values decoded with the endpoint's decoder, framed as the response's
    /// `Content-Type` says (``JSONStreamFormat/textSequence`` for `application/json-seq`, else
    /// ``JSONStreamFormat/lines``): what a generated operation returns for a JSON Lines or json-seq response.
    ///
    /// Sent with ``Client/stream(_:)``, the values are read as they arrive; sent with
    /// ``Client/send(_:)-(Endpoint<Value>)``, from the collected body.
    public func jsonStream<T: Decodable>(_ type: T.Type, format: JSONStreamFormat? = nil) -> JSONStream<T> {
        response.jsonStream(of: T.self, format: format, decoder: decoder)
    }
}
