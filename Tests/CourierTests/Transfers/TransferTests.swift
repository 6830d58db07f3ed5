import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// Every event of `progress`, until it finishes.
private func events(of progress: AsyncStream<TransferProgress>) async -> [TransferProgress] {
    var events: [TransferProgress] = []
    for await event in progress { events.append(event) }
    return events
}

@Suite("Transfer: progress stream and cancellation")
struct TransferTests {
    @Test("a transport that sends the body again restarts from 0; the stream forwards 0, 10, 20, 30")
    func monotonicClamp() async throws {
        let client = Client(transport: RecordingTransport { request in
            for sent: Int64 in [0, 10, 20, 0, 10, 30] {
                request.reportUploadProgress(totalBytesSent: sent)
            }
            return ClientResponse(head: HTTPResponse(status: .ok), request: request)
        })
        var request = try itemsRequest(.post)
        request.body = .bytes(Data(count: 30))
        let seenByRequest = Recorded<Int64>()
        request.options.onProgress = { seenByRequest.append($0.completedBytes) }

        let transfer = client.transfer(request)
        let response = try await transfer.value
        let forwarded = await events(of: transfer.progress)

        #expect(response.status == .ok)
        #expect(forwarded.map(\.completedBytes) == [0, 10, 20, 30])
        #expect(forwarded.allSatisfy { $0.direction == .upload && $0.expectedBytes == 30 })
        #expect(seenByRequest.all == [0, 10, 20, 0, 10, 30], "the request's own callback still sees every event")
    }

    @Test("each direction has its own high-water mark")
    func directionsAreApart() async throws {
        let client = Client(transport: RecordingTransport { request in
            request.reportUploadProgress(totalBytesSent: 0)
            request.reportUploadProgress(totalBytesSent: 5)
            return ClientResponse(head: HTTPResponse(status: .ok), body: ResponseBody(Data(count: 3)), request: request)
        })
        var request = try itemsRequest(.post)
        request.body = .bytes(Data(count: 5))
        let transfer = client.transfer(request)
        _ = try await transfer.value
        let forwarded = await events(of: transfer.progress)
        #expect(forwarded == [
            TransferProgress(direction: .upload, completedBytes: 0, expectedBytes: 5),
            TransferProgress(direction: .upload, completedBytes: 5, expectedBytes: 5),
            TransferProgress(direction: .download, completedBytes: 3, expectedBytes: 3),
        ])
    }

    @Test("a slow reader gets the newest events, the last one included, and memory stays bounded")
    func newestEventsAreKept() async throws {
        let client = Client(transport: RecordingTransport { request in
            for sent in Int64(0)...1000 {
                request.reportUploadProgress(totalBytesSent: sent)
            }
            return ClientResponse(head: HTTPResponse(status: .ok), request: request)
        })
        var request = try itemsRequest(.post)
        request.body = .bytes(Data(count: 1000))
        let transfer = client.transfer(request)
        _ = try await transfer.value
        let forwarded = await events(of: transfer.progress)
        #expect(forwarded.map(\.completedBytes) == Array(937...1000), "the newest 64 of 1,001 events")
    }

    @Test("cancelling a transfer is cancelled, the transport's task is cancelled, and the stream finishes")
    func cancel() async throws {
        let transport = HeldTransport()
        let transfer = Client(transport: transport).transfer(try itemsRequest())
        try await eventually { transport.holding == 1 }
        transfer.cancel()
        let error = await #expect(throws: NetworkError.self) { try await transfer.value }
        #expect(error?.kind == .cancelled)
        #expect(transport.cancellations == 1)
        let forwarded = await events(of: transfer.progress)
        #expect(forwarded.isEmpty)
    }

    @Test("cancelling the task that awaits the value cancels the transfer")
    func cancelTheAwaitingTask() async throws {
        let transport = HeldTransport()
        let transfer = Client(transport: transport).transfer(try itemsRequest())
        let waiting = Task { try await transfer.value }
        try await eventually { transport.holding == 1 }
        waiting.cancel()
        let error = await #expect(throws: NetworkError.self) { try await waiting.value }
        #expect(error?.kind == .cancelled)
        #expect(transport.cancellations == 1)
    }

    @Test("fractionCompleted is nil while the length is unknown, 1 for an empty body, and never above 1")
    func fractionCompleted() {
        #expect(TransferProgress(direction: .upload, completedBytes: 5, expectedBytes: nil).fractionCompleted == nil)
        #expect(TransferProgress(direction: .download, completedBytes: 0, expectedBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(direction: .download, completedBytes: 25, expectedBytes: 100).fractionCompleted == 0.25)
        #expect(TransferProgress(direction: .download, completedBytes: 150, expectedBytes: 100).fractionCompleted == 1)
    }

    @Test("reportUploadProgress does nothing when nobody watches, and takes the body's length as expected")
    func reportingHelper() throws {
        var request = try itemsRequest(.post)
        request.body = .bytes(Data(count: 8))
        request.reportUploadProgress(totalBytesSent: 4)   // no observer: nothing to see, nothing fails
        let seen = Recorded<TransferProgress>()
        request.options.onProgress = { seen.append($0) }
        request.reportUploadProgress(totalBytesSent: 4)
        request.reportUploadProgress(totalBytesSent: 8, expectedBytes: 9)
        #expect(seen.all == [
            TransferProgress(direction: .upload, completedBytes: 4, expectedBytes: 8),
            TransferProgress(direction: .upload, completedBytes: 8, expectedBytes: 9),
        ])
    }
}
