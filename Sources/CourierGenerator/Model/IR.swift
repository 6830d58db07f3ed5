/// The generator's intermediate representation: what the mappers produce from an OpenAPI document and the emitters
/// turn into Swift text. Everything here is already sanitised (Swift names are valid, unique in their scope) so
/// the emitters only format.
///
/// Order matters everywhere: arrays keep document order (or a sorted order chosen by the mapper) so the output is
/// byte-for-byte deterministic.

/// A reference to a Swift type in generated code.
indirect enum TypeRef: Hashable, Sendable {
    /// A generated top-level type (its Swift name).
    case named(String)
    case primitive(Primitive)
    case array(TypeRef)
    /// `[String: T]`.
    case dictionary(TypeRef)
    case optional(TypeRef)
}

/// The built-in value kinds generated code uses. The emitter spells each one fully qualified.
enum Primitive: String, Hashable, Sendable {
    case string, int, double, bool
    /// `format: date-time` → `Foundation.Date` (coded by the module's `APICoders`).
    case date
    case uuid
    /// `format: byte` → `Foundation.Data`, base64 in JSON.
    case base64
    /// `format: binary` outside multipart → `Foundation.Data`.
    case data
    /// `format: binary` inside a multipart body → `Courier.MultipartFile`.
    case file
    /// Free-form (`{}`, `true`, fragments, `not`) → `Courier.JSONValue`.
    case json
}

/// One generated top-level type.
enum TypeDecl: Hashable, Sendable {
    case object(ObjectDecl)
    case enumeration(EnumDecl)
    case union(UnionDecl)
    case alias(AliasDecl)

    var name: String {
        switch self {
        case .object(let d): d.name
        case .enumeration(let d): d.name
        case .union(let d): d.name
        case .alias(let d): d.name
        }
    }
}

struct AliasDecl: Hashable, Sendable {
    var name: String
    var doc: String?
    var target: TypeRef
}

struct ObjectDecl: Hashable, Sendable {
    var name: String
    var doc: String?
    var properties: [PropertyDecl]
    /// Extra keys beside the declared properties (`additionalProperties` with properties); `nil` when none.
    var additionalProperties: TypeRef?
    var deprecated: Bool = false
    /// Holds a `Courier.MultipartFile` (directly or deeper): only `Encodable` (a file part cannot be decoded or
    /// hashed), so it is a request body only.
    var isEncodeOnly: Bool = false
}

struct PropertyDecl: Hashable, Sendable {
    var swiftName: String
    var wireName: String
    /// The type without the optionality that `required`/`nullable` add (the emitter adds `?`).
    var type: TypeRef
    var required: Bool
    var nullable: Bool
    /// Stored through `Courier.Indirect` to break a by-value cycle.
    var boxed: Bool = false
    var doc: String?
    var deprecated: Bool = false

    /// `X?` in Swift unless required and not nullable (or tri-state).
    var isOptional: Bool { !required || nullable }
    /// Optional and nullable: `Courier.Nullable<X>`, whose `.absent` omits the key and `.null` sends `null`
    /// (`X?` could not tell the two apart). A required nullable property stays `X?`, always sent.
    var isTriState: Bool { !required && nullable }
}

struct EnumDecl: Hashable, Sendable {
    enum Raw: Hashable, Sendable { case string, int }
    struct Case: Hashable, Sendable {
        var swiftName: String
        /// The wire value as written in Swift source (`"active"` or `3`) — the emitter quotes strings itself.
        var wire: String
    }
    var name: String
    var doc: String?
    var raw: Raw
    var cases: [Case]
}

struct UnionDecl: Hashable, Sendable {
    struct Case: Hashable, Sendable {
        var swiftName: String
        var type: TypeRef
        /// Discriminator values that select this case (empty without a discriminator).
        var tags: [String]
    }
    var name: String
    var doc: String?
    var cases: [Case]
    /// The discriminator property's wire name.
    var discriminator: String?
    /// In a by-value cycle: emitted as `indirect enum`.
    var isIndirect: Bool = false
    /// Holds a `Courier.MultipartFile`: only `Encodable` (see ``ObjectDecl/isEncodeOnly``).
    var isEncodeOnly: Bool = false
}

// MARK: - Operations

enum ParameterLocation: String, Hashable, Sendable { case path, query, header, cookie }

/// Serialisation style of a parameter, as OpenAPI names them.
enum ParameterStyleIR: String, Hashable, Sendable {
    case form, spaceDelimited, pipeDelimited, deepObject, simple, label, matrix
}

struct ParamDecl: Hashable, Sendable {
    var swiftName: String
    var wireName: String
    var location: ParameterLocation
    var type: TypeRef
    var required: Bool
    var style: ParameterStyleIR
    var explode: Bool
    var doc: String?
    var deprecated: Bool = false
    /// A `content`-based parameter: the value is sent as JSON text (OpenAPI's `content` instead of `schema`).
    var contentJSON: Bool = false
    /// The documented example (or schema example/default/first enum value): the argument of generated tests.
    var example: ExampleValue? = nil
}

/// How a request body goes on the wire; each encoding gets its own function (same model type).
enum BodyEncoding: Hashable, Sendable {
    case json
    /// `application/x-www-form-urlencoded`; `deepObject` when the `encoding` map asks for brackets (Stripe).
    case form(deepObject: Bool)
    case multipart
    /// Raw bytes with this content type (`application/octet-stream`, `image/png`, `*/*`…).
    case data(contentType: String)
    case text(contentType: String)
}

struct BodyDecl: Hashable, Sendable {
    var encoding: BodyEncoding
    /// The media type as the document wrote it.
    var mediaType: String
    var type: TypeRef
    var required: Bool
    /// Suffix for the function name: "" for the first (preferred) media type, else `Form`, `Multipart`, `Data`, `Text`.
    var functionSuffix: String
}

/// How a response body is read.
enum ResponseBodyKind: Hashable, Sendable {
    case none
    case json(TypeRef)
    case text
    case data
    /// JSON Lines / NDJSON or json-seq: a `Courier.JSONStream` of the item type; `accept` is the media type.
    case jsonStream(TypeRef, accept: String)
}

struct ResponseCaseDecl: Hashable, Sendable {
    /// `200`, or a range (`4XX` → 400..<500), or `default` (nil).
    enum Status: Hashable, Sendable { case code(Int), range(Int), `default` }
    var status: Status
    var swiftName: String
    var body: ResponseBodyKind
    var doc: String?
}

/// The success value of an operation.
enum SuccessShape: Hashable, Sendable {
    /// One value type (or `Void` when `.none`) for every documented success status.
    case single(ResponseBodyKind, statuses: [ResponseCaseDecl.Status])
    /// Different bodies per success status: an emitted `enum <Op>Response`.
    case enumeration(name: String, cases: [ResponseCaseDecl])
}

struct OperationDecl: Hashable, Sendable {
    /// The runtime operation ID: `operationId`, or `"GET /pets/{id}"`.
    var operationID: String
    var swiftName: String
    /// The group (first tag, sanitised lowerCamel) and its struct name (`PetsOperations`).
    var group: String
    var groupType: String
    var method: String
    var pathTemplate: String
    var parameters: [ParamDecl]
    var bodies: [BodyDecl]
    var success: SuccessShape
    /// Documented non-success responses; `errorTypeName` is `<Op>Error`.
    var errors: [ResponseCaseDecl]
    var errorTypeName: String
    /// Security requirement alternatives (scheme names); empty = inherits the document's; `[[]]` = none.
    var security: [[String]]
    var summary: String?
    var doc: String?
    var deprecated: Bool
    var examples: [ExampleDecl]
    /// The type of each event's data when a success response is a `text/event-stream`: its `itemSchema`
    /// (OpenAPI 3.2), else its `schema` (as OpenAI documents theirs). It adds an `…Events` factory.
    var eventItem: TypeRef? = nil
    /// The default `Accept` value, from the media types the responses document (see `AcceptValue`); a caller's
    /// `Accept` (a spec-declared header parameter) replaces it.
    var accept: String = "application/json"
    /// The media types the success responses document (bare, lower-cased, each once): a tolerated undocumented
    /// `2xx` must carry one of them when the success body is not JSON.
    var successMediaTypes: [String] = []
}

/// A documented example response for stubbing.
struct ExampleDecl: Hashable, Sendable {
    var status: Int
    var contentType: String
    /// Canonical JSON text (sorted keys) or the raw text for non-JSON media.
    var body: String
}

struct ServerDecl: Hashable, Sendable {
    /// A `{name}` in the server URL: a parameter of the generated `static func`.
    struct Variable: Hashable, Sendable {
        var swiftName: String
        var wireName: String
        var defaultValue: String
        var doc: String?
    }
    /// The URL split the way `Courier.Server` takes it; host and base path may contain `{variable}`s.
    struct Parts: Hashable, Sendable {
        var scheme: String
        var host: String
        var port: Int?
        var basePath: String
    }
    var swiftName: String
    var url: String
    var doc: String?
    var variables: [Variable] = []
    /// `nil` for a relative URL (`/api/v3`): emitted as `API.basePath`, not a server.
    var parts: Parts? = nil
}

struct SecuritySchemeDecl: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case basic, bearer
        case apiKeyHeader(String), apiKeyQuery(String), apiKeyCookie(String)
        /// A bearer token from the flows the document declares (URLs as written: they may be relative).
        case oauth2(OAuthFlowsDecl)
        /// A bearer token from a provider found at the document's OpenID Connect discovery URL.
        case openIdConnect(url: String)
    }
    /// The document's scheme name.
    var name: String
    var swiftName: String
    var kind: Kind
    var doc: String?
}

/// The OAuth 2.0 flows of an `oauth2` scheme that the generator wires (implicit and password are left out: OAuth 2.0
/// Security BCP, RFC 9700 §2.1.2 and §2.4).
struct OAuthFlowsDecl: Hashable, Sendable {
    struct Scope: Hashable, Sendable {
        var name: String
        var description: String
    }

    struct Flow: Hashable, Sendable {
        /// The authorization URL (authorization code) or device authorization URL (device flow).
        var startURL: String?
        var tokenURL: String
        /// The scopes, in the document's order.
        var scopes: [Scope]
    }

    var clientCredentials: Flow?
    var authorizationCode: Flow?
    var deviceAuthorization: Flow?

    var isEmpty: Bool { clientCredentials == nil && authorizationCode == nil && deviceAuthorization == nil }
}

/// Everything the emitters need.
struct APIModel: Sendable {
    var moduleName: String
    var title: String
    var doc: String?
    var types: [TypeDecl]
    var operations: [OperationDecl]
    var servers: [ServerDecl]
    var securitySchemes: [SecuritySchemeDecl]
    /// The document-level security requirement (scheme names per alternative).
    var security: [[String]]
}
