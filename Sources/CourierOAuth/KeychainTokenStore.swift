#if canImport(Security)
import Foundation
import Security

/// Tokens kept in the Keychain, as a generic password item (Apple platforms only).
///
/// NOTE: compiled on Apple platforms only; Courier's tests run on Linux, so this store is untested there. Items are
/// accessible "after first unlock, this device only", so that a background
/// refresh works and the tokens never leave the device in a backup.
///
/// ```swift
/// let store = KeychainTokenStore(service: "com.example.app.oauth", account: "default")
/// ```
public struct KeychainTokenStore: OAuthTokenStore {
    /// A Keychain operation that failed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The `OSStatus`.
        public var status: Int32
        public var description: String {
            let message = SecCopyErrorMessageString(status, nil) as String? ?? "unknown"
            return "Keychain error \(status): \(message)"
        }
    }

    /// The item's service.
    public let service: String
    /// The item's account.
    public let account: String

    /// A store in the generic password item for `service` and `account`.
    public init(service: String, account: String = "default") {
        self.service = service
        self.account = account
    }

    private var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }

    public func load() async throws -> OAuthTokens? {
        var search = query
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw Failure(status: status) }
        return try JSONDecoder.tokens.decode(OAuthTokens.self, from: data)
    }

    public func save(_ tokens: OAuthTokens) async throws {
        let data = try JSONEncoder.tokens.encode(tokens)
        let update: [String: Any] = [kSecValueData as String: data]
        let status = SecItemUpdate(query as CFDictionary, update as CFDictionary)
        if status == errSecSuccess { return }
        guard status == errSecItemNotFound else { throw Failure(status: status) }
        var item = query
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let added = SecItemAdd(item as CFDictionary, nil)
        guard added == errSecSuccess else { throw Failure(status: added) }
    }

    public func clear() async throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw Failure(status: status) }
    }
}
#endif
