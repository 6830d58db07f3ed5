import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLError {
    /// The ``NetworkError/Kind`` for this URLSession failure.
    var networkErrorKind: NetworkError.Kind {
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

    /// One sentence for the error's message.
    var courierSummary: String {
        "URLSession failed with URLError \(code.rawValue) (\(localizedDescription))."
    }
}
