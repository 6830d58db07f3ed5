extension OperationEmitter {
    /// The `case` that decodes a `2xx` the operation does not document as its one success type, when the
    /// request's `Courier.DocumentDrift` tolerates it (the runtime decides and logs the warning); `nil` when a
    /// `2XX` range or a `default` success already covers every `2xx`.
    ///
    /// `case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["201"]): return …`
    static func toleratedSuccessCase(statuses: [ResponseCaseDecl.Status], statement: String) -> String? {
        guard !statuses.isEmpty, !statuses.contains(.default), !statuses.contains(.range(200)) else { return nil }
        let documented = statuses.map { status in
            switch status {
            case .code(let code): SwiftWriter.stringLiteral("\(code)")
            case .range(let start): SwiftWriter.stringLiteral("\(start / 100)XX")
            case .default: SwiftWriter.stringLiteral("default")
            }
        }
        return "case 200..<300 where response.toleratesUndocumentedSuccess(documented: [\(documented.joined(separator: ", "))]): "
            + statement
    }
}
