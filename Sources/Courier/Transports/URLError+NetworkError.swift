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
        case .unknown where message.contains("chunked") || message.contains("response headers") || message.contains("unencoding"):
            return .invalidResponse
        case .unsupportedURL where message.contains("HTTP/0.9") || message.contains("response code"):
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
        "URLSession failed with URLError \(code.rawValue) (\(localizedDescription))."
    }
}
