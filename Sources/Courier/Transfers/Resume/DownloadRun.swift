import Foundation
import HTTPTypes

/// One call of ``Client/download(_:to:accepting:)``: the exchanges with the server, resumed or not, and
/// the file they fill.
///
/// Used from the one task that runs the download: not `Sendable`.
final class DownloadRun {
    private let client: Client
    /// The caller's request, with the resumer slot and without the progress callback (reported here,
    /// against the whole file, rather than per response).
    private let request: ClientRequest
    private let file: DownloadFile
    private let acceptableStatus: AcceptableStatus
    private let onProgress: (@Sendable (TransferProgress) -> Void)?
    private let slot = DownloadResumerSlot()
    /// The request's URL, for a resumable download.
    private let source: String?
    /// Whether the latest attempt failed while its body was arriving, after the response had been
    /// accepted: the one kind of failure a resumption mends.
    private var wasCutShort = false

    init(client: Client, request: ClientRequest, file: DownloadFile, source: String?, acceptableStatus: AcceptableStatus) {
        var request = request
        onProgress = request.options.onProgress
        request.options.onProgress = nil
        if file.isResumable {
            request.options[DownloadResumerSlotKey.self] = slot
            // Ranges count the bytes of the representation as sent: a transport that decoded a compressed
            // body would append decoded bytes at an encoded offset.
            if request.head.headerFields[.acceptEncoding] == nil {
                request.head.headerFields[.acceptEncoding] = "identity"
            }
        }
        self.client = client
        self.request = request
        self.file = file
        self.source = source
        self.acceptableStatus = acceptableStatus
    }

    /// Downloads, resuming under the client's retry policy when the body breaks off.
    func run() async throws -> ClientResponse {
        do {
            return try await exchange(attempt: 1)
        } catch {
            // NOTE: no retry layer, a failure before the body, or nothing worth keeping: the error is final.
            guard canResume, let resumer = slot.offered else { throw error }
            return try await resumer.resume(after: error, isResumable: { _ in canResume }) { number in
                try await exchange(attempt: number)
            }
        }
    }

    private var canResume: Bool {
        wasCutShort && file.resumePoint != nil && !Task.isCancelled
    }

    /// Sends the request (for the rest of the partial file, when there is one) and writes the body, again
    /// as long as the server sends less than the rest; moves the file into place once it is whole.
    private func exchange(attempt: Int) async throws -> ClientResponse {
        wasCutShort = false
        while true {
            var request = request
            request.options.attempt = attempt
            let resume = file.resumePoint
            if let resume {
                request.head.headerFields[.range] = "bytes=\(resume.offset)-"
                request.head.headerFields[.ifRange] = resume.record.validator.ifRangeValue
            }
            var response = try await client.send(request)
            var appending: (end: Int64, completeLength: Int64?)?
            if let resume {
                switch ResumeDecision.decide(response.head, offset: resume.offset, validator: resume.record.validator, knownLength: resume.record.length) {
                case .append(let part, let completeLength):
                    if let length = response.body.length, length != part.upperBound - part.lowerBound + 1 {
                        file.discard()
                        throw NetworkError(
                            .invalidResponse,
                            message: "the server's 206 announces \(length) bytes for the range \(part.lowerBound)-\(part.upperBound). Nothing was appended: the partial file was deleted and '\(file.destination.path)' left as it was.",
                            response: await response.releasingBody()
                        )
                    }
                    appending = (part.upperBound + 1, completeLength)
                case .replace, .other:
                    break
                case .alreadyComplete:
                    return try finish(await response.releasingBody())
                case .startOver:
                    // The body is dropped unread, which closes its connection: it is another representation.
                    try file.startOver(record: nil)
                    continue
                case .reject(let reason):
                    file.discard()
                    throw NetworkError(
                        .invalidResponse,
                        message: "\(reason). Nothing was appended: the partial file was deleted and '\(file.destination.path)' left as it was.",
                        response: await response.releasingBody()
                    )
                }
            }
            guard acceptableStatus.contains(response.status) else {
                throw NetworkError(
                    .unacceptableStatus(response.status.code),
                    message: "the server answered \(response.status.code); nothing was written to '\(file.destination.path)'.",
                    response: await response.releasingBody()
                )
            }
            if appending == nil {
                try file.startOver(record: record(of: response))
            }
            let end = appending?.end ?? response.body.length
            let completeLength = appending.map { $0.completeLength } ?? file.record?.length ?? response.body.length
            do {
                try await receive(&response, upTo: end, expecting: completeLength)
                if let end, file.bytesWritten < end {
                    wasCutShort = true
                    throw NetworkError(.connectionClosed, message: "the body ended after \(file.bytesWritten) of the \(end) bytes announced.")
                }
                // The body may have ended because the task was cancelled: never move a cut-short file into place.
                guard !Task.isCancelled else {
                    throw NetworkError(.cancelled, message: "the calling task was cancelled; '\(file.destination.path)' was left as it was.")
                }
            } catch {
                response.body = .empty
                throw NetworkError.wrapping(error, request: response.request, response: response)
            }
            // A server may send less than the rest it was asked for: ask again for what is missing.
            if appending != nil, let completeLength, file.bytesWritten < completeLength { continue }
            return try finish(response)
        }
    }

    /// Writes `response`'s body to the file, reporting progress against the whole file.
    ///
    /// - Parameter end: where the body must end in the file, when announced: bytes past it are refused
    ///   before they are written.
    private func receive(_ response: inout ClientResponse, upTo end: Int64?, expecting completeLength: Int64?) async throws {
        onProgress?(TransferProgress(direction: .download, completedBytes: file.bytesWritten, expectedBytes: completeLength))
        var chunks = response.body.makeAsyncIterator()
        while true {
            let chunk: Data?
            do {
                chunk = try await chunks.next()
            } catch {
                wasCutShort = !Task.isCancelled
                throw error
            }
            guard let chunk else { return }
            if let end, file.bytesWritten + Int64(chunk.count) > end {
                throw NetworkError(.invalidResponse, message: "the server sent more than the \(end - file.bytesWritten) bytes it announced; they were not written.")
            }
            try file.write(chunk)
            onProgress?(TransferProgress(direction: .download, completedBytes: file.bytesWritten, expectedBytes: completeLength))
        }
    }

    /// Moves the file into place and returns `response` with an empty body.
    private func finish(_ response: ClientResponse) throws -> ClientResponse {
        var response = response
        response.body = .empty
        do {
            try file.commit()
        } catch {
            throw NetworkError.wrapping(error, request: response.request, response: response)
        }
        return response
    }

    /// What to save beside the file so that a later call can resume it: `nil` unless this is a
    /// resumable download, the response is a `200` of the whole representation, the bytes are as
    /// stored (no content coding), ranges are not refused, and there is a strong validator.
    private func record(of response: ClientResponse) -> ResumeRecord? {
        let fields = response.head.headerFields
        guard let source, response.status == .ok,
              fields[.acceptRanges]?.lowercased() != "none",
              fields[.contentEncoding].map({ $0.lowercased() == "identity" }) ?? true,
              let validator = ResumeValidator(of: fields)
        else { return nil }
        return ResumeRecord(source: source, validator: validator, length: response.body.length)
    }
}
