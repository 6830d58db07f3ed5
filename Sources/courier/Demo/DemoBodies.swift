import Courier
import CourierTesting
import Foundation

/// The demo's bodies step: a form and a streamed multipart upload read back by the server's parsers,
/// upload progress, and a download to a file that appears only when complete.
struct DemoBodies {
    let shared: Client
    let server: TestServer

    func run(_ steps: inout DemoSteps) async throws {
        steps.step("Forms, multipart with progress, downloads to file", "Any Encodable as a form or as multipart (files streamed from disk), progress as an AsyncSequence, and a file that appears only when whole.")
        let client = shared.targeting(server.server)

        let form = try await client.send(Endpoint<TestServer.FormEcho>(method: .post, path: "/form", body: .form(DemoSignup.sample)))
        steps.say("form, as the server's decoder read it: \(form.pairs.map { "\($0[0])=\($0.count > 1 ? $0[1] : "")" }.joined(separator: "  "))")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("holiday.jpg")
        try Data((0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: photo)

        let post = DemoPost(title: "Holiday", tags: ["sea", "sun"], photo: try MultipartFile(contentsOf: photo))
        let upload = client.transfer(Endpoint<TestServer.MultipartEcho>(method: .post, path: "/multipart", body: .multipart(post)))
        var events = 0
        var last: TransferProgress?
        for await progress in upload.progress where progress.direction == .upload {
            events += 1
            last = progress
        }
        let echo = try await upload.value
        steps.say("multipart upload: \(events) progress events, the last \(last?.completedBytes ?? 0) of \(last?.expectedBytes ?? 0) bytes (Content-Length: \(echo.body.contentLength ?? "-"))")
        for part in echo.parts {
            let what = part.text.map { "\"\($0)\"" } ?? "\(part.content.bytes) bytes, \(part.contentType ?? "-")"
            steps.say("  part \(part.name ?? "-"): \(what)")
        }

        let destination = directory.appendingPathComponent("download.bin")
        let download = client.transfer(downloading: try ClientRequest(.get, path: "/bytes/\(2 * 1024 * 1024)"), to: destination)
        var fractions: [Double] = []
        for await progress in download.progress {
            fractions.append(progress.fractionCompleted ?? 0)
        }
        _ = try await download.value
        let size = try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int ?? 0
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        steps.say("download to file: \(fractions.count) progress events up to \(Int((fractions.last ?? 0) * 100)) %, \(size) bytes at the destination")
        steps.say("  the directory holds \(files): the body went to a hidden temporary file, renamed over the destination when whole")
    }
}

/// A sign-up form for the demo.
struct DemoSignup: Encodable, Sendable {
    struct Address: Encodable, Sendable {
        var city: String
    }

    var name: String
    var interests: [String]
    var address: Address

    static let sample = DemoSignup(name: "Zoë & co", interests: ["http", "swift"], address: Address(city: "Zürich"))
}

/// A post with a photo, for the multipart upload.
struct DemoPost: Encodable, Sendable {
    var title: String
    var tags: [String]
    var photo: MultipartFile
}
