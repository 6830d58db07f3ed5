import Foundation
import Testing

/// Issue #40: the README, the DocC *Getting started* and the migration guides tell one install story —
/// the same dependency line, tools version and platform floor — and `Package.swift` agrees with them.
@Suite("One install story across the README, Getting started and the migration guides")
struct InstallStoryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let documents = [
        "README.md", "Sources/Courier/Courier.docc/GettingStarted.md",
        "Sources/Courier/Courier.docc/MigratingFromAlamofire.md", "Sources/Courier/Courier.docc/MigratingFromMoya.md",
    ]
    static let dependency = #".package(url: "https://github.com/courier-swift/courier", branch: "main""#

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("each document gives the same dependency line, and no other version of it", arguments: documents)
    func dependencyLine(_ path: String) throws {
        let text = try Self.text(path)
        #expect(text.contains(Self.dependency), "\(path)")
        let lines = text.split(separator: "\n").filter { $0.contains(#".package(url: "https://github.com/courier-swift/courier""#) }
        #expect(lines.allSatisfy { $0.contains(Self.dependency) }, "\(path): \(lines)")
    }

    @Test("each document gives the tools version and the platform floor Package.swift declares", arguments: documents)
    func toolsAndPlatforms(_ path: String) throws {
        let manifest = try Self.text("Package.swift")
        #expect(manifest.hasPrefix("// swift-tools-version: 6.2\n"))
        #expect(manifest.contains("platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)]"))
        let text = try Self.text(path)
        #expect(text.contains("Swift 6.2 tools"), "\(path)")
        for platform in ["macOS 14", "iOS 17", "tvOS 17", "watchOS 10", "Linux"] {
            #expect(text.contains(platform), "\(path): \(platform)")
        }
    }
}
