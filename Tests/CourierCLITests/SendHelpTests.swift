import Foundation
import Testing

/// `courier send --help` groups its flags as HTTPie's help does, and each group's example is a command that parses.
@Suite("courier send --help")
struct SendHelpTests {
    /// The groups, in order, with flags each must hold.
    static let groups: [(heading: String, flags: [String])] = [
        ("REQUEST ITEMS:", ["<arguments>", "--json", "--form", "--multipart", "--ignore-stdin"]),
        ("OUTPUT:", ["--print", "--verbose", "--body", "--quiet", "--download", "--output", "--stream", "--offline", "--curl"]),
        ("AUTHENTICATION:", ["--auth", "--auth-type", "--bearer", "--basic", "--oauth-issuer", "--oauth-client-id"]),
        ("NETWORK:", ["--follow", "--max-redirects", "--retry", "--timeout", "--cache", "--proxy", "--noproxy", "--http2", "--http1.1"]),
        ("TLS:", ["--verify", "--cert", "--cert-key"]),
    ]

    /// The help's sections by heading: the lines under each, up to the next heading.
    static func sections(of help: String) -> [(heading: String, lines: [String])] {
        var sections: [(heading: String, lines: [String])] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let first = line.first, first.isUppercase, line.hasSuffix(":"), line == line.uppercased() {
                sections.append((line, []))
            } else if !sections.isEmpty {
                sections[sections.count - 1].lines.append(line)
            }
        }
        return sections
    }

    @Test("the flags come in HTTPie's groups, in its order, each group with an example")
    func grouped() async throws {
        let help = try await CourierProcess.run(["send", "--help"])
        #expect(help.status == 0)
        let sections = Self.sections(of: help.standardOutput)
        #expect(sections.map(\.heading) == Self.groups.map(\.heading) + ["OPTIONS:"])
        for (heading, flags) in Self.groups {
            let lines = sections.first { $0.heading == heading }?.lines ?? []
            let text = lines.joined(separator: "\n")
            for flag in flags {
                #expect(text.contains(flag), "\(heading) lacks \(flag)")
            }
            let examples = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("e.g. courier send ") }
            #expect(examples.count == 1, "\(heading) has \(examples.count) examples")
        }
        // Only --help is left ungrouped.
        let ungrouped = sections.last?.lines.filter { $0.hasPrefix("  -") } ?? []
        #expect(ungrouped == ["  -h, --help              Show help information."])
    }

    @Test("each group's example is a command courier accepts")
    func examplesParse() async throws {
        let help = try await CourierProcess.run(["send", "--help"]).standardOutput
        let examples = help.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("e.g. courier send ") }
        #expect(examples.count == Self.groups.count)
        for example in examples {
            // The words up to a parenthesised remark; --offline builds the request without a server.
            let command = example.dropFirst("e.g. courier ".count).split(separator: "(").first ?? ""
            let words = command.split(separator: " ").map(String.init)
            let outcome = try await CourierProcess.run(words + ["--offline"])
            #expect(outcome.status == 0, "\(example): \(outcome.standardError)")
        }
    }
}
