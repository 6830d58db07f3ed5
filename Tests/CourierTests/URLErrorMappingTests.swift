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

    @Test("URLSession's own idle timeout is never rounded down to zero", arguments: [
        (Duration.milliseconds(300), 1.0), (.milliseconds(800), 1.0), (.milliseconds(1500), 2.0), (.seconds(60), 60.0),
    ])
    func idleTimeout(_ duration: Duration, _ seconds: Double) {
        #expect(URLSessionTransport.idleTimeoutInterval(duration) == seconds)
    }
}
