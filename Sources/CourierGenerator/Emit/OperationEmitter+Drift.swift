extension OperationEmitter {
    /// The `case` that decodes a `2xx` the operation does not document as its one success type, when the
    /// request's `Courier.DocumentDrift` tolerates it (the runtime decides and logs the warning); `nil` when a
    /// `2XX` range or a `default` success already covers every `2xx`.
    ///
    /// `case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["201"]): return …`
    ///
    /// `contentTypes` are the success body's documented media types when it is not JSON (raw bytes decode as
    /// anything, so the response's `Content-Type` must be one of them), else empty.
    static func toleratedSuccessCase(
        statuses: [ResponseCaseDecl.Status], statement: String, contentTypes: [String] = []
    ) -> String? {
        guard !statuses.isEmpty, !statuses.contains(.default), !statuses.contains(.range(200)) else { return nil }
        let documented = statuses.map { status in
            switch status {
            case .code(let code): SwiftWriter.stringLiteral("\(code)")
            case .range(let start): SwiftWriter.stringLiteral("\(start / 100)XX")
            case .default: SwiftWriter.stringLiteral("default")
            }
        }
        let types = contentTypes.isEmpty
            ? "" : ", contentTypes: [\(contentTypes.map(SwiftWriter.stringLiteral).joined(separator: ", "))]"
        return "case 200..<300 where response.toleratesUndocumentedSuccess(documented: [\(documented.joined(separator: ", "))]\(types)): "
            + statement
    }
}

extension ResponseBodyKind {
    /// Whether a body of this kind proves its type by decoding: JSON does, raw bytes, text and streams do not,
    /// and no body has nothing to prove.
    var isCheckedByDecoding: Bool {
        switch self {
        case .json, .none: true
        case .text, .data, .jsonStream: false
        }
    }
}
