extension NetworkError {
    /// What a layer of type `layer` threw, as the layer's caller sees it: a ``NetworkError`` as it is, with
    /// `request` attached when it carries none (the layers below made it, or the layer chose its kind), a
    /// cancellation as
    /// ``NetworkError/Kind/cancelled``, and anything else as ``NetworkError/Kind/middlewareFailed(layer:)``
    /// naming the layer, the error kept in ``underlying``.
    ///
    /// NOTE: the transport's own errors never reach here unwrapped: the end of the chain turns them into
    /// ``NetworkError`` first, so only a layer's own error is put down to it.
    static func thrown(_ error: any Error, byLayer layer: Any.Type, request: ClientRequest) -> NetworkError {
        switch error {
        case is NetworkError, is CancellationError:
            return wrapping(error, request: request)
        default:
            let name = LayerName.of(layer)
            return NetworkError(.middlewareFailed(layer: name), message: "the layer \(name) threw \(error)", request: request, underlying: error)
        }
    }
}

/// The name a diagnosis gives a layer: its type's name without generic arguments (`RequestLogging`, not
/// `RequestLogging<ContinuousClock>`).
enum LayerName {
    static func of(_ type: Any.Type) -> String {
        let full = String(describing: type)
        return full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
    }
}
