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

    /// The values, shared by every copy.
    ///
    /// NOTE: one reference rather than a dozen stored properties: a hit copies the stored response, and
    /// each copy of a shared string or buffer is an atomic write to memory that every core serving hits
    /// fights over (measured: half of a hit's CPU at 64 concurrent requests on two cores).
    private var storage: Storage

    /// The URL of the request, absolute.
    public var url: String {
        get { storage.values.url }
        set { update { $0.url = newValue } }
    }
    /// The status code.
    public var status: Int {
        get { storage.values.status }
        set { update { $0.status = newValue } }
    }
    /// The reason phrase.
    public var reasonPhrase: String {
        get { storage.values.reasonPhrase }
        set { update { $0.reasonPhrase = newValue } }
    }
    /// The header fields, in order.
    public var headerFields: [Field] {
        get { storage.values.headerFields }
        set { update { $0.headerFields = newValue } }
    }
    /// The whole body, as the transport delivered it (already decoded if the transport decodes).
    public var body: Data {
        get { storage.values.body }
        set { update { $0.body = newValue } }
    }
    /// When the request that produced it was sent (RFC 9111 §4.2.3 `request_time`).
    public var requestTime: Date {
        get { storage.values.requestTime }
        set { update { $0.requestTime = newValue } }
    }
    /// When its head arrived (`response_time`).
    public var responseTime: Date {
        get { storage.values.responseTime }
        set { update { $0.responseTime = newValue } }
    }
    /// The values the request had for the header fields the response's `Vary` names, by lowercased name;
    /// a field the request did not have is absent.
    public var varyingRequestFields: [String: String] {
        get { storage.values.varyingRequestFields }
        set { update { $0.varyingRequestFields = newValue } }
    }
    /// Its age when it arrived, in seconds: RFC 9111 §4.2.3 `corrected_initial_age`, from `Date`, `Age`
    /// and the time the exchange took.
    public var initialAge: Double {
        get { storage.values.initialAge }
        set { update { $0.initialAge = newValue } }
    }
    /// How long it stays fresh, in seconds, from `max-age`, `Expires` or (if configured) heuristics; 0
    /// when it must be revalidated before each use.
    public var freshnessLifetime: Double {
        get { storage.values.freshnessLifetime }
        set { update { $0.freshnessLifetime = newValue } }
    }
    /// A digest of the credentials (`Authorization`, `Proxy-Authorization`, `Cookie`) the request
    /// carried, `nil` if none: a variant is served only to a request with the same credentials.
    public var credentialIdentity: String? {
        get { storage.values.credentialIdentity }
        set { update { $0.credentialIdentity = newValue } }
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
        storage = Storage(Values(
            url: url, status: status, reasonPhrase: reasonPhrase, headerFields: headerFields, body: body,
            requestTime: requestTime, responseTime: responseTime, varyingRequestFields: varyingRequestFields,
            initialAge: initialAge, freshnessLifetime: freshnessLifetime, credentialIdentity: credentialIdentity
        ))
    }

    /// Decodes a value that ``encode(to:)`` wrote.
    public init(from decoder: any Decoder) throws {
        storage = Storage(try Values(from: decoder))
    }

    /// Encodes the values, each under its property's name.
    public func encode(to encoder: any Encoder) throws {
        try storage.values.encode(to: encoder)
    }

    /// Whether both hold the same values.
    public static func == (lhs: CachedResponse, rhs: CachedResponse) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.values == rhs.storage.values
    }

    /// Roughly how many bytes the value occupies: what a store's byte budget counts.
    public var cost: Int {
        body.count + url.utf8.count + headerFields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
            + varyingRequestFields.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count } + 128
    }

    /// Whether it holds part of a representation: a `206` the cache keeps to serve ranges from and to
    /// complete (RFC 9111 §3.3), never served for a request without `Range`.
    public var isPartial: Bool { status == 206 }

    /// Its age at `now`, in seconds (RFC 9111 §4.2.3 `current_age`).
    public func age(at now: Date) -> Double {
        initialAge + max(0, now.timeIntervalSince(responseTime))
    }

    /// The header fields as `HTTPFields`; fields whose names are no longer valid are dropped.
    var fields: HTTPFields { storage.derived.fields }

    /// Its `Cache-Control` directives.
    var control: CacheControl { storage.derived.control }

    /// The field names its `Vary` lists, lowercased (`["*"]` for `Vary: *`).
    var varyingNames: [String] { storage.derived.varyingNames }

    /// The head and body a hit serves at `age` seconds: the head made by `makeHead` from the stored fields
    /// once per age on each thread, the body copied once per thread (see `ServedCopies`), so the hits of
    /// one second neither copy every field nor share memory between cores.
    func served(age: Int, _ makeHead: (HTTPFields) -> HTTPResponse) -> (head: HTTPResponse, body: Data) {
        ServedCopies.served(serial: storage.serial, age: age, body: storage.values.body) { makeHead(storage.derived.fields) }
    }

    /// The same value in storage of its own, known to `ServedCopies` by the same serial: what one thread
    /// keeps, so that counting references to it never writes to memory another core reads.
    func ownCopy() -> CachedResponse {
        var copy = self
        copy.storage = Storage(storage.values, derived: storage.derived, serial: storage.serial)
        return copy
    }

    /// Changes a copy of the values; the fields are worked out again only when they changed.
    private mutating func update(_ change: (inout Values) -> Void) {
        var values = storage.values
        change(&values)
        let derived = values.headerFields == storage.values.headerFields ? storage.derived : nil
        storage = Storage(values, derived: derived)
    }
}

extension CachedResponse {
    /// The stored values, as the public properties read and write them.
    fileprivate struct Values: Sendable, Codable, Equatable {
        var url: String
        var status: Int
        var reasonPhrase: String
        var headerFields: [Field]
        var body: Data
        var requestTime: Date
        var responseTime: Date
        var varyingRequestFields: [String: String]
        var initialAge: Double
        var freshnessLifetime: Double
        var credentialIdentity: String?
    }

    /// What the cache reads from the fields on every hit, worked out once per value rather than per hit.
    fileprivate struct Derived: Sendable {
        let fields: HTTPFields
        let control: CacheControl
        let varyingNames: [String]

        init(_ headerFields: [Field]) {
            var fields = HTTPFields()
            fields.reserveCapacity(headerFields.count)
            for field in headerFields {
                if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
            }
            self.fields = fields
            control = CacheControl(fields)
            varyingNames = CacheKeys.varyingNames(fields)
        }
    }

    /// One value's storage, never changed once made: a setter makes a new one.
    fileprivate final class Storage: Sendable {
        let values: Values
        let derived: Derived
        /// Its own number, by which `ServedCopies` knows it; an `ownCopy()` keeps it.
        let serial: UInt64

        init(_ values: Values, derived: Derived? = nil, serial: UInt64 = ServedCopies.makeSerial()) {
            self.values = values
            self.derived = derived ?? Derived(values.headerFields)
            self.serial = serial
        }
    }
}
