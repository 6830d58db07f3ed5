extension SetCookie {
    /// The `Set-Cookie` fields a transport joined into one value with commas, apart again.
    ///
    /// `HTTPURLResponse` keeps one value per header name, so `URLSessionTransport` hands on the fields of
    /// `Set-Cookie: a=1; Path=/` and `Set-Cookie: b=2` as `a=1; Path=/, b=2`. Commas also occur inside
    /// `Expires` dates (`Wed, 09 Jun 2021 …`), so a comma only separates two fields when what follows it,
    /// up to the next `;` or `,`, starts with a `name=` whose name is a token. A cookie value with a comma
    /// followed by `x=` (which RFC 6265's `cookie-value` forbids) would be split too.
    static func splittingJoined(_ value: String) -> [String] {
        var fields: [String] = []
        var fieldStart = value.startIndex
        var searchFrom = value.startIndex
        while let comma = value[searchFrom...].firstIndex(of: ",") {
            let next = value.index(after: comma)
            let segment = value[next...].prefix { $0 != ";" && $0 != "," }
            if let equals = segment.firstIndex(of: "="), isToken(segment[..<equals].trimmingWhitespace) {
                fields.append(String(value[fieldStart..<comma]))
                fieldStart = next
            }
            searchFrom = next
        }
        fields.append(String(value[fieldStart...]))
        return fields
    }

    /// RFC 9110 §5.6.2: one or more of ALPHA, DIGIT and ``!#$%&'*+-.^_`|~``.
    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingWhitespace: Substring {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }), let last = lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return self[first...last]
    }
}
