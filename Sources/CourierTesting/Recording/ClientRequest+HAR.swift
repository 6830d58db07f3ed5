import Courier
import Foundation
import HTTPTypes

extension ClientRequest {
    /// The URL as a HAR file holds it: `scheme://authority/path?query` (the path alone for a relative
    /// request), with userinfo and secret query values redacted by the request's redactor.
    ///
    /// NOTE: the replayer matches requests by this string, so it must not depend on anything but the
    /// head and the redactor.
    var harURL: String {
        let pathAndQuery = head.path ?? "/"
        guard let scheme = head.scheme, let authority = head.authority else {
            return options.redactor.redact(pathAndQuery: pathAndQuery)
        }
        return options.redactor.redact(urlString: "\(scheme)://\(authority)\(pathAndQuery)")
    }

    /// The query parameters, percent-decoded, with the values the redactor hides replaced.
    var harQueryString: [HAR.NameValue] {
        guard let path = head.path, let questionMark = path.firstIndex(of: "?") else { return [] }
        let redactor = options.redactor
        return path[path.index(after: questionMark)...]
            .split(separator: "&")
            .map { pair in
                let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = pieces[0].removingPercentEncoding ?? String(pieces[0])
                let value = pieces.count > 1 ? (pieces[1].removingPercentEncoding ?? String(pieces[1])) : ""
                let hidden = redactor.queryParameters.contains(name.lowercased())
                return HAR.NameValue(name: name, value: hidden ? Redactor.placeholder : value)
            }
    }

    /// The request as a HAR record, with `body` as the recorder could read it.
    func harRequest(body: RecordedRequestBody) -> HAR.Request {
        let redactor = options.redactor
        let mimeType = head.headerFields[.contentType] ?? ""
        let postData: HAR.PostData?
        let bodySize: Int
        switch body {
        case .empty:
            postData = nil
            bodySize = 0
        case .bytes(let data):
            let text = HARBodyText(data, redactor: redactor)
            postData = HAR.PostData(mimeType: mimeType, text: text.text, encoding: text.encoding)
            bodySize = data.count
        case .notRecorded(let reason):
            postData = HAR.PostData(mimeType: mimeType, text: nil, comment: "not recorded: " + reason)
            bodySize = self.body.length.map { Int($0) } ?? -1
        }
        return HAR.Request(
            method: method.rawValue,
            url: harURL,
            httpVersion: HAR.httpVersion,
            cookies: head.headerFields.harRequestCookies(redactor: redactor),
            headers: head.headerFields.harHeaders(redactor: redactor),
            queryString: harQueryString,
            postData: postData,
            bodySize: bodySize
        )
    }
}

extension HAR {
    /// What Courier records as the protocol: its heads do not carry the version a transport used.
    static let httpVersion = "HTTP/1.1"
}
