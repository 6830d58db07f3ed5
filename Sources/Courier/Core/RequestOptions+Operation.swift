// Declared in the core: request conditions (`RequestCondition.operation`) read it, and generated clients,
// CourierOpenAPI and CourierTesting's stubs set or match it.

/// The API operation a request performs (``RequestOptions/operationID``).
enum OperationIDOptionKey: RequestOptionKey {
    static let defaultValue: String? = nil
}

extension RequestOptions {
    /// The API operation this request performs (an OpenAPI `operationId`), for conditional layers,
    /// logs and metrics; `nil` unless set.
    public var operationID: String? {
        get { self[OperationIDOptionKey.self] }
        set { self[OperationIDOptionKey.self] = newValue }
    }

    /// Options with only ``operationID`` set.
    public init(operationID: String?) {
        self.init()
        self.operationID = operationID
    }
}
