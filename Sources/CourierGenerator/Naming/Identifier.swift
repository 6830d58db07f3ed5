/// Swift-safe names from the document's names (plan §5.4).
///
/// Documents name things with anything: `Body_login`, `good-boy`, `2fa`, `-1`, `I'm a teapot`, `café`, `*`.
/// Every name goes through here before it reaches generated code, so the emitters never have to worry about
/// keywords, leading digits or symbols. Uniqueness within a scope is ``UniqueNames``' job.
enum Identifier {
    /// UpperCamelCase type name, never a keyword or a reserved name (`Swift`, `Foundation`, `Courier`…).
    ///
    /// A name that is already a plain identifier (letters and digits) keeps its inner case:
    /// `HTTPValidationError` stays, `pet` becomes `Pet`.
    static func typeName(_ raw: String) -> String {
        let name = upperCamel(raw, digitJoiner: "")
        return SwiftKeywords.reservedTypeNames.contains(name) || SwiftKeywords.all.contains(name) ? name + "_" : name
    }

    /// lowerCamelCase member name (property, case, function, parameter). Keywords come back in backticks
    /// (`` `default` ``), except the few where backticks are not enough (`self`, `init`, `Type`…), which get `_`.
    static func memberName(_ raw: String) -> String {
        let name = bareMemberName(raw)
        if SwiftKeywords.needsSuffix.contains(name) { return name + "_" }
        if SwiftKeywords.all.contains(name) { return "`\(name)`" }
        return name
    }

    /// The member name without backticks (for names built from it, like the `_next` storage of a boxed property).
    static func bareMemberName(_ raw: String) -> String {
        let words = camelWords(raw, digitJoiner: "_")
        return lowerFirstWord(words.first ?? "") + words.dropFirst().joined()
    }

    /// The module name for a document title (`Swagger Petstore - OpenAPI 3.0` → `SwaggerPetstoreOpenAPI30`).
    static func moduleName(fromTitle title: String) -> String {
        let name = upperCamel(title, digitJoiner: "")
        return name.hasPrefix("_") || SwiftKeywords.reservedTypeNames.contains(name) ? "API" + name : name
    }

    /// `name` without the backticks ``memberName(_:)`` may have added.
    static func unquoted(_ name: String) -> String {
        name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    }

    // MARK: - Words

    /// Joins the words of `raw` in UpperCamelCase and makes the result start like an identifier.
    /// `digitJoiner` goes between two words that meet digit to digit (`1.0` → `1_0` for members).
    private static func upperCamel(_ raw: String, digitJoiner: String) -> String {
        camelWords(raw, digitJoiner: digitJoiner).joined()
    }

    /// The capitalised words of `raw` (a leading `_` joins the first when it starts with a digit; `digitJoiner`
    /// is appended to a word that ends in a digit when the next one starts with one).
    private static func camelWords(_ raw: String, digitJoiner: String) -> [String] {
        var prefix = ""
        var text = raw.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "’", with: "")
        if let first = text.first, first == "-" || first == "+" {
            let rest = text.dropFirst()
            if rest.first.map({ $0.isASCII && ($0.isNumber || $0 == ".") }) ?? false {
                prefix = first == "-" ? "minus" : "plus"
                text = String(rest)
            }
        }
        var parts = words(of: text)
        if parts.isEmpty { parts = symbolWords(of: text) }
        if parts.isEmpty { parts = ["empty"] }
        if !prefix.isEmpty { parts.insert(prefix, at: 0) }
        let plain = raw.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric } && raw.first.map({ $0.isLetter }) == true
        let shouting = !raw.contains { $0.isLowercase }
        var result: [String] = []
        for word in parts {
            var word = word
            if shouting && !plain { word = word.lowercased() }
            word = word.prefix(1).uppercased() + word.dropFirst()
            if let last = result.last?.last, last.isNumber, word.first?.isNumber == true {
                result[result.count - 1] += digitJoiner
            }
            result.append(word)
        }
        if result.first?.first?.isNumber == true { result[0] = "_" + result[0] }
        return result
    }

    /// Splits on every character that is not an ASCII letter or digit and on lower→Upper (`URLPath` → `URL`, `Path`);
    /// a non-ASCII letter becomes `u` + its hex scalar, inside the word.
    private static func words(of text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previous: Unicode.Scalar?
        func flush() {
            if !current.isEmpty { result.append(current) }
            current = ""
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCIIAlphanumeric {
                if let previous, previous.isASCIILower, scalar.isASCIIUpper { flush() }
                current.unicodeScalars.append(scalar)
                previous = scalar
            } else if !scalar.isASCII && scalar.properties.isAlphabetic {
                current += "u" + String(scalar.value, radix: 16, uppercase: true)
                previous = "0"
            } else {
                flush()
                previous = nil
            }
        }
        flush()
        return result
    }

    /// Words for names made only of symbols (`*` → `star`, `<=` → `lt`, `eq`).
    private static func symbolWords(of text: String) -> [String] {
        text.unicodeScalars.compactMap { SwiftKeywords.symbolNames[$0] }
    }

    /// `URLPath` → `urlPath`, `ID` → `id`, `HTTPValidationError` → `httpValidationError`, `_2fa` stays.
    private static func lowerFirstWord(_ name: String) -> String {
        let chars = Array(name)
        var upperRun = 0
        while upperRun < chars.count, chars[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return name }
        if upperRun == chars.count { return name.lowercased() }
        let keep = upperRun > 1 && chars[upperRun].isLowercase ? upperRun - 1 : upperRun
        return String(chars[..<keep]).lowercased() + String(chars[keep...])
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIIUpper: Bool { ("A"..."Z").contains(self) }
    fileprivate var isASCIILower: Bool { ("a"..."z").contains(self) }
    fileprivate var isASCIIAlphanumeric: Bool { isASCIIUpper || isASCIILower || ("0"..."9").contains(self) }
}
