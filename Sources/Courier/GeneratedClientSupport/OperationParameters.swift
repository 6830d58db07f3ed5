import Foundation

/// The query, header and cookie parameters of one API operation, written in their OpenAPI styles: what
/// a generated operation fills before it builds its ``Endpoint``.
///
/// ```swift
/// var parameters = OperationParameters()
/// parameters.query("limit", limit)                                    // limit=20, or nothing when nil
/// parameters.query("tags", ["a b", "c&d"])                            // tags=a%20b&tags=c%26d
/// parameters.query("tags", ["x", "y"], style: .form, explode: false)  // tags=x%2Cy
/// parameters.header("X-Trace-Id", traceID)
/// parameters.cookie("session", session)                               // Cookie: session=…
/// ```
///
/// Values are any `Encodable`: strings, numbers, booleans (`true`/`false`), dates (ISO 8601), enums (by
/// raw value), arrays, dictionaries and structs. `nil`, and empty arrays and objects, send nothing; a
/// ``Nullable/null`` property of an object (a `deepObject` filter) sends its field empty, `filter[assignee]=`.
/// Query names and values, separators included, are percent-encoded as data when the request is built
/// (`tags=x%2Cy`): servers decode the query before splitting it, so what they read is the style's text.
/// A value that cannot be encoded (a non-finite number) fails the request with
/// ``NetworkError/Kind/encodingFailed`` when it is built.
public struct OperationParameters: Sendable {
    /// The query items, in the order they were added, not yet percent-encoded.
    public private(set) var queryItems: [URLQueryItem] = []
    /// The header fields; a later value for the same name replaces an earlier one.
    public private(set) var headers: [String: String] = [:]
    /// The cookies, `name=value` each (the value already encoded), in the order they were added.
    public private(set) var cookies: [String] = []
    /// The first value that could not be encoded, reported when the request is built.
    private(set) var failure: NetworkError?

    /// No parameters.
    public init() {}

    /// The `Cookie` header these cookies make, `a=1; b=2`, or `nil` when there are none.
    public var cookieHeader: String? {
        cookies.isEmpty ? nil : cookies.joined(separator: "; ")
    }

    /// Adds the query parameter `name` with `value` written in `style`; `nil` adds nothing.
    ///
    /// - Parameters:
    ///   - name: the parameter's name.
    ///   - value: its value; `nil` adds nothing.
    ///   - style: ``ParameterStyle/form`` (OpenAPI's default), ``ParameterStyle/spaceDelimited``,
    ///     ``ParameterStyle/pipeDelimited`` or ``ParameterStyle/deepObject``.
    ///   - explode: whether array elements and object fields become parameters of their own (`true`,
    ///     OpenAPI's default for `form`) or one joined value.
    public mutating func query(_ name: String, _ value: (some Encodable)?, style: ParameterStyle = .form, explode: Bool = true) {
        guard let value, let tree = tree(of: value, name: name) else { return }
        for (name, value) in ParameterStyles.query(name, tree, style: style, explode: explode) {
            queryItems.append(URLQueryItem(name: name, value: value))
        }
    }

    /// Sets the header `name` to `value` in the `simple` style (arrays `a,b`; objects `k,v`, or `k=v`
    /// when `explode`); `nil` sets nothing. The value is checked (no CR/LF) when the request is built.
    public mutating func header(_ name: String, _ value: (some Encodable)?, explode: Bool = false) {
        guard let value, let shape = shape(of: value, name: name) else { return }
        if let text = ParameterStyles.header(shape, explode: explode) {
            headers[name] = text
        }
    }

    /// Adds the cookie `name` with `value` in the `form` style; `nil` adds nothing. Bytes a cookie value
    /// cannot hold (spaces, `"`, `,`, `;`, `\`, `%`, non-ASCII) are percent-encoded; the cookies are sent
    /// together in one `Cookie` header, `a=1; b=2`.
    ///
    /// - Parameters:
    ///   - name: the cookie's name.
    ///   - value: its value; `nil` adds nothing.
    ///   - explode: for arrays and objects, whether each element or field becomes a cookie of its own
    ///     (`true`, OpenAPI's default) or one comma-separated value.
    public mutating func cookie(_ name: String, _ value: (some Encodable)?, explode: Bool = true) {
        guard let value, let shape = shape(of: value, name: name) else { return }
        cookies += ParameterStyles.cookie(name, shape, explode: explode).map { "\($0.name)=\($0.value)" }
    }

    private mutating func shape(of value: some Encodable, name: String) -> ParameterValue? {
        tree(of: value, name: name).map { ParameterValue($0) }
    }

    private mutating func tree(of value: some Encodable, name: String) -> FormNode? {
        do {
            return try ParameterValue.tree(of: value)
        } catch {
            failure = failure ?? NetworkError(.encodingFailed, message: "the parameter '\(name)' could not be encoded.", underlying: error)
            return nil
        }
    }
}
