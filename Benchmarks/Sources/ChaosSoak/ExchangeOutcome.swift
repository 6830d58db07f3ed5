import Courier
import MisbehavingServer

/// How one exchange ended, as the caller saw it.
enum ExchangeOutcome: Hashable, Sendable, CustomStringConvertible {
    case success(status: Int, bytes: Int)
    case failure(NetworkError.Kind)
    /// The exchange outlived its deadline by more than a second.
    case hang

    var description: String {
        switch self {
        case .success(let status, _): "status \(status)"
        case .failure(let kind): "\(kind)"
        case .hang: "hang"
        }
    }

    /// Whether this is an acceptable end for `plan` on `transport`: what the fault must produce, or
    /// what the deadline or the caller's cancellation produce when they come first.
    func isExpected(for plan: ExchangePlan, transport: SoakTransport) -> Bool {
        switch self {
        case .hang:
            return false
        case .failure(.timedOut) where plan.timeout < .seconds(10) || plan.cancelAfter != nil:
            return true
        case .failure(.cancelled) where plan.cancelAfter != nil:
            return true
        case .failure(.invalidBody) where plan.bodyKind == .singlePass:
            // A single-pass body cannot be sent a second time; refusing is its promise.
            return true
        default:
            break
        }
        switch plan.behaviour {
        case .ok, .keepAlive, .extraBytes:
            return isSuccess(200)
        case .dropOnReuse:
            return isSuccess(200) || self == .failure(.connectionClosed)
        case .earlyAnswer:
            let status = Int(plan.query.split(separator: "&").first { $0.hasPrefix("status=") }?.dropFirst(7) ?? "") ?? 0
            return isSuccess(status) || self == .failure(.connectionClosed)
        case .endless:
            return self == .failure(.bodyTooLarge)
        case .closeBeforeResponse, .halfClose, .resetMidBody, .shortBody, .truncatedChunked:
            return self == .failure(.connectionClosed)
        case .stallHeaders, .stallBody:
            return self == .failure(.timedOut)
        case .badChunkSize, .badStatusLine, .conflictingContentLength, .contentLengthAndChunked:
            return self == .failure(.invalidResponse)
        case .informationalFlood:
            // AsyncHTTPClient 1.37 does not bound 1xx responses (documented gap); memory stays flat.
            return self == .failure(.invalidResponse) || (transport == .asyncHTTPClient && isSuccess(200))
        case .emptyHeaderValue:
            // URLSession on Linux cannot parse a value of spaces only (documented gap).
            return isSuccess(200) || (transport == .urlSession && self == .failure(.invalidResponse))
        case .stackedGzip, .doubleGzip:
            return isSuccess(200) || self == .failure(.invalidResponse)
        default:
            return false
        }
    }

    private func isSuccess(_ expected: Int) -> Bool {
        if case .success(let status, _) = self { return status == expected }
        return false
    }
}
