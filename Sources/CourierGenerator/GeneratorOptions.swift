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
    /// Keep only operations with one of these tags / operation IDs / path prefixes (each filter empty = all).
    public var tags: [String] = []
    public var operationIDs: [String] = []
    public var pathPrefixes: [String] = []
    public var courier: CourierDependency = .url("https://github.com/courier-swift/courier", from: "1.0.0")
    /// Types per model file and operations per operations file: small files compile in parallel and in bounded memory.
    public var shardSize: Int = 40
    /// Write the testing module and the example-based tests.
    public var includeTests: Bool = true

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
