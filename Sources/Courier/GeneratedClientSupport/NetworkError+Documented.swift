extension NetworkError {
    /// The operation's typed error this failure carries, when it is of type `type`: what a generated
    /// client put there with ``EndpointResponse/failure(_:)`` for a documented status.
    ///
    /// ```swift
    /// catch let error as NetworkError {
    ///     if case .notFound = error.documentedError(as: GetPetError.self) { … }
    /// }
    /// ```
    public func documentedError<E: Error>(as type: E.Type) -> E? {
        underlying as? E
    }
}
