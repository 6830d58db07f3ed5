import Foundation
import Testing

/// `courier auth` and `courier send --oauth-…`, the built binary against the Authlib server that
/// `scripts/oauth-e2e.sh` starts (OAUTH_ISSUER_URL).
///
/// NOTE: CourierOAuthTests resets the same server between its tests; `scripts/test.sh` runs each test target in a
/// process of its own, one after another, so the two never overlap. A filter that runs both at once would.
@Suite(.serialized, .enabled(if: OAuthEnvironment.isAvailable, "OAUTH_ISSUER_URL is not set: source scripts/oauth-e2e.sh"))
struct AuthCommandTests {
    static var issuer: String? { OAuthEnvironment.issuer }

    @Test func sendWithClientCredentials() async throws {
        let issuer = try #require(Self.issuer, "OAUTH_ISSUER_URL is not set")
        let outcome = try await CourierProcess.run([
            "send", "--oauth-issuer", issuer, "--oauth-client-credentials", "service:service-secret", "--oauth-scope", "read", issuer + "/api/me",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("\"sub\": \"service\""))
        #expect(outcome.standardOutput.contains("\"scope\": \"read\""))

        let wrong = try await CourierProcess.run(["send", "--oauth-issuer", issuer, "--oauth-client-credentials", "service:wrong", issuer + "/api/me"])
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("invalid_client"))
        #expect(!wrong.standardError.contains("wrong"), "the secret is not printed")
    }

    @Test func misusedOAuthOptionsAreUsageErrors() async throws {
        let issuer = try #require(Self.issuer, "OAUTH_ISSUER_URL is not set")
        for arguments in [
            ["send", "--oauth-issuer", issuer, issuer + "/api/me"],
            ["send", "--oauth-client-credentials", "service:service-secret", issuer + "/api/me"],
            ["send", "--oauth-issuer", issuer, "--oauth-client-credentials", "service", issuer + "/api/me"],
            ["send", "--oauth-issuer", issuer, "--oauth-client-credentials", "a:b", "--oauth-client-id", "app", issuer + "/api/me"],
        ] {
            let outcome = try await CourierProcess.run(arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.contains("--oauth"), "\(outcome.standardError)")
        }
    }

    /// The device flow as a person uses it: the code on standard error, the approval elsewhere, the tokens in a
    /// 0600 file that `send` then uses; `logout` revokes them and deletes the file. The CLI waits the server's
    /// 5 second interval for real before its first poll.
    @Test func deviceLoginThenSendThenLogout() async throws {
        let issuer = try #require(Self.issuer, "OAUTH_ISSUER_URL is not set")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-auth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("tokens.json").path
        let login = try RunningCourier(["auth", "login", "--issuer", issuer, "--client-id", "app", "--scope", "read", "--store", store])
        var userCode: String?
        for _ in 0..<500 where userCode == nil {
            if let range = login.standardErrorSoFar.range(of: #"enter the code [A-Z]{4}-[A-Z]{4}"#, options: .regularExpression) {
                userCode = String(login.standardErrorSoFar[range].suffix(9))
            } else {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        let code = try #require(userCode, "no user code on standard error: \(login.standardErrorSoFar)")
        let approve = try await CourierProcess.run(["send", "--form", "POST", issuer + "/test/device/approve", "user_code=\(code)"])
        #expect(approve.status == 0, "\(approve.standardError)")
        let signedIn = await login.finished()
        #expect(signedIn.status == 0, "\(signedIn.standardError)")
        #expect(signedIn.standardError.contains("Signed in (scope: read)"))
        let mode = try #require(FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as? Int)
        #expect(mode == 0o600)

        let me = try await CourierProcess.run(["send", "--oauth-issuer", issuer, "--oauth-client-id", "app", "--oauth-store", store, issuer + "/api/me"])
        #expect(me.status == 0, "\(me.standardError)")
        #expect(me.standardOutput.contains("\"sub\": \"alice\""))

        let logout = try await CourierProcess.run(["auth", "logout", "--issuer", issuer, "--client-id", "app", "--store", store])
        #expect(logout.status == 0, "\(logout.standardError)")
        #expect(!FileManager.default.fileExists(atPath: store))
        let after = try await CourierProcess.run(["send", "--oauth-issuer", issuer, "--oauth-client-id", "app", "--oauth-store", store, issuer + "/api/me"])
        #expect(after.status == 1)
        #expect(after.standardError.contains("sign-in required"), "\(after.standardError)")
    }
}

enum OAuthEnvironment {
    static var issuer: String? { ProcessInfo.processInfo.environment["OAUTH_ISSUER_URL"].flatMap { $0.isEmpty ? nil : $0 } }
    /// The server is there, or its absence must fail the tests.
    static var isAvailable: Bool {
        issuer != nil || ProcessInfo.processInfo.environment["CI"] != nil || ProcessInfo.processInfo.environment["COURIER_REQUIRE_E2E"] != nil
    }
}
