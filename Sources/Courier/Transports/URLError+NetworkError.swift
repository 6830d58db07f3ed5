import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLError {
    /// The ``NetworkError/Kind`` for this URLSession failure.
    var networkErrorKind: NetworkError.Kind {
        if let kind = libcurlKind { return kind }
        switch code {
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
            return .notConnected
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed:
            return .cannotConnect
        case .networkConnectionLost:
            return .connectionClosed
        case .timedOut:
            return .timedOut
        case .cancelled, .userCancelledAuthentication:
            return .cancelled
        case .badURL, .unsupportedURL:
            return .invalidURL
        case .dataLengthExceedsMaximum:
            return .bodyTooLarge
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            return .tlsFailure
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
             .zeroByteResource, .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .invalidResponse
        default:
            return .transportFailed
        }
    }

    /// libcurl-based URLSession (Linux) reports several distinct faults with generic codes (`-1`,
    /// `-1002`, `-1011`); only its message tells them apart. These are the kinds AsyncHTTPClient gives for
    /// the same faults.
    private var libcurlKind: NetworkError.Kind? {
        #if canImport(FoundationNetworking)
        let message = localizedDescription
        switch code {
        case .badServerResponse where message.contains("Empty reply"):
            return .connectionClosed
        case .unknown where message.contains("transfer closed") || message.contains("Recv failure"):
            return .connectionClosed
        // "Nul byte in header": libcurl refuses a NUL in a response header field.
        case .unknown where message.contains("chunked") || message.contains("response headers") || message.contains("unencoding")
            || message.contains("content encoding") || message.contains("Nul byte in header"):
            return .invalidResponse
        case .unsupportedURL where message.contains("HTTP/0.9") || message.contains("response code"):
            return .invalidResponse
        // NOTE: corelibs maps no TLS failure to a TLS code: a certificate it cannot verify is `-1` with
        // OpenSSL's message ("SSL certificate problem: self-signed certificate", "SSL: no alternative
        // certificate subject name matches…").
        case .unknown where message.hasPrefix("SSL") || message.contains("certificate"):
            return .tlsFailure
        // NOTE: corelibs refuses header sections it cannot parse (a field whose value is only spaces, a
        // field with no space after its colon, a status line without a reason phrase, bytes that are not
        // UTF-8) by aborting libcurl's header callback; libcurl calls that "Failed writing header".
        case .unknown where message.contains("Failed writing header"):
            return .invalidResponse
        default:
            return nil
        }
        #else
        return nil
        #endif
    }

    /// One sentence for the error's message.
    var courierSummary: String {
        let authority = failingURL.flatMap { url in url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } }
        let summary = TransportFailureWords.sentence(networkErrorKind, authority: authority, underlying: localizedDescription)
        #if canImport(FoundationNetworking)
        if code == .unknown, localizedDescription.contains("Failed writing header") {
            return summary + " URLSession on Linux cannot read this response's header section (for example a field whose value is only spaces, which is legal); AsyncHTTPClientTransport can."
        }
        #endif
        return summary
    }
}
