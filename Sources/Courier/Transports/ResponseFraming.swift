import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The framing checks libcurl's lenient parser skips (RFC 9112 §6.3), applied to a response head before
/// its body is accepted, so that URLSession refuses what SwiftNIO's parser refuses.
enum ResponseFraming {

    static func error(in response: HTTPURLResponse) -> NetworkError? {
        if (100...199).contains(response.statusCode) {
            return NetworkError(.invalidResponse, message: "the final response has the informational status \(response.statusCode).")
        }
        let contentLength = response.value(forHTTPHeaderField: "Content-Length")
        if let contentLength {
            let values = Set(contentLength.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let value = values.first, Int64(value).map({ $0 >= 0 }) == true else {
                return NetworkError(.invalidResponse, message: "the response has conflicting or invalid Content-Length values (\(contentLength)).")
            }
        }
        if contentLength != nil, response.value(forHTTPHeaderField: "Transfer-Encoding") != nil {
            return NetworkError(.invalidResponse, message: "the response has both Content-Length and Transfer-Encoding, a request-smuggling pattern.")
        }
        return nil
    }
}
