import Courier
import Foundation

/// What the user needs to finish a device sign-in (RFC 8628 §3.2): a code to type at a page on another device.
public struct DeviceAuthorization: Sendable, Hashable {
    /// The code the user types (`WDJB-MJHT`). Not a secret: show it.
    public var userCode: String
    /// Where the user types it.
    public var verificationURI: URL
    /// The page with the code filled in, when the server offers one (for a QR code).
    public var verificationURIComplete: URL?
    /// How long the code stays valid.
    public var expiresIn: Duration
    /// How long to wait between polls, as the server asked (5 seconds when it did not say).
    public var interval: Duration
}

extension OAuthSession {
    /// Signs the user in with the device authorization grant (RFC 8628): asks for a user code, hands it to `show`,
    /// then polls the token endpoint until the user has finished, and keeps the tokens.
    ///
    /// Polling waits `interval` between polls on the session's clock, adds 5 seconds on `slow_down`, keeps going on
    /// `authorization_pending`, and stops at the code's expiry.
    ///
    /// ```swift
    /// try await session.signIn(device: { device in
    ///     print("Open \(device.verificationURI) and enter \(device.userCode)")
    /// })
    /// ```
    ///
    /// - Throws: ``OAuthError/Code/accessDenied`` when the user refused, ``OAuthError/Code/expiredToken`` when the
    ///   code expired first (said by the server, or its `expires_in` passed), ``OAuthError/Code/notOffered`` when
    ///   the server has no device authorization endpoint, `CancellationError` when the task is cancelled.
    public func signIn(device show: @Sendable (DeviceAuthorization) async throws -> Void) async throws {
        guard let endpoint = server.deviceAuthorizationEndpoint else {
            throw OAuthError(.notOffered, description: "\(server.issuer) has no device authorization endpoint")
        }
        var fields: [(String, String)] = []
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        let object = try await post.send(to: endpoint, fields)
        guard let deviceCode = object["device_code"] as? String, let userCode = object["user_code"] as? String,
            let verification = (object["verification_uri"] as? String).flatMap(URL.init(string:)),
            let expiresIn = OAuthSeconds.clamped(object["expires_in"] as? Double)
        else {
            throw OAuthError(.invalidResponse, description: "the device authorization answer lacks device_code, user_code, verification_uri or expires_in")
        }
        // At least a second between polls, whatever the server says (RFC 8628 §3.2: 5 when it says nothing).
        var interval = OAuthSeconds.clamped((object["interval"] as? Double) ?? 5, atLeast: 1) ?? .seconds(5)
        generation += 1
        let device = DeviceAuthorization(
            userCode: userCode,
            verificationURI: verification,
            verificationURIComplete: (object["verification_uri_complete"] as? String).flatMap(URL.init(string:)),
            expiresIn: expiresIn,
            interval: interval)
        try await show(device)

        var waited = Duration.zero
        while true {
            try await sleep(interval)
            waited += interval
            do {
                _ = try await issue([("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode)])
                return
            } catch let error as OAuthError where error.code == .authorizationPending || error.code == .slowDown {
                // RFC 8628 §3.5: slow_down adds 5 seconds to this and every later interval.
                if error.code == .slowDown { interval += .seconds(5) }
            }
            if waited >= device.expiresIn {
                throw OAuthError(.expiredToken, description: "the user code expired (after \(device.expiresIn)) before the user finished")
            }
        }
    }
}
