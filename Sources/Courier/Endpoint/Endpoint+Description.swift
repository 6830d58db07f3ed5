extension Endpoint: CustomStringConvertible, CustomReflectable {
    /// The method, path and header names, with the values of credential headers redacted: an endpoint
    /// that carries an `Authorization` header can be printed safely.
    public var description: String {
        let request = RequestPreview(method: method.rawValue, path: path.encoded, headers: headers, redactor: options.redactor)
        return "Endpoint<\(Value.self)> " + request.text
    }

    /// Shows the redacted description to `dump` and debuggers instead of the raw header values.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

extension Server: CustomStringConvertible, CustomReflectable {
    /// The base URL and the default headers, with the values of credential headers redacted.
    public var description: String {
        let base = "\(scheme)://\(authority)\(pathPrefix)"
        return "Server " + RequestPreview(method: nil, path: base, headers: headers, redactor: .default).text
    }

    /// Shows the redacted description to `dump` and debuggers instead of the raw header values.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

/// A one-line rendering of a method, a path and headers given as strings, redacted.
private struct RequestPreview {
    let method: String?
    let path: String
    let headers: [String: String]
    let redactor: Redactor

    var text: String {
        let fields = headers.keys.sorted().map { name -> String in
            let hidden = redactor.headers.contains { $0.rawName.lowercased() == name.lowercased() }
            return "\(name): \(hidden ? Redactor.placeholder : headers[name]!)"
        }
        let line = [method, redactor.redact(urlString: path)].compactMap { $0 }.joined(separator: " ")
        return fields.isEmpty ? line : line + " [" + fields.joined(separator: ", ") + "]"
    }
}
