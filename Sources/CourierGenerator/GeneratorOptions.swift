/// What `courier generate` was asked for.
public struct GeneratorOptions: Hashable, Sendable {
    /// How the generated `Package.swift` finds Courier.
    public enum CourierDependency: Hashable, Sendable {
        /// `.package(path:)`, relative to the output directory.
        case path(String)
        /// `.package(url:from:)`.
        case url(String, from: String)
    }

    /// The library module's name; `nil` → the document's `info.title` in UpperCamelCase.
    public var moduleName: String?
    /// Keep only operations with one of these tags (`--tag`); empty keeps all. Filters combine: an operation must pass
    /// every non-empty one, and schemas no kept operation reaches are left out.
    public var tags: [String] = []
    /// Keep only these operations (`--operation`), by `operationId` or `"GET /path"`; empty keeps all.
    public var operationIDs: [String] = []
    /// Keep only operations under these path prefixes (`--path`), matched by whole segments; empty keeps all.
    public var pathPrefixes: [String] = []
    /// Where the generated `Package.swift` takes Courier from.
    public var courier: CourierDependency = .url("https://github.com/courier-swift/courier", from: "1.0.0")
    /// Types per model file and operations per operations file: small files compile in parallel and in bounded memory.
    public var shardSize: Int = 40
    /// Write the testing module and the example-based tests.
    public var includeTests: Bool = true

    /// Options with every filter off, the Courier dependency at its public URL, 40 per file and the tests included.
    public init(
        moduleName: String? = nil, tags: [String] = [], operationIDs: [String] = [], pathPrefixes: [String] = [],
        courier: CourierDependency = .url("https://github.com/courier-swift/courier", from: "1.0.0"),
        shardSize: Int = 40, includeTests: Bool = true
    ) {
        self.moduleName = moduleName
        self.tags = tags
        self.operationIDs = operationIDs
        self.pathPrefixes = pathPrefixes
        self.courier = courier
        self.shardSize = shardSize
        self.includeTests = includeTests
    }
}
