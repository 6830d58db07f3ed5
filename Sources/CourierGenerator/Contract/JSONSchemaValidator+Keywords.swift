import Foundation
import OpenAPIKit

/// The keywords of one value on its own: numeric bounds, string length, pattern and format, array size and
/// uniqueness. Each returns its problems with the exact wording the tests pin.
extension JSONSchemaValidator {
    static func bounds(
        _ number: Double, value: ExampleValue, minimum: (Double, Bool)?, maximum: (Double, Bool)?, multipleOf: Double?,
        at pointer: String
    ) -> [ContractProblem] {
        var found: [ContractProblem] = []
        if let minimum {
            let (bound, exclusive) = minimum
            if exclusive, number <= bound {
                found.append(ContractProblem(at: pointer, problem: "\(value.shown) is not greater than the exclusive minimum \(shown(bound))"))
            } else if number < bound {
                found.append(ContractProblem(at: pointer, problem: "\(value.shown) is less than the minimum \(shown(bound))"))
            }
        }
        if let maximum {
            let (bound, exclusive) = maximum
            if exclusive, number >= bound {
                found.append(ContractProblem(at: pointer, problem: "\(value.shown) is not less than the exclusive maximum \(shown(bound))"))
            } else if number > bound {
                found.append(ContractProblem(at: pointer, problem: "\(value.shown) is greater than the maximum \(shown(bound))"))
            }
        }
        if let multipleOf, multipleOf > 0 {
            let quotient = number / multipleOf
            if abs(quotient - quotient.rounded()) > 1e-9 {
                found.append(ContractProblem(at: pointer, problem: "\(value.shown) is not a multiple of \(shown(multipleOf))"))
            }
        }
        return found
    }

    func stringProblems(
        _ text: String, format: String, context: JSONSchema.StringContext, at pointer: String
    ) -> [ContractProblem] {
        var found: [ContractProblem] = []
        let shownText = ExampleValue.string(text).shown
        let length = text.unicodeScalars.count
        if length < context.minLength {
            found.append(ContractProblem(
                at: pointer, problem: "\(shownText) is shorter than the minimum length \(context.minLength)"))
        }
        if let maximum = context.maxLength, length > maximum {
            found.append(ContractProblem(at: pointer, problem: "\(shownText) is longer than the maximum length \(maximum)"))
        }
        if let pattern = context.pattern, let expression = patterns.expression(for: pattern),
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
        {
            found.append(ContractProblem(at: pointer, problem: "\(shownText) does not match the pattern \(pattern)"))
        }
        if let problem = Self.formatProblem(text, format: format) {
            found.append(ContractProblem(at: pointer, problem: "\(shownText) is not \(problem)"))
        }
        return found
    }

    static func arrayProblems(_ items: [ExampleValue], context: JSONSchema.ArrayContext, at pointer: String) -> [ContractProblem] {
        var found: [ContractProblem] = []
        if items.count < context.minItems {
            found.append(ContractProblem(at: pointer, problem: "has \(items.count) items, fewer than the minimum \(context.minItems)"))
        }
        if let maximum = context.maxItems, items.count > maximum {
            found.append(ContractProblem(at: pointer, problem: "has \(items.count) items, more than the maximum \(maximum)"))
        }
        if context.uniqueItems {
            var seen: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                if let first = seen[item.canonicalJSON] {
                    found.append(ContractProblem(at: "\(pointer)/\(index)", problem: "repeats item \(first); items must be unique"))
                    break
                }
                seen[item.canonicalJSON] = index
            }
        }
        return found
    }

    /// What `text` is not (`a UUID`), or `nil` when it fits `format` or the format is not checked.
    static func formatProblem(_ text: String, format: String) -> String? {
        switch format {
        case "date-time":
            let plain = ISO8601DateFormatter()
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions.insert(.withFractionalSeconds)
            return plain.date(from: text) != nil || fractional.date(from: text) != nil ? nil : "an RFC 3339 date-time"
        case "date":
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return text.count == 10 && formatter.date(from: text) != nil ? nil : "an RFC 3339 full-date"
        case "uuid":
            return UUID(uuidString: text) != nil ? nil : "a UUID"
        case "byte":
            return Data(base64Encoded: text) != nil ? nil : "base64"
        case "email":
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
                ? nil : "an email address"
        case "ipv4":
            let octets = text.split(separator: ".", omittingEmptySubsequences: false)
            let valid = octets.count == 4 && octets.allSatisfy { octet in
                !octet.isEmpty && octet.count <= 3 && octet.allSatisfy(\.isASCII) && (Int(octet).map { $0 <= 255 } ?? false)
            }
            return valid ? nil : "an IPv4 address"
        default:
            return nil
        }
    }

    /// `3` for an integral bound, `2.5` otherwise.
    private static func shown(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
