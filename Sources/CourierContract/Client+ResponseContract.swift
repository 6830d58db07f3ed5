import Courier
import CourierGenerator
import Logging

extension Client {
    /// A client that checks every response against an OpenAPI document and logs each mismatch; in builds without
    /// `DEBUG` (release builds) it is this client, unchanged, so no response is checked in a shipped app (the module
    /// is still linked and the contract still loaded: wrap both in `#if DEBUG` to leave them out).
    ///
    /// Logged, one line per problem at `level`, with its JSON pointer in the `contract.at` metadata: a status the
    /// document does not list for the operation, a content type it does not list, a body where it describes none,
    /// a JSON body that does not match the schema (`/body/items/0/id: expected integer, got "7"`), a request that is
    /// not an operation of the document. Of a response to `HEAD` (matched to the documented `GET` when the document
    /// lists no `HEAD`), a 204 and a 304, only the status is checked: they carry no body. The response itself
    /// reaches the caller unchanged; nothing is thrown.
    ///
    /// ```swift
    /// let contract = try APIContract(contentsOf: URL(fileURLWithPath: "openapi.yaml"))
    /// let client = Client(transport: URLSessionTransport())
    ///     .validatingResponses(against: contract, logger: logger)
    ///     .targeting(.production)
    /// ```
    ///
    /// Put it inside `Client.targeting(_:)` (added before it), so it sees the resolved path; the server URL's
    /// path in the document (`/v1`) is allowed for.
    ///
    /// - Parameters:
    ///   - contract: the document.
    ///   - logger: where mismatches go.
    ///   - level: their level; `.warning` by default.
    ///   - bodyLimit: the most bytes of a streamed body kept to check it; a longer one has its status and content
    ///     type checked. A buffered body is checked whatever its size.
    public func validatingResponses(
        against contract: APIContract, logger: Logger, level: Logger.Level = .warning, bodyLimit: Int = 4 * 1024 * 1024
    ) -> Client {
        #if DEBUG
            with(ResponseContractCheck(contract: contract, logger: logger, level: level, bodyLimit: bodyLimit))
        #else
            self
        #endif
    }
}
