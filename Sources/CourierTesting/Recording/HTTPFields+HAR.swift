import Courier
import Foundation
import HTTPTypes

extension HTTPFields {
    /// The fields as HAR name–value pairs, in order, with the values `redactor` hides replaced and the
    /// others scrubbed (a `Location` or `Link` URL may carry `?token=…`).
    func harHeaders(redactor: Redactor) -> [HAR.NameValue] {
        map { HAR.NameValue(name: $0.name.rawName, value: redactor.scrub(redactor.value(of: $0))) }
    }

    /// The cookies of every `Cookie` field (`a=1; b=2`), values redacted when the field is a secret.
    func harRequestCookies(redactor: Redactor) -> [HAR.Cookie] {
        let hidden = redactor.headers.contains(.cookie)
        return self[values: .cookie].flatMap { value in
            value.split(separator: ";").compactMap { pair in
                Self.cookie(pair, hidden: hidden)
            }
        }
    }

    /// The cookie each `Set-Cookie` field sets, with its attributes; values redacted when the field is
    /// a secret.
    func harResponseCookies(redactor: Redactor) -> [HAR.Cookie] {
        let hidden = redactor.headers.contains(.setCookie)
        return self[values: .setCookie].compactMap { value in
            let parts = value.split(separator: ";")
            guard let first = parts.first, var cookie = Self.cookie(first, hidden: hidden) else { return nil }
            for attribute in parts.dropFirst() {
                let pieces = attribute.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard let key = pieces.first else { continue }
                switch key.lowercased() {
                case "path": cookie.path = pieces.count > 1 ? pieces[1] : nil
                case "domain": cookie.domain = pieces.count > 1 ? pieces[1] : nil
                case "httponly": cookie.httpOnly = true
                case "secure": cookie.secure = true
                default: break
                }
            }
            return cookie
        }
    }

    private static func cookie(_ pair: Substring, hidden: Bool) -> HAR.Cookie? {
        let pieces = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = pieces.first, !name.isEmpty else { return nil }
        return HAR.Cookie(name: name, value: hidden ? Redactor.placeholder : (pieces.count > 1 ? pieces[1] : ""))
    }
}
