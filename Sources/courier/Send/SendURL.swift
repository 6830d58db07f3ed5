/// The URL argument as users type it, made whole: a scheme added when missing, and HTTPie's localhost
/// shorthand (`:3000/path` → `http://localhost:3000/path`, `:/path` → `http://localhost/path`).
enum SendURL {
    static func normalized(_ text: String) -> String {
        if text.hasPrefix(":") {
            let rest = text.dropFirst()
            let port = rest.prefix { $0.isASCII && $0.isNumber }
            let after = rest.dropFirst(port.count)
            if after.isEmpty || after.hasPrefix("/") || after.hasPrefix("?") {
                return "http://localhost" + (port.isEmpty ? "" : ":\(port)") + after
            }
        }
        return text.contains("://") ? text : "http://" + text
    }
}
