/// The longest line or record a ``JSONStream`` accepts.
enum MaxJSONRecordSizeOptionKey: RequestOptionKey {
    static let defaultValue = RequestOptions.defaultMaxJSONRecordSize
}

extension RequestOptions {
    /// 1 MiB: far more than one event or log line, small enough that a stream without line ends fails fast.
    public static let defaultMaxJSONRecordSize = 1024 * 1024

    /// The longest line (JSON Lines) or record (JSON text sequence), in bytes, that a ``JSONStream`` read
    /// from this request's response accepts; a longer one fails with ``NetworkError/Kind/bodyTooLarge`` and
    /// the transfer stops. The stream as a whole has no limit.
    public var maxJSONRecordSize: Int {
        get { self[MaxJSONRecordSizeOptionKey.self] }
        set {
            precondition(newValue > 0, "maxJSONRecordSize must be positive")
            self[MaxJSONRecordSizeOptionKey.self] = newValue
        }
    }
}
