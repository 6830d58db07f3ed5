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

    /// A diagnosis: a first line that says what happened and where, in words (``headline``), then the
    /// kind, the request and response heads (redacted), the first kilobyte of the body, the underlying
    /// error, the attempt and a hint at what to check.
    public var description: String {
        let redactor = (request ?? response?.request)?.options.redactor ?? .default
        var lines = [redactor.scrub(summary)]
        lines.append(contentsOf: labelled("kind:", ["\(kind)"]))
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

    /// The kind and the diagnosis's first line (``headline``), for code that shows `localizedDescription`.
    public var errorDescription: String? {
        "\(kind): \(headline)"
    }

    /// The first line of ``description``: what happened and where, in words, redacted — `could not connect to
    /// api.example.com: the connection was refused.` No type names, errno values or build paths: those
    /// stay in the `cause:` line.
    public var headline: String {
        ((request ?? response?.request)?.options.redactor ?? .default).scrub(summary)
    }

    /// An underlying error in one line, without the user-info dictionaries (which hold whole URLs).
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as URLError:
            return "URLError \(error.code.rawValue): \(error.localizedDescription)"
        case let error as DecodingError:
            return "DecodingError at '\(error.codingPathDescription)'"
        // NOTE: an NSError's own description writes `Code=260`, which the redactor takes for an OAuth `code`
        // parameter; the domain, number and message say the same.
        case let error as CocoaError:
            return "CocoaError \(error.code.rawValue): \(error.localizedDescription)"
        default:
            return withoutBuildPaths("\(type(of: error)): \(error)")
        }
    }

    /// `text` without the source paths of a dependency's build (BoringSSL writes its own into its errors).
    private static func withoutBuildPaths(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.contains("/.build/") || word.contains("/checkouts/") ? "…" : String(word)
        }.joined(separator: " ")
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

    /// The same error with `note` added after what its message says: its kind, request, response,
    /// attempt and underlying error stay as they are.
    ///
    /// Use it in a layer that decided something about an error it passes on — a retry it did not make,
    /// a fallback it did not take — so that the diagnosis a person reads says why. Context is added,
    /// never overwritten: the error's own message (or its kind's summary) comes first.
    ///
    /// ```swift
    /// catch let error as NetworkError {
    ///     throw error.adding(note: "Not retried: the circuit for this host is open.")
    /// }
    /// ```
    public func adding(note: String) -> NetworkError {
        var noted = self
        noted.message = summary + " " + note
        return noted
    }

    /// The first line's text: the error's own message, else the table's summary (`Kind.info`), with the status
    /// line when there is a response.
    private var summary: String {
        if let message { return message }
        if case .unacceptableStatus = kind, let response {
            return "the server answered \(StatusText.line(response.status))."
        }
        return kind.info.summary
    }

    /// What a person should check next: the table's hint (`Kind.info`), unless the request, the response or the
    /// operation says something more precise.
    private var hint: String? {
        switch kind {
        case .invalidURL where request?.isRelative == true:
            return "the request is relative; add .targeting(server) to the client."
        case .timedOut where response != nil || request?.options.timeout != nil:
            let limit = request?.options.timeout.map { " (\($0.readable))" } ?? ""
            if response != nil {
                return "the response began but its body did not finish in time\(limit); raise RequestOptions.timeout if the body is large, or check the server."
            }
            return "the server did not answer in time\(limit); raise RequestOptions.timeout or check the server."
        case .unacceptableStatus(let code) where operationStatus != nil:
            return operationStatusHint(operationStatus!, code: code)
        case .decodingFailed where operationStatus == .schemaMismatch:
            return operationStatusHint(.schemaMismatch, code: response?.status.code)
        case .unacceptableStatus(let code) where Self.followableRedirects.contains(code) && request?.options.redirects.isEmpty == false:
            return "a redirect the client declined to follow (its Location, method or body could not be followed safely); the response's Location says where it points."
        default:
            return kind.info.hint
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
