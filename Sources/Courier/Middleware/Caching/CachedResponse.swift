import Foundation
import HTTPTypes

/// A response as an HTTP cache keeps it: the head, the whole body, when it was requested and received,
/// and what selects it among the variants of one URL.
///
/// Stores (``CacheStore``) keep these values; they are `Codable` so that a store can write them
/// anywhere. `Set-Cookie` and hop-by-hop header fields are never part of one.
public struct CachedResponse: Sendable, Codable, Equatable {
    /// One header field.
    public struct Field: Sendable, Codable, Equatable {
        /// The field name as it arrived.
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The URL of the request, absolute.
    public var url: String
    /// The status code.
    public var status: Int
    /// The reason phrase.
    public var reasonPhrase: String
    /// The header fields, in order.
    public var headerFields: [Field] {
        didSet { derived = Derived(headerFields) }
    }
    /// The whole body, as the transport delivered it (already decoded if the transport decodes).
    public var body: Data
    /// When the request that produced it was sent (RFC 9111 §4.2.3 `request_time`).
    public var requestTime: Date
    /// When its head arrived (`response_time`).
    public var responseTime: Date
    /// The values the request had for the header fields the response's `Vary` names, by lowercased name;
    /// a field the request did not have is absent.
    public var varyingRequestFields: [String: String]
    /// Its age when it arrived, in seconds: RFC 9111 §4.2.3 `corrected_initial_age`, from `Date`, `Age`
    /// and the time the exchange took.
    public var initialAge: Double
    /// How long it stays fresh, in seconds, from `max-age`, `Expires` or (if configured) heuristics; 0
    /// when it must be revalidated before each use.
    public var freshnessLifetime: Double
    /// A digest of the credentials (`Authorization`, `Proxy-Authorization`, `Cookie`) the request
    /// carried, `nil` if none: a variant is served only to a request with the same credentials.
    public var credentialIdentity: String?

    /// What the cache reads from the fields on every hit, worked out once per value rather than per hit.
    private var derived: Derived

    private struct Derived: Sendable, Equatable {
        let fields: HTTPFields
        let control: CacheControl
        let varyingNames: [String]
        let hasAgeOrLength: Bool

        init(_ headerFields: [Field]) {
            var fields = HTTPFields()
            fields.reserveCapacity(headerFields.count)
            for field in headerFields {
                if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
            }
            self.fields = fields
            control = CacheControl(fields)
            varyingNames = CacheKeys.varyingNames(fields)
            hasAgeOrLength = fields[.age] != nil || fields[.contentLength] != nil
        }
    }

    /// Creates a cached response.
    public init(
        url: String,
        status: Int,
        reasonPhrase: String,
        headerFields: [Field],
        body: Data,
        requestTime: Date,
        responseTime: Date,
        varyingRequestFields: [String: String],
        initialAge: Double,
        freshnessLifetime: Double,
        credentialIdentity: String?
    ) {
        self.url = url
        self.status = status
        self.reasonPhrase = reasonPhrase
        self.headerFields = headerFields
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.varyingRequestFields = varyingRequestFields
        self.initialAge = initialAge
        self.freshnessLifetime = freshnessLifetime
        self.credentialIdentity = credentialIdentity
        derived = Derived(headerFields)
    }

    private enum CodingKeys: String, CodingKey {
        case url, status, reasonPhrase, headerFields, body, requestTime, responseTime, varyingRequestFields, initialAge
        case freshnessLifetime, credentialIdentity
    }

    /// Decodes a value that `encode(to:)` wrote.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            url: try container.decode(String.self, forKey: .url),
            status: try container.decode(Int.self, forKey: .status),
            reasonPhrase: try container.decode(String.self, forKey: .reasonPhrase),
            headerFields: try container.decode([Field].self, forKey: .headerFields),
            body: try container.decode(Data.self, forKey: .body),
            requestTime: try container.decode(Date.self, forKey: .requestTime),
            responseTime: try container.decode(Date.self, forKey: .responseTime),
            varyingRequestFields: try container.decode([String: String].self, forKey: .varyingRequestFields),
            initialAge: try container.decode(Double.self, forKey: .initialAge),
            freshnessLifetime: try container.decode(Double.self, forKey: .freshnessLifetime),
            credentialIdentity: try container.decodeIfPresent(String.self, forKey: .credentialIdentity)
        )
    }

    /// Roughly how many bytes the value occupies: what a store's byte budget counts.
    public var cost: Int {
        body.count + url.utf8.count + headerFields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
            + varyingRequestFields.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count } + 128
    }

    /// Its age at `now`, in seconds (RFC 9111 §4.2.3 `current_age`).
    public func age(at now: Date) -> Double {
        initialAge + max(0, now.timeIntervalSince(responseTime))
    }

    /// The header fields as `HTTPFields`; fields whose names are no longer valid are dropped.
    var fields: HTTPFields { derived.fields }

    /// Its `Cache-Control` directives.
    var control: CacheControl { derived.control }

    /// The field names its `Vary` lists, lowercased (`["*"]` for `Vary: *`).
    var varyingNames: [String] { derived.varyingNames }

    /// Whether its fields have an `Age` or a `Content-Length` (a cache sets both when it serves it).
    var hasAgeOrLength: Bool { derived.hasAgeOrLength }
}
