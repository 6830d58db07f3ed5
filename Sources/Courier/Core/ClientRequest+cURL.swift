import Foundation
import HTTPTypes

extension ClientRequest {
    /// A `curl` command that sends this request again when pasted into a POSIX shell (sh, bash, zsh).
    ///
    /// Every value is single-quoted, so quotes, spaces, `$` and newlines survive the shell. Secrets are
    /// redacted with the request's ``RequestOptions/redactor`` unless another is passed; pass
    /// ``Redactor/none`` to get a command that authenticates as the original did:
    ///
    /// ```swift
    /// print(response.request.cURLDescription())
    /// // curl --header 'Authorization: <redacted>' 'https://api.example.com/me?token=<redacted>'
    /// ```
    ///
    /// How the body is written:
    /// - text in memory inline, with `--data-raw` (no `@file` interpretation);
    /// - other bytes in memory through `printf` with octal escapes, piped to `--data-binary @-`;
    /// - a file body as `--data-binary @'/path/to/file'`;
    /// - a stream as `--data-binary @-`: the command reads the body from standard input.
    ///
    /// A relative request (not yet resolved by ``Client/targeting(_:)``) prints its path only; describe
    /// ``ClientResponse/request``, the request as it was sent, to get a full URL.
    ///
    /// - Parameter redactor: what to hide; `nil` uses ``RequestOptions/redactor``.
    public func cURLDescription(redactor: Redactor? = nil) -> String {
        var request = self
        if let redactor {
            request.options.redactor = redactor
        }
        return CURLCommand(request).text
    }
}

/// A `curl` command line for one request.
private struct CURLCommand {
    /// The options, one per line, each already shell-quoted.
    private var options: [String] = []
    /// A command whose output is piped into curl's standard input, for binary bodies.
    private var input: String?
    private var url = ""

    init(_ request: ClientRequest) {
        let redactor = request.options.redactor
        let hasBody = !request.body.isEmpty
        switch request.method {
        case .head where !hasBody:
            options.append("--head")
        case .get where !hasBody, .post where hasBody:
            break
        default:
            options.append("--request " + ShellQuoting.word(request.method.rawValue))
        }
        for field in request.head.headerFields {
            let value = redactor.value(of: field)
            // `Name:` alone would tell curl to remove the header; `Name;` sends it empty.
            let header = value.isEmpty ? "\(field.name.rawName);" : "\(field.name.rawName): \(value)"
            options.append("--header " + ShellQuoting.quote(header))
        }
        if hasBody {
            if request.head.headerFields[.contentType] == nil {
                // Otherwise curl labels any data as a form.
                options.append("--header " + ShellQuoting.quote("Content-Type:"))
            }
            appendBody(request.body, redactor: redactor)
        }
        let url = request.redactedURL
        if url.contains(where: { "[]{}".contains($0) }) {
            // Brackets and braces are curl's URL globbing syntax.
            options.append("--globoff")
        }
        self.url = ShellQuoting.quote(url)
    }

    private mutating func appendBody(_ body: RequestBody, redactor: Redactor) {
        if let file = body.fileURL {
            options.append("--data-binary @" + ShellQuoting.quote(file.path))
        } else if let data = body.bufferedData {
            if let text = String(data: data, encoding: .utf8), !text.contains("\0") {
                options.append("--data-raw " + ShellQuoting.quote(redactor.scrub(text)))
            } else {
                input = "printf " + ShellQuoting.printfFormat(for: data)
                options.append("--data-binary @-")
            }
        } else {
            options.append("--data-binary @-")
        }
    }

    /// The command, one option per line, joined with backslash-newlines.
    var text: String {
        let command = (["curl"] + options + [url]).joined(separator: " \\\n  ")
        return input.map { "\($0) | \(command)" } ?? command
    }
}
