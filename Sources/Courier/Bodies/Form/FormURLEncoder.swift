import Foundation

/// Encodes any `Encodable` value as `application/x-www-form-urlencoded` fields, with the same
/// percent-encoding rules as Courier's query strings: everything but RFC 3986 `unreserved` characters is
/// escaped, so `+`, `&`, `=` and non-ASCII text always arrive as data.
///
/// Field names are the coding keys, renamed by ``keys`` (``FormEncoding/KeyStyle/convertToSnakeCase`` writes
/// `postalCode` as `postal_code`, as `JSONEncoder` does). Nested values and arrays are named by ``nesting`` and
/// ``arrays``; `nil` values and empty arrays send nothing, an explicit `null` (``Nullable/null``,
/// `encodeNil(forKey:)`) sends the field empty (`key=`); dates and booleans follow ``dates`` and ``bools``;
/// `Data` is Base64; fields keep the order the value encodes them in, so the same value always gives the same
/// bytes.
///
/// ```swift
/// struct Signup: Encodable, Sendable {
///     var name: String
///     var tags: [String]
///     var address: Address
/// }
/// let body = try FormURLEncoder().encode(signup)
/// // name=Ada%20Lovelace&tags[]=math&tags[]=engines&address[city]=London   (brackets percent-encoded)
/// ```
public struct FormURLEncoder: Sendable {
    /// How coding keys become field names; ``FormEncoding/KeyStyle/useDefaultKeys`` unless set.
    public var keys: FormEncoding.KeyStyle
    /// How array elements are named; ``FormEncoding/ArrayStyle/brackets`` unless set.
    public var arrays: FormEncoding.ArrayStyle
    /// How nested fields are named; ``FormEncoding/NestingStyle/brackets`` unless set.
    public var nesting: FormEncoding.NestingStyle
    /// How dates are written; ``FormEncoding/DateStyle/iso8601`` unless set.
    public var dates: FormEncoding.DateStyle
    /// How booleans are written; ``FormEncoding/BoolStyle/literal`` unless set.
    public var bools: FormEncoding.BoolStyle
    /// Whether a space is written `%20` (as in Courier's query strings) or `+` (as HTML forms do).
    public var spacesAsPlus: Bool

    /// An encoder with the given styles.
    public init(
        keys: FormEncoding.KeyStyle = .useDefaultKeys,
        arrays: FormEncoding.ArrayStyle = .brackets,
        nesting: FormEncoding.NestingStyle = .brackets,
        dates: FormEncoding.DateStyle = .iso8601,
        bools: FormEncoding.BoolStyle = .literal,
        spacesAsPlus: Bool = false
    ) {
        self.keys = keys
        self.arrays = arrays
        self.nesting = nesting
        self.dates = dates
        self.bools = bools
        self.spacesAsPlus = spacesAsPlus
    }

    /// The named fields of `value`, in order, before percent-encoding.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/encodingFailed`` when `value` is not a keyed
    ///   value, holds a non-finite number, or holds a ``MultipartFile`` (files need multipart).
    public func fields(of value: some Encodable) throws -> [(name: String, value: String)] {
        let tree: FormNode
        do {
            tree = try FormTreeEncoder(dates: dates, bools: bools, keys: keys).tree(of: value)
        } catch {
            throw NetworkError(.encodingFailed, message: "the form could not be encoded.", underlying: error)
        }
        return try tree.fields(style: arrays, nesting: nesting).map { field in
            guard case .text(let text) = field.value else {
                throw NetworkError(.encodingFailed, message: "the field '\(field.name)' is a file; files need MultipartFormEncoder.")
            }
            return (field.name, text)
        }
    }

    /// `value` as a form body: `name=value` pairs joined by `&`.
    ///
    /// - Throws: as ``fields(of:)``.
    public func encode(_ value: some Encodable) throws -> String {
        try fields(of: value).map { "\(escape($0.name))=\(escape($0.value))" }.joined(separator: "&")
    }

    private func escape(_ text: String) -> String {
        let escaped = PercentEncoding.encodeComponent(text)
        return spacesAsPlus ? escaped.replacingOccurrences(of: "%20", with: "+") : escaped
    }
}
