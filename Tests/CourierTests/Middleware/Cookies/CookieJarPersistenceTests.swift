@testable import Courier
import Foundation
import Testing

@Suite("A cookie jar that persists to a file")
struct CookieJarPersistenceTests {
    /// A file path in a directory of its own that does not exist yet.
    static func newFile() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-cookies-\(UUID().uuidString)")
            .appendingPathComponent("cookies.json")
    }

    @Test("persistent cookies survive into a new jar with every attribute; session cookies do not")
    func roundTrip() throws {
        let file = Self.newFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let time = ManualTime()
        let first = try CookieJar(persistingTo: file, now: { time.now })
        first.store("https://www.example.com/app/page", "a=1; Max-Age=3600; Secure; HttpOnly; SameSite=Lax", "session=2")
        first.store("https://www.example.com/", "b=\"quoted\"; Domain=example.com; Path=/; Expires=Fri, 01 Jan 2100 00:00:00 GMT")

        let second = try CookieJar(persistingTo: file, now: { time.now })
        #expect(second.allCookies() == first.allCookies().filter(\.isPersistent))
        #expect(second.header("https://www.example.com/app/x") == "a=1; b=\"quoted\"")
        let restored = try #require(second.allCookies().first)
        #expect(restored == Cookie(
            name: "a", value: "1", domain: "www.example.com", path: "/app",
            expiresAt: ManualTime.start.addingTimeInterval(3600), isSecure: true, isHTTPOnly: true,
            isHostOnly: true, sameSite: .lax, createdAt: ManualTime.start
        ))
    }

    @Test("the file follows every change: a deletion, an expiry, removeAll")
    func followsChanges() throws {
        let file = Self.newFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let time = ManualTime()
        let jar = try CookieJar(persistingTo: file, now: { time.now })
        jar.store("http://example.com/", "short=1; Max-Age=10", "long=2; Max-Age=1000", "gone=3; Max-Age=1000")
        jar.store("http://example.com/", "gone=x; Max-Age=0")
        #expect(try Self.names(in: file) == ["short", "long"])

        time.advance(by: 10)
        // Loading drops what has expired since the file was written.
        #expect(try CookieJar(persistingTo: file, now: { time.now }).allCookies().map(\.name) == ["long"])

        jar.removeAll()
        #expect(try Self.names(in: file) == [])
    }

    @Test("the file is written atomically, readable by its owner alone, with no temporary file left")
    func fileMode() throws {
        let file = Self.newFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let jar = try CookieJar(persistingTo: file)
        jar.store("http://example.com/", "a=1; Max-Age=60")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["cookies.json"])
    }

    @Test("a jar whose file does not exist starts empty; a file that is not a cookie file throws")
    func missingAndCorrupt() throws {
        let file = Self.newFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(try CookieJar(persistingTo: file).allCookies().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.path))

        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: file)
        #expect(throws: DecodingError.self) { try CookieJar(persistingTo: file) }
        try Data(#"{"format":99,"cookies":[]}"#.utf8).write(to: file)
        #expect(throws: CocoaError.self) { try CookieJar(persistingTo: file) }
    }

    @Test("save() reports a write that fails; the cookies stay in memory")
    func saveReportsFailure() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cookies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A path below a regular file can never be created.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("blocker"))
        let jar = try CookieJar(persistingTo: directory.appendingPathComponent("blocker/cookies.json"))
        jar.store("http://example.com/", "a=1; Max-Age=60")
        #expect(jar.header("http://example.com/") == "a=1")
        #expect(throws: (any Error).self) { try jar.save() }
    }

    @Test("after concurrent changes the file holds the final state")
    func concurrentWrites() async throws {
        let file = Self.newFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let jar = try CookieJar(persistingTo: file)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { jar.store("http://h\(index).example.com/", "c\(index)=\(index); Max-Age=600") }
            }
        }
        #expect(try Set(Self.names(in: file)) == Set((0..<40).map { "c\($0)" }))
    }

    /// The names of the cookies in `file`, in order.
    static func names(in file: URL) throws -> [String] {
        let contents = try JSONDecoder().decode(CookieJarFile.Contents.self, from: Data(contentsOf: file))
        return contents.cookies.map(\.name)
    }
}
