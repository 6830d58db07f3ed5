import HTTPTypes

/// One link of an RFC 8288 `Link` header field: a target and its parameters, such as
/// `<https://api.example.com/items?page=3>; rel="next"`.
///
/// ``PaginationStrategy/linkHeader`` follows `rel="next"` with it; read it yourself for the other
/// relations an API sends (`last`, to show progress, say):
///
/// ```swift
/// let (_, response) = try await client.response(Endpoint<[Int]>(path: "/items"))
/// let last = WebLink.links(in: response.head.headerFields).first { $0.hasRelation("last") }
/// print(last?.target ?? "one page only")
/// ```
///
/// Parsing is lenient, as the RFC asks of a reader: a malformed link is skipped, never the whole field.
public struct WebLink: Sendable, Hashable {
    /// The target URI reference, as written between `<` and `>`: possibly relative to the URL of the
    /// response it came with.
    public var target: String
    /// The relation types of the `rel` parameter, lower-cased (relation types compare case-insensitively),
    /// in order; empty when the link has no `rel`.
    public var relations: [String]
    /// The parameters by lower-cased name, values unquoted; a name given twice keeps its first value.
    public var parameters: [String: String]

    /// Creates a link.
    public init(target: String, relations: [String] = [], parameters: [String: String] = [:]) {
        self.target = target
        self.relations = relations
        self.parameters = parameters
    }

    /// Whether `relation` is one of the link's relation types, compared case-insensitively.
    public func hasRelation(_ relation: String) -> Bool {
        relations.contains(relation.lowercased())
    }

    /// Every link in every `Link` field of `fields`, in order.
    public static func links(in fields: HTTPFields) -> [WebLink] {
        fields[values: linkField].flatMap(parse)
    }

    /// Every well-formed link in one `Link` field value, in order.
    public static func parse(_ fieldValue: String) -> [WebLink] {
        var parser = WebLinkParser(fieldValue)
        return parser.parseLinks()
    }

    private static let linkField = HTTPField.Name("Link")!
}
