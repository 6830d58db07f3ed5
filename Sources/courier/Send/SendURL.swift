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

    /// `url` without the `user:password@` of its authority, and that userinfo percent-decoded (`nil` when
    /// there is none).
    static func withoutCredentials(_ url: String) -> (url: String, credentials: String?) {
        guard let schemeEnd = url.range(of: "://") else { return (url, nil) }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { !"/?#\\".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return (url, nil) }
        let userinfo = String(authority[..<at])
        let credentials = userinfo.removingPercentEncoding ?? userinfo
        return (String(url[..<schemeEnd.upperBound]) + String(rest[rest.index(after: at)...]), credentials)
    }
}
