import Foundation

/// Encodes any `Encodable` value as a `multipart/form-data` body: each field becomes a part, and each
/// ``MultipartFile`` in the value becomes a file part streamed from memory or disk.
///
/// Fields are named as ``FormURLEncoder`` names them (`address[city]`, `tags[]`), which is what Vapor's
/// and Hummingbird's form decoders read. As there, `nil` sends no part and an explicit `null`
/// (``Nullable/null``) sends the field's part with an empty body. The coding keys are renamed by ``keys``,
/// file parts' names too: with ``FormEncoding/KeyStyle/convertToSnakeCase`` a `coverImage` file is the part
/// `cover_image`.
///
/// ```swift
/// struct NewPost: Encodable, Sendable {
///     var title: String
///     var tags: [String]
///     var cover: MultipartFile
/// }
/// let createPost = Endpoint<Void>(method: .post, path: "/posts", body: .multipart(post))
/// // or, for a server that reads snake_case names:
/// // body: .multipart(post, encoder: MultipartFormEncoder(keys: .convertToSnakeCase))
/// try await client.send(createPost)
/// ```
public struct MultipartFormEncoder: Sendable {
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

    /// An encoder with the given styles.
    public init(
        keys: FormEncoding.KeyStyle = .useDefaultKeys,
        arrays: FormEncoding.ArrayStyle = .brackets,
        nesting: FormEncoding.NestingStyle = .brackets,
        dates: FormEncoding.DateStyle = .iso8601,
        bools: FormEncoding.BoolStyle = .literal
    ) {
        self.keys = keys
        self.arrays = arrays
        self.nesting = nesting
        self.dates = dates
        self.bools = bools
    }

    /// `value` as a form with a random boundary.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/encodingFailed`` when `value` is not a keyed
    ///   value or holds a non-finite number.
    public func encode(_ value: some Encodable) throws -> Multipart {
        var form = Multipart()
        try encode(value, into: &form)
        return form
    }

    /// Appends the fields of `value` to `form` (to choose its boundary, or add parts around them).
    ///
    /// - Throws: as ``encode(_:)``.
    public func encode(_ value: some Encodable, into form: inout Multipart) throws {
        let tree: FormNode
        do {
            tree = try FormTreeEncoder(dates: dates, bools: bools, keys: keys).tree(of: value)
        } catch {
            throw NetworkError(.encodingFailed, message: "the multipart form could not be encoded.", underlying: error)
        }
        for field in tree.fields(style: arrays, nesting: nesting) {
            switch field.value {
            case .text(let text): form.append(text, name: field.name)
            case .file(let file): form.append(file, name: field.name)
            }
        }
    }
}
