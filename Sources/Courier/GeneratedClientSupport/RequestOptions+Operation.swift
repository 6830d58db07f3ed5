extension RequestOptions {
    /// Options with only ``operationID`` set.
    public init(operationID: String?) {
        self.init()
        self.operationID = operationID
    }
}
