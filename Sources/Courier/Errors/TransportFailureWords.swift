/// A transport failure said in words, for the first line of a ``NetworkError``: what failed, where, and
/// why when the underlying error says it in a way Courier knows — never the underlying error's type names,
/// errno values or nested parentheses, which stay in the diagnosis's `cause:` line.
///
/// `package`: both transports (URLSession's in this module, AsyncHTTPClient's in its own) use it.
package enum TransportFailureWords {
    /// One sentence: `could not connect to 127.0.0.1:1: the connection was refused.`
    package static func sentence(_ kind: NetworkError.Kind, authority: String?, underlying: String) -> String {
        let place = authority ?? "the server"
        let reason = self.reason(in: underlying).map { ": " + $0 } ?? ""
        switch kind {
        case .cannotConnect: return "could not connect to \(place)\(reason)."
        case .notConnected: return "could not reach \(place): this machine is not connected to a network\(reason.isEmpty ? "" : " (\(reason.dropFirst(2)))")."
        case .connectionClosed: return "the connection to \(place) closed before the response was complete\(reason)."
        case .tlsFailure: return "the secure connection (TLS) to \(place) failed\(reason)."
        case .timedOut: return "\(place) did not answer in time\(reason)."
        case .invalidResponse: return "\(place) sent a reply that is not valid HTTP\(reason)."
        case .cancelled: return "the request to \(place) was cancelled."
        default: return "the request to \(place) failed\(reason)."
        }
    }

    /// The reason the underlying error's text gives, in words, or `nil` when Courier does not recognise it.
    static func reason(in text: String) -> String? {
        let lowered = text.lowercased()
        let known: [(needles: [String], words: String)] = [
            (["connection refused", "errno: 111", "econnrefused"], "the connection was refused"),
            (["unknownhost", "name or service not known", "nodename nor servname", "could not resolve host", "no address associated",
              "cannotfindhost", "a server with the specified hostname could not be found"], "the host name was not found (DNS)"),
            (["connection reset", "errno: 104", "econnreset"], "the connection was reset"),
            (["network is unreachable", "errno: 101", "no route to host", "errno: 113"], "there is no route to it"),
            (["certificate", "cert_verify", "certificate_verify_failed", "self signed", "self-signed"], "its certificate is not trusted"),
            (["handshake"], "the handshake failed"),
            (["timed out", "timeout"], "the attempt timed out"),
            (["broken pipe", "errno: 32"], "the connection broke while sending"),
        ]
        return known.first { entry in entry.needles.contains { lowered.contains($0) } }?.words
    }
}
