/// Writes `Tests/<M>Tests/<M>ExampleTests.swift`: one Swift Testing `@Test` per stubbed operation, calling the
/// generated `API.<group>.<operation>(…)` through a client on the example stubs and expecting the documented outcome
/// (the value for a success example, the operation's typed error for an error example).
///
/// Arguments: the parameter's documented example, else a placeholder of its type (`"example"`, `0`, `false`, `[]`,
/// an enum's first case). An operation whose required arguments cannot be written as literals (an object body, a
/// file) gets no test; its stub is still there.
struct ExampleTestEmitter {
    let model: APIModel
    let stubs: [StubEmitter.Stub]

    func file() -> GeneratedFile {
        let module = model.moduleName
        var out = SwiftWriter()
        var names = UniqueNames()
        out.line()
        out.doc("The operations of \"\(model.title.split(whereSeparator: \.isNewline).joined(separator: " "))\" against their documented examples.")
        out.line("@Suite")
        out.block("struct \(module)ExampleTests") { out in
            out.line(
                "let client = Courier.Client(transport: CourierTesting.StubTransport().stubbing\(module)Examples())"
                    + ".targeting(Courier.Server(host: \"stub.invalid\"))")
            for stub in stubs {
                guard let call = call(stub.operation) else { continue }
                let name = names.claim(
                    Identifier.bareMemberName(stub.operation.group.replacingBackticks())
                        + upperFirst(stub.operation.swiftName.replacingBackticks()))
                out.line()
                if stub.isSuccess {
                    out.doc("`\(stub.operation.operationID)` returns its documented \(stub.example.status) example.")
                    out.line("@Test")
                    out.block("func \(name)() async throws") { out in
                        out.line("_ = try await client.send(\(call))")
                    }
                } else {
                    out.doc("`\(stub.operation.operationID)` throws its documented \(stub.example.status) error.")
                    out.line("@Test")
                    out.block("func \(name)() async throws") { out in
                        out.block("do") { out in
                            out.line("_ = try await client.send(\(call))")
                            out.line("Issue.record(\"expected the documented \(stub.example.status) error\")")
                        }
                        out.block("catch let error as Courier.NetworkError") { out in
                            out.line("#expect(error.documentedError(as: \(stub.operation.errorTypeName).self) != nil)")
                        }
                    }
                }
            }
        }
        let imports = ["Courier", "CourierTesting", "Foundation", "Testing", module, module + "Testing"]
        return GeneratedFile(
            path: "Tests/\(module)Tests/\(module)ExampleTests.swift",
            contents: GeneratedHeader.swift(title: model.title, imports: imports) + out.text)
    }

    /// `API.article.getArticle(id: 1)`, or `nil` when a required argument has no literal.
    func call(_ operation: OperationDecl) -> String? {
        var arguments: [String] = []
        for parameter in operation.parameters where parameter.required {
            guard let value = literal(parameter.example, for: parameter.type, path: parameter.location == .path)
            else { return nil }
            arguments.append("\(Identifier.unquoted(parameter.swiftName)): \(value)")
        }
        var name = operation.swiftName
        if let body = operation.bodies.first {
            if !body.functionSuffix.isEmpty { name = operation.swiftName.replacingBackticks() + body.functionSuffix }
            if body.required {
                guard let value = literal(nil, for: body.type, path: false) else { return nil }
                arguments.append("body: \(value)")
            }
        }
        return "API.\(operation.group).\(name)(\(arguments.joined(separator: ", ")))"
    }

    /// A Swift expression of `type`: from `example` when it fits, else a placeholder; `nil` when there is none.
    func literal(_ example: ExampleValue?, for type: TypeRef, path: Bool) -> String? {
        switch type {
        case .optional(let wrapped):
            return literal(example, for: wrapped, path: path) ?? "nil"
        case .primitive(let primitive):
            return primitiveLiteral(example, primitive)
        case .array(let element):
            if case .array(let items)? = example {
                let values = items.compactMap { literal($0, for: element, path: path) }
                if values.count == items.count { return "[" + values.joined(separator: ", ") + "]" }
            }
            return "[]"
        case .dictionary:
            return "[:]"
        case .named(let name):
            guard let declaration = model.types.first(where: { $0.name == name }) else { return nil }
            switch declaration {
            case .enumeration(let enumeration):
                let wire: String? = switch example {
                case .string(let text)?: SwiftWriter.stringLiteral(text)
                case .int(let number)?: String(number)
                default: nil
                }
                let chosen = enumeration.cases.first { wire != nil && $0.wire == wire } ?? enumeration.cases.first
                return chosen.map { "\(name).\($0.swiftName)" }
            case .alias(let alias):
                return literal(example, for: alias.target, path: path)
            case .object, .union:
                return nil
            }
        }
    }

    private func primitiveLiteral(_ example: ExampleValue?, _ primitive: Primitive) -> String? {
        switch (primitive, example) {
        case (.string, .string(let text)?): return SwiftWriter.stringLiteral(text)
        case (.string, .int(let number)?): return SwiftWriter.stringLiteral(String(number))
        case (.string, _): return "\"example\""
        case (.int, .int(let number)?): return String(number)
        case (.int, _): return "0"
        case (.double, .int(let number)?): return String(number)
        case (.double, .double(let number)?): return number.isFinite ? "\(number)" : "0"
        case (.double, _): return "0"
        case (.bool, .bool(let value)?): return value ? "true" : "false"
        case (.bool, _): return "false"
        case (.date, _): return "Foundation.Date(timeIntervalSince1970: 0)"
        case (.uuid, .string(let text)?) where text.count == 36 && text.allSatisfy({ $0.isHexDigit || $0 == "-" }):
            return "Foundation.UUID(uuidString: \(SwiftWriter.stringLiteral(text)))!"
        case (.uuid, _): return "Foundation.UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))"
        case (.base64, _), (.data, _): return "Foundation.Data()"
        case (.json, _): return "Courier.JSONValue.null"
        case (.file, _): return nil
        }
    }

    private func upperFirst(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
