extension DecodingError {
    /// Where decoding failed, written as a Swift-like path: `items[0].author.name`; empty at the root.
    var codingPathDescription: String {
        var path = context.codingPath
        if case .keyNotFound(let key, _) = self {
            path.append(key)
        }
        return path.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
    }

    /// One sentence saying what was wrong at the coding path.
    var summary: String {
        let at = codingPathDescription.isEmpty ? "at the top level" : "at '\(codingPathDescription)'"
        switch self {
        case .keyNotFound(let key, _):
            return "the key '\(key.stringValue)' is missing \(at)."
        case .typeMismatch(let type, let context):
            return "expected \(type) \(at): \(context.debugDescription)"
        case .valueNotFound(let type, _):
            return "expected \(type) \(at) but found null."
        case .dataCorrupted(let context):
            return "the body is not valid JSON \(at): \(context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }

    private var context: Context {
        switch self {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context
        @unknown default:
            return Context(codingPath: [], debugDescription: "")
        }
    }
}

