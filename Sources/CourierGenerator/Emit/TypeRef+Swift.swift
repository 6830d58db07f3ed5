/// How a ``TypeRef`` is spelled in generated Swift source. Everything built in is module-qualified
/// (`Swift.String`, `Foundation.Date`, `Courier.JSONValue`) so a generated type named `String`, `Date` or `Data`
/// (common schema names) never shadows it.
extension TypeRef {
    var swift: String {
        switch self {
        case .named(let name): name
        case .primitive(let primitive): primitive.swift
        case .array(let element): "[\(element.swift)]"
        case .dictionary(let value): "[Swift.String: \(value.swift)]"
        case .optional(let wrapped): wrapped.isOptional ? wrapped.swift : "\(wrapped.swift)?"
        }
    }

    /// `true` for `.optional` (so `optional(optional(T))` is spelled `T?`, not `T??`).
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without one level of `.optional`.
    var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }
}

extension Primitive {
    /// The fully qualified Swift type for this primitive.
    var swift: String {
        switch self {
        case .string: "Swift.String"
        case .int: "Swift.Int"
        case .double: "Swift.Double"
        case .bool: "Swift.Bool"
        case .date: "Foundation.Date"
        case .uuid: "Foundation.UUID"
        case .base64, .data: "Foundation.Data"
        case .file: "Courier.MultipartFile"
        case .json: "Courier.JSONValue"
        }
    }
}
