import Foundation

extension FormEncoding {
    /// How a coding key becomes a field name: `JSONEncoder.KeyEncodingStrategy` for forms, with the same three
    /// choices and the same results.
    ///
    /// The style renames every key at every level of nesting (`shippingAddress[postalCode]` becomes
    /// `shipping_address[postal_code]`), the names of ``MultipartFile`` parts, and the `super` key. As
    /// `JSONEncoder` does, it leaves the keys of a dictionary as they are (`[String: V]`, and any dictionary whose
    /// keys are `CodingKeyRepresentable`): they are data, not names a type chose. Array positions (`[]`, `[0]`)
    /// are not keys and never change. Two keys that come out as one name are both sent, as a form may repeat a
    /// name (`JSONEncoder` keeps one of them).
    ///
    /// ```swift
    /// struct NewListing: Encodable, Sendable {
    ///     var listingTitle: String
    ///     var tagNames: [String]
    /// }
    /// let body = try FormURLEncoder(keys: .convertToSnakeCase).encode(NewListing(listingTitle: "Desk", tagNames: ["oak"]))
    /// // listing_title=Desk&tag_names%5B%5D=oak
    /// ```
    public enum KeyStyle: Sendable {
        /// Each key's own `stringValue`: the names the type's coding keys give.
        case useDefaultKeys

        /// `camelCase` keys written `snake_case`, by the rules of `JSONEncoder`'s `.convertToSnakeCase`.
        ///
        /// Words split where a lower-case letter meets a capital (`oneTwoThree` → `one_two_three`), and a run
        /// of capitals is a word of its own, its last capital starting the next word (`myURLValue` →
        /// `my_url_value`); the words are joined by `_` and lower-cased. Leading and trailing underscores stay
        /// (`_oneTwo_` → `_one_two_`), and digits belong to the word before them (`sha256Hash` → `sha256_hash`).
        /// As in Foundation, the first character always opens the first word, so a key that starts with an
        /// acronym splits after its first letter (`URLValue` → `u_rl_value`, `ID` → `i_d`), and a plural
        /// acronym splits before its last capital (`photoURLs` → `photo_ur_ls`): give such a property an
        /// explicit coding key (`case photoURLs = "photo_urls"`), which this style leaves as it is. Capitals
        /// are Unicode's general categories Lu and Lt, lower case Ll.
        case convertToSnakeCase

        /// The key the function returns, whose `stringValue` is the name.
        ///
        /// As with `JSONEncoder`'s `.custom`, the function gets the whole coding path, ending with the key
        /// being written, so it can tell `billing.city` from `shipping.city`; array elements are in the path
        /// as keys with an `intValue`.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }
}

extension FormEncoding.KeyStyle {
    /// The field name of `key`, written in a container at `codingPath`.
    func name(for key: any CodingKey, in codingPath: [any CodingKey]) -> String {
        switch self {
        case .useDefaultKeys: key.stringValue
        case .convertToSnakeCase: Self.snakeCase(key.stringValue)
        case .custom(let convert): convert(codingPath + [key]).stringValue
        }
    }

    /// Whether the style can change a name.
    var renamesKeys: Bool {
        if case .useDefaultKeys = self { false } else { true }
    }

    /// `key` in snake case, with Foundation's word boundaries (see ``convertToSnakeCase``).
    ///
    /// NOTE: the same algorithm as Foundation's, step for step, so the names match `JSONEncoder`'s even where
    /// they surprise (`URLValue` → `u_rl_value`): a server that reads JSON and forms with one key mapping
    /// sees one set of names. Letters are found scalar by scalar, as Foundation's character sets do.
    static func snakeCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        let scalars = key.unicodeScalars
        var words: [Substring] = []
        var wordStart = key.startIndex
        var searchStart = key.index(after: wordStart)
        while let capital = scalars[searchStart...].firstIndex(where: Self.isCapital) {
            words.append(key[wordStart..<capital])
            guard let lower = scalars[capital...].firstIndex(where: Self.isLower) else {
                // Capitals (and maybe digits or underscores) to the end: one last word.
                wordStart = capital
                break
            }
            if lower == key.index(after: capital) {
                // One capital, then lower case: the capital opens a word.
                wordStart = capital
            } else {
                // A run of capitals is a word, but its last capital opens the next one: `URLValue`.
                let lastCapital = key.index(before: lower)
                words.append(key[capital..<lastCapital])
                wordStart = lastCapital
            }
            searchStart = scalars.index(after: lower)
        }
        words.append(key[wordStart...])
        return words.map { $0.lowercased() }.joined(separator: "_")
    }

    private static func isCapital(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: true
        default: false
        }
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
