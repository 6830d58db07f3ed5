import Courier
import Foundation
import Testing

@Suite("DiskCacheStore")
struct DiskCacheStoreTests {
    static func withDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    static func onlyFile(in directory: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        try #require(names.count == 1)
        return directory.appendingPathComponent(names[0])
    }

    @Test("what one instance writes, a new instance on the same directory reads (a process restart)")
    func survivesRestart() async throws {
        try await Self.withDirectory { directory in
            let written = cachedResponse("http://h/a", size: 5000)
            try await DiskCacheStore(directory: directory).updateResponses(forKey: "GET http://h/a") { _ in [written] }
            let reopened = try DiskCacheStore(directory: directory)
            #expect(await reopened.responses(forKey: "GET http://h/a") == [written])
            #expect(await reopened.responses(forKey: "GET http://h/b").isEmpty)
        }
    }

    @Test("file names reveal neither the URL nor the credentials")
    func fileNames() async throws {
        try await Self.withDirectory { directory in
            let store = try DiskCacheStore(directory: directory)
            await store.updateResponses(forKey: "GET http://h/secret-path?token=t") { _ in [cachedResponse("x", size: 1)] }
            let name = try Self.onlyFile(in: directory).lastPathComponent
            #expect(!name.contains("secret"))
            #expect(name.hasSuffix(".courier-cache"))
        }
    }

    @Test("a corrupted, a truncated and a foreign file are misses, and are deleted", arguments: ["corrupt", "truncated", "garbage", "empty"])
    func damaged(_ damage: String) async throws {
        try await Self.withDirectory { directory in
            let store = try DiskCacheStore(directory: directory)
            await store.updateResponses(forKey: "GET http://h/a") { _ in [cachedResponse("http://h/a", size: 4000)] }
            let file = try Self.onlyFile(in: directory)
            var data = try Data(contentsOf: file)
            switch damage {
            case "corrupt": data[data.count - 100] ^= 0xFF
            case "truncated": data = data.prefix(data.count / 2)
            case "garbage": data = Data("not a cache file at all".utf8)
            default: data = Data()
            }
            try data.write(to: file)
            let reopened = try DiskCacheStore(directory: directory)
            #expect(await reopened.responses(forKey: "GET http://h/a").isEmpty)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            // And the key works again afterwards.
            await reopened.updateResponses(forKey: "GET http://h/a") { _ in [cachedResponse("http://h/a", size: 10)] }
            #expect(await reopened.responses(forKey: "GET http://h/a").count == 1)
        }
    }

    @Test("stays within its byte budget, deleting the least recently used files")
    func budget() async throws {
        try await Self.withDirectory { directory in
            let store = try DiskCacheStore(directory: directory, maxBytes: 60_000)
            for index in 0..<10 {
                await store.updateResponses(forKey: "GET http://h/\(index)") { _ in [cachedResponse("http://h/\(index)", size: 10_000)] }
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            let total = try names.reduce(0) { total, name in
                let size = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size] as? NSNumber
                return total + (size?.intValue ?? 0)
            }
            #expect(total <= 60_000)
            #expect(!names.isEmpty)
            #expect(await store.responses(forKey: "GET http://h/9").count == 1, "the newest entry is kept")
            await store.removeAll()
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test("the records used last are kept decoded in memory: a hit reads no file; with memoryBytes 0 every hit reads its file")
    func recentRecordsInMemory() async throws {
        try await Self.withDirectory { directory in
            let written = cachedResponse("http://h/a", size: 1000)
            let remembering = try DiskCacheStore(directory: directory)
            let reading = try DiskCacheStore(directory: directory, memoryBytes: 0)
            await remembering.updateResponses(forKey: "GET http://h/a") { _ in [written] }
            #expect(await reading.responses(forKey: "GET http://h/a") == [written])
            // The file is damaged behind both stores' backs: only the one that reads files notices.
            try Data("damaged".utf8).write(to: try Self.onlyFile(in: directory))
            #expect(await remembering.responses(forKey: "GET http://h/a") == [written])
            #expect(await reading.responses(forKey: "GET http://h/a").isEmpty)
        }
    }

    @Test("removing a key or everything forgets the records in memory too")
    func removalForgetsMemory() async throws {
        try await Self.withDirectory { directory in
            let store = try DiskCacheStore(directory: directory)
            for key in ["GET http://h/a", "GET http://h/b"] {
                await store.updateResponses(forKey: key) { _ in [cachedResponse(key, size: 10)] }
                #expect(await store.responses(forKey: key).count == 1)
            }
            await store.removeResponses(forKey: "GET http://h/a")
            #expect(await store.responses(forKey: "GET http://h/a").isEmpty)
            #expect(await store.responses(forKey: "GET http://h/b").count == 1)
            await store.removeAll()
            #expect(await store.responses(forKey: "GET http://h/b").isEmpty)
        }
    }

    @Test("response(forKey:where:) finds the first matching variant in memory and, after a restart, in its file")
    func firstMatchingVariant() async throws {
        try await Self.withDirectory { directory in
            let german = cachedResponse("http://h/a", size: 100, byte: 0x64)
            let french = { var french = cachedResponse("http://h/a", size: 100, byte: 0x66); french.varyingRequestFields = ["accept-language": "fr"]; return french }()
            let store = try DiskCacheStore(directory: directory)
            await store.updateResponses(forKey: "GET http://h/a") { _ in [german, french] }
            let isFrench: @Sendable (CachedResponse) -> Bool = { $0.varyingRequestFields["accept-language"] == "fr" }
            #expect(await store.response(forKey: "GET http://h/a", where: isFrench) == french)
            #expect(await store.response(forKey: "GET http://h/a") { _ in false } == nil)
            #expect(await store.response(forKey: "GET http://h/b") { _ in true } == nil)
            let reopened = try DiskCacheStore(directory: directory)
            #expect(await reopened.response(forKey: "GET http://h/a", where: isFrench) == french)
            #expect(await reopened.response(forKey: "GET http://h/a") { _ in true } == german)
        }
    }
}
