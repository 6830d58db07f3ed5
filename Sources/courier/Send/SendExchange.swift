import Courier
import Foundation

/// Sends the request and puts the response where it goes: heads to standard error when asked for, the
/// body to standard output (``ResponseBodyPrinter``) or, with `--output` or `--download`, to a file.
struct SendExchange {
    let parts: PrintParts
    let terminal: Terminal
    let streaming: Bool
    let download: Bool
    let output: String?
    /// Whether to end with the exchange's phases (`--verbose`).
    var showsTimings = false
    /// `--quiet`: no line on standard error for a failing status (the exit code still says it).
    var quiet = false
    var standardOutput: any ByteSink = FileDescriptorSink.standardOutput
    var standardError: any ByteSink = FileDescriptorSink.standardError

    func run(_ request: ClientRequest, client: Client) async throws -> SendExitCode {
        let heads = SendOutput(palette: terminal.palette(for: .standardError))
        if parts.requestHead { try standardError.write(heads.requestHead(request) + "\n\n") }
        if parts.requestBody, !request.body.isEmpty {
            try standardError.write(heads.requestBodyPreview(request.body))
            try standardError.write("\n\n")
        }
        let response = try await client.send(request)
        let code: SendExitCode
        do {
            code = try await deliver(response, heads: heads)
        } catch var error as NetworkError where error.kind == .timedOut && error.response == nil {
            // The head arrived: it is the body that was late, which the diagnosis says when it has the response.
            error.response = response
            throw error
        }
        // After the body: its end is one of the phases.
        if showsTimings, let timings = response.timings {
            try standardError.write("\n" + heads.timings(timings) + "\n")
        }
        return code
    }

    /// The response head, body or file, as the flags say; the exit code its status gives.
    private func deliver(_ response: ClientResponse, heads: SendOutput) async throws -> SendExitCode {
        let status = response.status
        let code = SendExitCode.forStatus(status.code)
        var statusShown = parts.responseHead
        if parts.responseHead { try standardError.write(heads.responseHead(response) + "\n\n") }
        // By default, on a terminal, the status line says what an empty or error body alone would not.
        let explains = parts.statusLineWhenUnclear && terminal.stderrIsTerminal
        if explains, status.code >= 400 || response.body.length == 0 {
            try standardError.write(heads.statusLine(response) + "\n")
            statusShown = true
        }
        if download, status.code >= 400 {
            // Nothing is saved: the error body is shown like any other, and the status line says why.
            if !statusShown { try standardError.write(heads.statusLine(response) + "\n") }
            try standardError.write("courier: nothing was downloaded.\n")
            _ = try await printBody(of: response)
            return code
        }
        // Whatever standard error is (a terminal, a log file), a failing status is never silent: one line,
        // as curl -f and http --check-status write, unless the head or status line already said it.
        if status.code >= 400, !statusShown, !quiet {
            try standardError.write("courier: \(StatusText.line(status)) \(response.request.method) \(response.request.url?.absoluteString ?? "")\n")
        }
        if download || output != nil {
            try await save(response)
            return code
        }
        guard parts.responseBody else { return code }
        switch try await printBody(of: response) {
        case .written(let bytes):
            if explains, bytes == 0, !statusShown { try standardError.write(heads.statusLine(response) + "\n") }
        case .binaryHidden:
            let size = response.body.length.map { " (\(ProgressBar.bytes($0)))" } ?? ""
            try standardError.write("courier: the binary body\(size) is not shown on a terminal; save it with -o FILE or > FILE.\n")
        }
        return code
    }

    private func printBody(of response: ClientResponse) async throws -> ResponseBodyPrinter.Outcome {
        let printer = ResponseBodyPrinter(toTerminal: terminal.stdoutIsTerminal, streaming: streaming, palette: terminal.palette(for: .standardOutput))
        return try await printer.print(response.body, contentType: response.head.headerFields[.contentType], to: standardOutput)
    }

    /// `--output FILE` (any status, as curl and HTTPie write it) or `--download`: the exact bytes, streamed.
    private func save(_ response: ClientResponse) async throws {
        let path = output ?? DownloadName.unique(
            DownloadName.suggested(
                contentDisposition: response.head.headerFields[.contentDisposition], url: response.request.url,
                contentType: response.head.headerFields[.contentType])
        ) { FileManager.default.fileExists(atPath: $0) }
        let file = try FileDescriptorSink.creatingFile(at: path)
        let progress = download && terminal.stderrIsTerminal ? DownloadProgress(expectedBytes: response.body.length, sink: standardError) : nil
        var written: Int64 = 0
        do {
            for try await chunk in response.body {
                try file.write(chunk)
                written += Int64(chunk.count)
                progress?.update(written)
            }
        } catch {
            // A file --download named is ours: a cut-short one is removed rather than left to look whole.
            if output == nil { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
        progress?.update(written, final: true)
        if download { try standardError.write("saved to \(path)\n") }
    }
}
