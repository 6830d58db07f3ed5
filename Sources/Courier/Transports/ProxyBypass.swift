import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The hosts a request reaches without its proxy: `no_proxy`'s syntax, as curl and Go read it.
///
/// Entries are separated by commas (spaces around them are ignored) and compared without case:
/// - `*` alone: every host;
/// - a name: that host and every name under it (`example.com` and `.example.com` both match `example.com`
///   and `api.example.com`, not `notexample.com`); a leading `*.` is read as `.`;
/// - an IP address, IPv4 or IPv6 (`::1` or `[::1]`), or a CIDR block (`10.0.0.0/8`, `fd00::/8`): a host
///   written as an address inside it (names are not resolved to check);
/// - any of these followed by `:port` (`example.com:8080`, `[::1]:8443`): only requests to that port.
public struct ProxyBypass: Sendable, Hashable {
    private enum Rule: Sendable, Hashable {
        case everything
        case domain(String, port: Int?)
        case network([UInt8], prefix: Int, port: Int?)
    }

    private let rules: [Rule]
    /// The entries as given, trimmed, without empty ones.
    public let entries: [String]

    /// The entries of a `no_proxy` value: `"localhost,127.0.0.1,.internal"`.
    public init(list: String) {
        self.init(list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init))
    }

    /// The entries one by one; an empty list bypasses nothing.
    public init(_ entries: [String] = []) {
        self.entries = entries.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        rules = self.entries.compactMap(Self.rule)
    }

    /// Whether a request to `host`:`port` goes direct.
    public func matches(host: String, port: Int) -> Bool {
        guard !rules.isEmpty else { return false }
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        let address = Self.address(name)
        return rules.contains { rule in
            switch rule {
            case .everything:
                return true
            case .domain(let domain, let rulePort):
                guard rulePort == nil || rulePort == port else { return false }
                return name == domain || name.hasSuffix("." + domain)
            case .network(let network, let prefix, let rulePort):
                guard rulePort == nil || rulePort == port, let address, address.count == network.count else { return false }
                return Self.prefix(of: address, equals: network, bits: prefix)
            }
        }
    }

    private static func rule(_ raw: String) -> Rule? {
        var entry = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard !entry.isEmpty else { return nil }
        if entry == "*" { return .everything }
        // The port: after `]` for a bracketed IPv6 address, after the only colon otherwise (a bare IPv6
        // address has several and no port).
        var port: Int?
        if entry.hasPrefix("[") {
            guard let close = entry.firstIndex(of: "]") else { return nil }
            let rest = entry[entry.index(after: close)...]
            if rest.hasPrefix(":") {
                guard let value = Int(rest.dropFirst()) else { return nil }
                port = value
            } else if !rest.isEmpty {
                return nil
            }
            entry = String(entry[entry.index(after: entry.startIndex)..<close])
        } else if entry.filter({ $0 == ":" }).count == 1, let colon = entry.firstIndex(of: ":") {
            guard let value = Int(entry[entry.index(after: colon)...]) else { return nil }
            port = value
            entry = String(entry[..<colon])
        }
        // An address or a block.
        let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
        if let bytes = address(parts.first ?? "") {
            let bits = bytes.count * 8
            guard parts.count == 1 || Int(parts[1]).map({ (0...bits).contains($0) }) == true else { return nil }
            return .network(bytes, prefix: parts.count == 2 ? Int(parts[1])! : bits, port: port)
        }
        if entry.hasPrefix("*.") { entry.removeFirst(2) }
        while entry.hasPrefix(".") { entry.removeFirst() }
        if entry.hasSuffix(".") { entry.removeLast() }
        guard !entry.isEmpty, !entry.contains("/") else { return nil }
        return .domain(entry, port: port)
    }

    /// The bytes of an IPv4 or IPv6 address written as text, or `nil` for a name.
    private static func address(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    private static func prefix(of address: [UInt8], equals network: [UInt8], bits: Int) -> Bool {
        var remaining = bits
        for (a, n) in zip(address, network) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard a & mask == n & mask else { return false }
            remaining -= 8
        }
        return true
    }
}
