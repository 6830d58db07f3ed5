import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes

extension NetworkError: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable, LocalizedError {
    /// Shows the kind and the redacted diagnosis to `dump` and debuggers, never the raw underlying
    /// error (whose user info can hold whole URLs with tokens).
    public var customMirror: Mirror {
        Mirror(self, children: ["kind": kind, "attempt": attempt, "description": description], displayStyle: .struct)
    }

    /// How many bytes of a response body an error description shows.
    static let bodyPreviewLimit = 1024

    /// A diagnosis: the kind and what happened, the request and response heads (redacted), the first
    /// kilobyte of the body, the underlying error, the attempt and a hint at what to check.
    public var description: String {
        let redactor = (request ?? response?.request)?.options.redactor ?? .default
        var lines = ["NetworkError.\(kind): \(redactor.scrub(summary))"]
        if let request {
            lines.append(contentsOf: labelled("request:", request.description.split(separator: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            }))
        }
        if let response {
            var head = [StatusText.line(response.status)]
            head += response.head.headerFields.map { "\($0.name): \(redactor.value(of: $0))" }
            lines.append(contentsOf: labelled("response:", head))
            if let preview = bodyPreview {
                lines.append(contentsOf: labelled("body:", [redactor.scrub(preview)]))
            }
        }
        if let underlying {
            lines.append(contentsOf: labelled("cause:", [redactor.scrub(Self.describe(underlying))]))
        }
        let retries = attempt - 1
        lines.append(contentsOf: labelled("attempt:", [retries > 0 ? "\(attempt) (after \(retries) \(retries == 1 ? "retry" : "retries"))" : "\(attempt)"]))
        if let number = request?.options.number {
            lines.append(contentsOf: labelled("number:", ["#\(number) (Client.numbered())"]))
        }
        if let hint {
            lines.append(contentsOf: labelled("hint:", [hint]))
        }
        return lines.joined(separator: "\n")
    }

    /// The same text as ``description``.
    public var debugDescription: String { description }

    /// The first line of the diagnosis, for UI that shows `localizedDescription`.
    public var errorDescription: String? {
        "\(kind): \(((request ?? response?.request)?.options.redactor ?? .default).scrub(summary))"
    }

    /// An underlying error in one line, without the user-info dictionaries (which hold whole URLs).
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as URLError:
            return "URLError \(error.code.rawValue): \(error.localizedDescription)"
        case let error as DecodingError:
            return "DecodingError at '\(error.codingPathDescription)'"
        default:
            return "\(type(of: error)): \(error)"
        }
    }

    /// The first `bodyPreviewLimit` bytes of a buffered response body, as text when it is UTF-8.
    public var bodyPreview: String? {
        guard let data = response?.body.bufferedData, !data.isEmpty else { return nil }
        let prefix = data.prefix(Self.bodyPreviewLimit)
        let more = data.count > prefix.count ? "… " : " "
        guard let text = String(data: prefix, encoding: .utf8) ?? String(data: prefix.dropLast(3), encoding: .utf8) else {
            return "<\(data.count) bytes of binary data>"
        }
        // Control characters (terminal escapes among them) are shown as escapes, never emitted raw.
        let printable = text.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t"
                ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return printable + more + "(\(data.count) bytes)"
    }

    /// The same error with `note` added after what its message says, for a layer that decided something
    /// about it (a retry that was not made, and why).
    func noting(_ note: String) -> NetworkError {
        var noted = self
        noted.message = summary + " " + note
        return noted
    }

    private var summary: String {
        if let message { return message }
        switch kind {
        case .unacceptableStatus:
            guard let response else { return "the server answered with an unacceptable status." }
            return "the server answered \(StatusText.line(response.status))."
        case .invalidURL: return "the URL is not valid."
        case .invalidHeader(let name): return "the header '\(name)' is not valid."
        case .encodingFailed: return "the request body could not be encoded."
        case .invalidBody: return "the request body cannot be sent."
        case .shutdown: return "the transport was shut down."
        case .notConnected: return "there is no network connection."
        case .cannotConnect: return "could not connect to the server."
        case .connectionClosed: return "the connection closed before the response was complete."
        case .tlsFailure: return "the secure connection failed."
        case .timedOut: return "the request timed out."
        case .cancelled: return "the request was cancelled."
        case .decodingFailed: return "the response body could not be decoded."
        case .emptyBody: return "the response body is empty."
        case .bodyTooLarge: return "the body is larger than its limit."
        case .invalidResponse: return "the server's reply is not valid HTTP."
        case .transportFailed: return "the transport failed."
        case .circuitOpen: return "the circuit for this host is open; the request was not sent."
        case .rateLimited: return "the rate limit was reached; the request was not sent."
        case .authenticationFailed: return "the credential could not be obtained or refreshed."
        case .tooManyRedirects: return "the redirects did not end."
        case .insecureRedirect: return "a redirect from https to http was refused."
        case .notCached: return "the response is not in the cache, and the request may not use the network."
        case .unsupported: return "the transport cannot do what the request asks."
        }
    }

    /// What a person should check next.
    private var hint: String? {
        switch kind {
        case .invalidURL where request?.isRelative == true:
            return "the request is relative; add .targeting(server) to the client."
        case .invalidURL, .invalidHeader, .encodingFailed, .invalidBody:
            return "fix the value that built the request."
        case .shutdown:
            return "a transport cannot be used after shutdown(); create a new one."
        case .notConnected:
            return "check the network connection."
        case .cannotConnect:
            return "is the server running, and are the host and port right?"
        case .connectionClosed:
            return "the server or a proxy dropped the connection; a non-idempotent request may have been processed."
        case .tlsFailure:
            return "check the server's certificate and the trust settings of the transport."
        case .timedOut:
            let limit = request?.options.timeout.map { " (\($0.readable))" } ?? ""
            if response != nil {
                return "the response began but its body did not finish in time\(limit); raise RequestOptions.timeout if the body is large, or check the server."
            }
            return "the server did not answer in time\(limit); raise RequestOptions.timeout or check the server."
        case .cancelled:
            return nil
        case .unacceptableStatus(let code) where operationStatus != nil:
            return operationStatusHint(operationStatus!, code: code)
        case .decodingFailed where operationStatus == .schemaMismatch:
            return operationStatusHint(.schemaMismatch, code: response?.status.code)
        case .unacceptableStatus(let code) where (400..<500).contains(code):
            return "a client error: check the path, the parameters, the body and the credentials."
        case .unacceptableStatus(let code) where code >= 500:
            return "a server error: the server failed; the body above may say why."
        case .unacceptableStatus(let code) where Self.followableRedirects.contains(code):
            guard request?.options.redirects.isEmpty != false else {
                return "a redirect the client declined to follow (its Location, method or body could not be followed safely); the response's Location says where it points."
            }
            return "a redirect that no layer followed: add .followingRedirects() to the client (Client.standard has it), or accept 3xx in the endpoint's AcceptableStatus."
        case .unacceptableStatus:
            return "the endpoint does not accept this status; widen its AcceptableStatus if it is expected."
        case .decodingFailed, .emptyBody:
            return "the body does not match the type the endpoint decodes; compare it with the model."
        case .bodyTooLarge:
            return "raise RequestOptions.maxResponseBodySize if the size is expected."
        case .circuitOpen:
            return "the host failed repeatedly; the breaker lets a probe through after its cool-down."
        case .rateLimited:
            return "slow down, or let the rate limiter wait instead of failing."
        case .authenticationFailed:
            return "the cause below says why the token provider failed; the user may need to sign in again."
        case .tooManyRedirects:
            return "the server redirects in a loop or too often; check the URL and the server's configuration."
        case .insecureRedirect:
            return "the server sent an https request to plain http; allow it explicitly only if that is intended."
        case .notCached:
            return "the request's cachePolicy is .onlyFromCache: load it once with the network first, or use .returnCacheElseLoad."
        case .unsupported:
            return "use a transport that supports it; the message above says which."
        case .invalidResponse, .transportFailed:
            return nil
        }
    }

    private func labelled(_ label: String, _ lines: [String]) -> [String] {
        let padded = label.padding(toLength: 10, withPad: " ", startingAt: 0)
        let indent = String(repeating: " ", count: 12)
        return lines.enumerated().map { index, line in
            (index == 0 ? "  " + padded : indent) + line
        }
    }
}
