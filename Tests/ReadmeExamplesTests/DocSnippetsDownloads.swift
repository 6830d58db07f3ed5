// The examples of Sources/Courier/Courier.docc/Downloads.md, kept in step with it so that they always compile.
import Courier
import CourierAsyncHTTPClient
import Foundation

func downloadsResumingExample() async throws {
    let client = Client(transport: AsyncHTTPClientTransport())
        .retrying(.exponential(base: .seconds(1), maxAttempts: 5))

    let image = URL(fileURLWithPath: "/var/tmp/debian.iso")
    let request = try ClientRequest(.get, url: "https://cdimage.example.org/debian.iso")
    do {
        let response = try await client.download(request, to: image)
        print(response.status)      // 200, or 206 when the end came from a resumption
    } catch let error as NetworkError where error.kind == .connectionClosed {
        // Five attempts were not enough. debian.iso.courier-partial is kept:
        // the same call, later, asks only for the rest.
    }
}

func downloadsProgressEvents(client: Client) async throws {
    let image = URL(fileURLWithPath: "/var/tmp/debian.iso")
    let request = try ClientRequest(.get, url: "https://cdimage.example.org/debian.iso")
    for try await event in client.transferEvents(downloading: request, to: image) {
        switch event {
        case .progress(let progress): print(progress.fractionCompleted ?? 0)
        case .value(let response): print(response.status)      // the file is in place
        }
    }
}
