import Foundation
import Testing

@testable import CourierOAuth

/// `FileTokenStore`: created `0600`, replaced whole, refused when others may read it.
@Suite struct FileTokenStoreTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-oauth-\(UUID().uuidString)")
        return url
    }

    private func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func savesOwnerOnlyAtomicallyAndLoadsBack() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("nested/tokens.json")
        let store = FileTokenStore(url: file)
        #expect(try await store.load() == nil)

        let first = OAuthTokens(accessToken: "a1", expiresAt: Date(timeIntervalSince1970: 2_000_000_000), refreshToken: "r1", scope: "read", issuer: "https://as.example")
        try await store.save(first)
        #expect(try mode(file) == 0o600)
        #expect(try mode(file.deletingLastPathComponent()) == 0o700)
        #expect(try await store.load() == first)

        let second = OAuthTokens(accessToken: "a2", refreshToken: "r2", issuer: "https://as.example")
        try await store.save(second)
        #expect(try await store.load() == second)
        #expect(try mode(file) == 0o600)
        // Written beside and renamed: no temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["tokens.json"])

        try await store.clear()
        #expect(try await store.load() == nil)
        try await store.clear()
    }

    @Test func refusesAFileOthersMayRead() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("tokens.json")
        let store = FileTokenStore(url: file)
        try await store.save(OAuthTokens(accessToken: "a1"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        await #expect(throws: FileTokenStore.InsecureFile(path: file.path, mode: 0o644)) { _ = try await store.load() }
        // A save replaces it with an owner-only file again.
        try await store.save(OAuthTokens(accessToken: "a2"))
        #expect(try mode(file) == 0o600)
        #expect(try await store.load()?.accessToken == "a2")
    }
}
