@testable import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("URLError → NetworkError.Kind")
struct URLErrorMappingTests {
    @Test("every URLError URLSession can meet maps to the kind that describes it", arguments: [
        (URLError.Code.notConnectedToInternet, NetworkError.Kind.notConnected),
        (.dataNotAllowed, .notConnected),
        (.cannotConnectToHost, .cannotConnect),
        (.cannotFindHost, .cannotConnect),
        (.dnsLookupFailed, .cannotConnect),
        (.networkConnectionLost, .connectionClosed),
        (.timedOut, .timedOut),
        (.cancelled, .cancelled),
        (.badURL, .invalidURL),
        (.unsupportedURL, .invalidURL),
        (.dataLengthExceedsMaximum, .bodyTooLarge),
        (.secureConnectionFailed, .tlsFailure),
        (.serverCertificateUntrusted, .tlsFailure),
        (.serverCertificateHasBadDate, .tlsFailure),
        (.clientCertificateRequired, .tlsFailure),
        (.badServerResponse, .invalidResponse),
        (.cannotParseResponse, .invalidResponse),
        (.cannotDecodeContentData, .invalidResponse),
        (.zeroByteResource, .invalidResponse),
        (.unknown, .transportFailed),
        (.cannotWriteToFile, .transportFailed),
    ])
    func mapping(_ code: URLError.Code, _ kind: NetworkError.Kind) {
        #expect(URLError(code).networkErrorKind == kind)
    }
}
