import Foundation
import HTTPTypes

// An endpoint's query from an `Encodable` value or a dictionary, named and written by a `FormURLEncoder`.
//
// NOTE: each initializer family (the base one, and those of Endpoint+Decoding.swift) gets one initializer for each
// form. Each builds the endpoint with its family's own initializer, then sets the query with `encodeQuery`, the one
// path from a value to query items: `FormURLEncoder.fields(of:)`, whose naming (`FormNode.fields`) is also what
// `OperationParameters.query` names exploded and `deepObject` parameters with. The items are encoded at once, so
// `query` shows them and can still be edited; only a failure waits for `makeRequest`.
//
// NOTE: the `Encodable` initializers are `@_disfavoredOverload`: a dictionary whose values share one type is
// `Encodable` too, and without it a literal such as `["q": "swift"]` would take the generic path (where a top-level
// `Nullable.null` is left out) and `["q": "swift", "page": nil]` could be ambiguous. A dictionary always takes the
// dictionary path; any other value can only take the `Encodable` one.

extension Endpoint {
    /// Creates an endpoint with its own decoding function, its query the fields of `query` as `queryEncoder`
    /// names and writes them.
    ///
    /// `query`: a keyed value (a struct, a dictionary): each field is a query item, named by `queryEncoder`'s
    /// key, array and nesting styles, its value written by its date and boolean styles; `nil` sends nothing,
    /// ``Nullable/null`` the name with an empty value. A value that cannot be encoded (a non-finite number, a
    /// file, a value without keys) makes ``makeRequest(encoder:)`` throw ``NetworkError/Kind/encodingFailed``.
    ///
    /// `queryEncoder`: the form encoder whose rules apply; its `spacesAsPlus` does not: query items are
    /// percent-encoded when the request is built, a space as `%20`.
    @_disfavoredOverload
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: some Encodable,
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions(),
        decode: @escaping @Sendable (EndpointResponse) throws -> Value
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options, decode: decode)
        encodeQuery(query, with: queryEncoder)
    }

    /// Creates an endpoint with its own decoding function, its query the entries of `query`, sorted by name
    /// so that the URL is the same every time.
    ///
    /// `query`: the query's names and values; each value is written as `queryEncoder` writes a field (arrays,
    /// nested values, dates, booleans); `nil` and ``Nullable/absent`` send nothing, ``Nullable/null`` the name
    /// with an empty value. The names are sent as they are: no key style renames them.
    ///
    /// `queryEncoder`: the form encoder whose rules apply.
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [String: (any Encodable)?],
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions(),
        decode: @escaping @Sendable (EndpointResponse) throws -> Value
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options, decode: decode)
        encodeQuery(dictionary: query, with: queryEncoder)
    }
}

extension Endpoint where Value: Decodable & SendableMetatype {
    /// An endpoint whose response body is JSON decoded as `Value`, its query the fields of an `Encodable` value.
    ///
    /// ```swift
    /// struct ArticleSearch: Encodable, Sendable {
    ///     var text: String
    ///     var tags: [String]
    ///     var author: Author?          // nil: not sent
    ///     struct Author: Encodable, Sendable { var name: String }
    /// }
    /// let search = ArticleSearch(text: "swift nio", tags: ["server", "linux"], author: .init(name: "ada"))
    /// let articles = Endpoint<[Article]>(path: "/articles", query: search)
    /// // GET /articles?text=swift%20nio&tags%5B%5D=server&tags%5B%5D=linux&author%5Bname%5D=ada
    /// let flat = Endpoint<[Article]>(path: "/articles", query: search, queryEncoder: FormURLEncoder(arrays: .repeated))
    /// // GET /articles?text=swift%20nio&tags=server&tags=linux&author%5Bname%5D=ada
    /// ```
    ///
    /// `query`: a keyed value (a struct, a dictionary): each field is a query item, named by `queryEncoder`'s
    /// key, array and nesting styles, its value written by its date and boolean styles; `nil` sends nothing,
    /// ``Nullable/null`` the name with an empty value. A value that cannot be encoded (a non-finite number, a
    /// file, a value without keys) makes ``makeRequest(encoder:)`` throw ``NetworkError/Kind/encodingFailed``.
    ///
    /// `queryEncoder`: the form encoder whose rules apply; its `spacesAsPlus` does not: query items are
    /// percent-encoded when the request is built, a space as `%20`.
    @_disfavoredOverload
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: some Encodable,
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options)
        encodeQuery(query, with: queryEncoder)
    }

    /// An endpoint whose response body is JSON decoded as `Value`, its query the entries of a dictionary,
    /// sorted by name so that the URL is the same every time.
    ///
    /// ```swift
    /// let page = Endpoint<[Article]>(path: "/articles", query: ["tag": "swift", "page": 2, "before": cursor])
    /// // GET /articles?page=2&tag=swift   (cursor nil: not sent)
    /// ```
    ///
    /// `query`: the query's names and values; each value is written as `queryEncoder` writes a field (arrays,
    /// nested values, dates, booleans); `nil` and ``Nullable/absent`` send nothing, ``Nullable/null`` the name
    /// with an empty value. The names are sent as they are: no key style renames them.
    ///
    /// `queryEncoder`: the form encoder whose rules apply.
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [String: (any Encodable)?],
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options)
        encodeQuery(dictionary: query, with: queryEncoder)
    }
}

extension Endpoint where Value == Data {
    /// An endpoint that returns the response body's bytes, its query the fields of an `Encodable` value
    /// (see `Endpoint<Value: Decodable>`'s `init(method:path:query:queryEncoder:…)`).
    @_disfavoredOverload
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: some Encodable,
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options)
        encodeQuery(query, with: queryEncoder)
    }

    /// An endpoint that returns the response body's bytes, its query the entries of a dictionary, sorted by name.
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [String: (any Encodable)?],
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options)
        encodeQuery(dictionary: query, with: queryEncoder)
    }
}

extension Endpoint where Value == String {
    /// An endpoint that returns the response body as UTF-8 text, its query the fields of an `Encodable` value
    /// (see `Endpoint<Value: Decodable>`'s `init(method:path:query:queryEncoder:…)`).
    @_disfavoredOverload
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: some Encodable,
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options)
        encodeQuery(query, with: queryEncoder)
    }

    /// An endpoint that returns the response body as UTF-8 text, its query the entries of a dictionary, sorted
    /// by name.
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [String: (any Encodable)?],
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options)
        encodeQuery(dictionary: query, with: queryEncoder)
    }
}

extension Endpoint where Value == Void {
    /// An endpoint whose response body is ignored, its query the fields of an `Encodable` value
    /// (see `Endpoint<Value: Decodable>`'s `init(method:path:query:queryEncoder:…)`).
    @_disfavoredOverload
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: some Encodable,
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options)
        encodeQuery(query, with: queryEncoder)
    }

    /// An endpoint whose response body is ignored, its query the entries of a dictionary, sorted by name.
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [String: (any Encodable)?],
        queryEncoder: FormURLEncoder = FormURLEncoder(),
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(method: method, path: path, headers: headers, body: body, accepting: acceptableStatus, options: options)
        encodeQuery(dictionary: query, with: queryEncoder)
    }
}

extension Endpoint {
    /// Sets ``query`` to the fields of `value` as `encoder` names and writes them, or keeps why it could not for
    /// ``makeRequest(encoder:)`` to throw.
    mutating func encodeQuery(_ value: some Encodable, with encoder: FormURLEncoder) {
        do {
            query = try encoder.fields(of: value).map { URLQueryItem(name: $0.name, value: $0.value) }
        } catch let error as NetworkError where error.underlying == nil {
            // The encoder's own finding (a file where text must be): its message names the field.
            queryFailure = error
        } catch {
            let cause = (error as? NetworkError)?.underlying ?? error
            queryFailure = NetworkError(.encodingFailed, message: "the query could not be encoded.", underlying: cause)
        }
    }

    /// Sets ``query`` to the entries of `dictionary`, sorted by name.
    ///
    /// NOTE: a `[String: V]` is the form encoder's own dictionary, whose keys it sorts and never renames (they are
    /// data), so the entries go through it as one; `nil` and `Nullable.absent` are dropped here.
    mutating func encodeQuery(dictionary: [String: (any Encodable)?], with encoder: FormURLEncoder) {
        let entries = dictionary.compactMapValues { value in value.flatMap { QueryEntry($0) } }
        encodeQuery(entries, with: encoder)
    }
}

/// One value of a query dictionary, encoded as itself, except ``Nullable/null``: the name with an empty value.
///
/// NOTE: a lone `Nullable` encodes `null` as a single value, which the form encoder writes as nothing (it
/// sends `key=` only for a keyed `encodeNil(forKey:)`, what generated models write); an entry of the
/// dictionary is the field itself, so it says `null` the form's way here.
private struct QueryEntry: Encodable {
    let value: any Encodable
    let isNull: Bool

    /// `nil` for ``Nullable/absent``, which sends nothing.
    init?(_ value: any Encodable) {
        let nullable = value as? any NullableState
        if nullable?.isAbsent == true {
            return nil
        }
        self.value = value
        isNull = nullable?.isNull == true
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if isNull {
            try container.encode("")
        } else {
            try container.encode(value)
        }
    }
}
