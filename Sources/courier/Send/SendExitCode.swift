import Courier

/// The exit codes of `courier send`, distinct per failure kind so that scripts can branch on them.
enum SendExitCode: Int32, CaseIterable {
    /// A response below 400.
    case success = 0
    /// A failure no other code names (a body that could not be written, among them).
    case failure = 1
    /// No complete response within `--timeout`.
    case timedOut = 2
    /// The connection could not be made or broke (refused, reset, TLS, no network).
    case connection = 3
    /// A 4xx response.
    case clientError = 4
    /// A 5xx response.
    case serverError = 5
    /// Too many redirects, or a redirect from https to http.
    case redirect = 6
    /// Bad arguments, URL, header or body (EX_USAGE).
    case usage = 64

    /// The code for a response's status.
    static func forStatus(_ status: Int) -> SendExitCode {
        switch status {
        case 400..<500: .clientError
        case 500...: .serverError
        default: .success
        }
    }

    /// The code for a failure.
    static func forError(_ error: any Error) -> SendExitCode {
        if let failure = error as? SendFailure {
            if case .usage = failure { return .usage }
            return .failure
        }
        guard let error = error as? NetworkError else { return .failure }
        switch error.kind {
        case .timedOut: return .timedOut
        case .cannotConnect, .notConnected, .connectionClosed, .tlsFailure, .proxyFailed: return .connection
        case .unacceptableStatus(let status): return forStatus(status)
        case .tooManyRedirects, .insecureRedirect: return .redirect
        case .invalidURL, .invalidHeader, .invalidBody, .encodingFailed: return .usage
        default: return .failure
        }
    }
}
