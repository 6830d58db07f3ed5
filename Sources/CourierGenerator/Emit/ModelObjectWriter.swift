/// Structs for object schemas: stored properties, an explicit `public init` (required first, optionals `= nil`,
/// tri-state `Courier.Nullable`s `= .absent`), `CodingKeys` with the wire names, and hand-written coding only where
/// synthesis would be wrong — a required nullable property must be *sent* as `null`, a tri-state one must omit its
/// key when absent and read a missing key as absent, and extra keys (`additionalProperties`) need a dynamic key.
/// A struct whose properties are all optional says which keys are its own (`Courier.DocumentedObject`), so a body
/// of another shape is reported rather than decoded to all `nil`s.
extension SwiftWriter {
    mutating func object(_ object: ObjectDecl) {
        doc(object.doc, object.deprecated ? "- Deprecated: the API marks this schema deprecated." : nil)
        let documented = Self.documentsKeys(object) ? ", Courier.DocumentedObject" : ""
        block("public struct \(object.name): \(ModelEmitter.conformances(encodeOnly: object.isEncodeOnly))\(documented)") { w in
            for property in object.properties { w.storedProperty(property) }
            if let additional = object.additionalProperties {
                w.doc("Keys the schema does not declare, with their values.")
                w.line("public var additionalProperties: [Swift.String: \(additional.swift)]")
            }
            w.line()
            w.memberwiseInit(object)
            if !object.properties.isEmpty {
                w.line()
                w.block("enum CodingKeys: Swift.String, Swift.CodingKey") { w in
                    for property in object.properties {
                        let bare = Identifier.unquoted(property.swiftName)
                        let name = property.boxed ? "_" + bare : property.swiftName
                        w.line(bare == property.wireName && !property.boxed
                            ? "case \(name)" : "case \(name) = \(SwiftWriter.stringLiteral(property.wireName))")
                    }
                }
            }
            if !documented.isEmpty {
                w.line()
                let keys = object.properties.map { SwiftWriter.stringLiteral($0.wireName) }.joined(separator: ", ")
                w.line("public static let documentedKeys: Swift.Set<Swift.String> = [\(keys)]")
            }
            let encodesNulls = object.properties.contains { $0.required && $0.nullable }
            let triState = object.properties.contains(where: \.isTriState)
            if (object.additionalProperties != nil || triState) && !object.isEncodeOnly {
                w.line()
                w.modelDecoder(object)
            }
            if object.additionalProperties != nil || triState || encodesNulls {
                w.line()
                w.modelEncoder(object)
            }
            if object.additionalProperties != nil {
                w.line()
                w.dynamicKey()
            }
        }
    }

    /// Properties all optional and no extra keys: any JSON object would decode, so the keys are listed.
    private static func documentsKeys(_ object: ObjectDecl) -> Bool {
        !object.properties.isEmpty && !object.properties.contains(where: \.required)
            && object.additionalProperties == nil && !object.isEncodeOnly
    }

    /// The property's Swift type: `Courier.Nullable<X>`, `X?` or `X`.
    private static func swiftType(_ property: PropertyDecl, _ type: String) -> String {
        if property.isTriState { return "Courier.Nullable<\(type)>" }
        return property.isOptional ? type + "?" : type
    }

    private mutating func storedProperty(_ property: PropertyDecl) {
        let type = property.isTriState
            ? "Courier.Nullable<\(property.type.swift)>"
            : property.isOptional ? TypeRef.optional(property.type).swift : property.type.swift
        doc(property.doc, property.deprecated ? "- Deprecated: the API marks this property deprecated." : nil)
        guard property.boxed else {
            line("public var \(property.swiftName): \(type)")
            return
        }
        let storage = "_" + Identifier.unquoted(property.swiftName)
        let boxType = "Courier.Indirect<\(property.type.swift)>"
        block("public var \(property.swiftName): \(type)") { w in
            if property.isTriState {
                w.line("get { \(storage).map(\\.value) }")
                w.line("set { \(storage) = newValue.map { Courier.Indirect($0) } }")
            } else if property.isOptional {
                w.line("get { \(storage)?.value }")
                w.line("set { \(storage) = newValue.map { Courier.Indirect($0) } }")
            } else {
                w.line("get { \(storage).value }")
                w.line("set { \(storage) = Courier.Indirect(newValue) }")
            }
        }
        line("private var \(storage): \(Self.swiftType(property, boxType))")
    }

    private mutating func memberwiseInit(_ object: ObjectDecl) {
        let ordered = object.properties.filter(\.required) + object.properties.filter { !$0.required }
        var parameters = ordered.map { property in
            property.isTriState
                ? "\(property.swiftName): Courier.Nullable<\(property.type.swift)> = .absent"
                : property.isOptional
                ? "\(property.swiftName): \(TypeRef.optional(property.type).swift)\(property.required ? "" : " = nil")"
                : "\(property.swiftName): \(property.type.swift)"
        }
        if let additional = object.additionalProperties {
            parameters.append("additionalProperties: [Swift.String: \(additional.swift)] = [:]")
        }
        let oneLine = "public init(\(parameters.joined(separator: ", "))) {"
        if oneLine.count <= 116 {
            line(oneLine)
        } else {
            line("public init(")
            for (index, parameter) in parameters.enumerated() {
                line("    " + parameter + (index == parameters.count - 1 ? "" : ","))
            }
            line(") {")
        }
        indented { w in w.initAssignments(object, ordered: ordered) }
        line("}")
    }

    private mutating func initAssignments(_ object: ObjectDecl, ordered: [PropertyDecl]) {
        for property in ordered {
            let name = property.swiftName
            if property.boxed {
                let storage = "_" + Identifier.unquoted(name)
                line(property.isOptional
                    ? "self.\(storage) = \(name).map { Courier.Indirect($0) }"
                    : "self.\(storage) = Courier.Indirect(\(name))")
            } else {
                line("self.\(name) = \(name)")
            }
        }
        if object.additionalProperties != nil { line("self.additionalProperties = additionalProperties") }
    }

    private mutating func modelEncoder(_ object: ObjectDecl) {
        block("public func encode(to encoder: any Swift.Encoder) throws") { w in
            if !object.properties.isEmpty {
                w.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            }
            for property in object.properties {
                let name = property.boxed ? "_" + Identifier.unquoted(property.swiftName) : property.swiftName
                let method = property.isTriState ? "encodeUnlessAbsent"
                    : property.required || !property.isOptional ? "encode" : "encodeIfPresent"
                w.line("try container.\(method)(self.\(name), forKey: .\(name))")
            }
            if object.additionalProperties != nil {
                w.line("var extra = encoder.container(keyedBy: DynamicKey.self)")
                let filter = object.properties.isEmpty ? "" : " where CodingKeys(stringValue: key) == nil"
                w.block("for (key, value) in additionalProperties\(filter)") { w in
                    w.line("try extra.encode(value, forKey: DynamicKey(stringValue: key))")
                }
            }
        }
    }

    private mutating func modelDecoder(_ object: ObjectDecl) {
        block("public init(from decoder: any Swift.Decoder) throws") { w in
            if !object.properties.isEmpty {
                w.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            }
            for property in object.properties {
                let name = property.boxed ? "_" + Identifier.unquoted(property.swiftName) : property.swiftName
                let type = property.boxed ? "Courier.Indirect<\(property.type.swift)>" : property.type.swift
                let method = property.isTriState ? "decodeNullable" : property.isOptional ? "decodeIfPresent" : "decode"
                w.line("self.\(name) = try container.\(method)(\(type).self, forKey: .\(name))")
            }
            guard let valueType = object.additionalProperties else { return }
            w.line("let extra = try decoder.container(keyedBy: DynamicKey.self)")
            w.line("var additionalProperties: [Swift.String: \(valueType.swift)] = [:]")
            let filter = object.properties.isEmpty ? "" : " where CodingKeys(stringValue: key.stringValue) == nil"
            w.block("for key in extra.allKeys\(filter)") { w in
                w.line("additionalProperties[key.stringValue] = try extra.decode(\(valueType.swift).self, forKey: key)")
            }
            w.line("self.additionalProperties = additionalProperties")
        }
    }

    private mutating func dynamicKey() {
        block("private struct DynamicKey: Swift.CodingKey") { w in
            w.line("var stringValue: Swift.String")
            w.line("var intValue: Swift.Int? { nil }")
            w.line("init(stringValue: Swift.String) { self.stringValue = stringValue }")
            w.line("init?(intValue: Swift.Int) { nil }")
        }
    }
}
