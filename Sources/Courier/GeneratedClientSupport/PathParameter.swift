/// Path parameters in the styles plain interpolation cannot write: `label`, `matrix`, arrays and objects,
/// and values whose description is not their wire form (dates, enums).
///
/// The result is already an encoded path piece, for `\(raw:)`:
///
/// ```swift
/// let path: RequestPath = "/reports/\(raw: PathParameter.encode("ids", [3, 4], style: .matrix))"
/// // /reports/;ids=3,4
/// ```
///
/// A scalar `String` or `Int` in the `simple` style needs none of this: `"/pets/\(id)"` encodes it.
public enum PathParameter {
    /// `value` written in `style` and percent-encoded as path text; separators (`,` `.` `;` `=`) stay
    /// literal, and a value of `.` or `..` is encoded so it cannot climb out of its segment.
    ///
    /// - Parameters:
    ///   - name: the parameter's name, written by ``ParameterStyle/matrix``.
    ///   - value: the value: a string, number, boolean, date, enum, array or flat object.
    ///   - style: ``ParameterStyle/simple`` (OpenAPI's default for paths), ``ParameterStyle/label`` or
    ///     ``ParameterStyle/matrix``; the query styles are written as `simple`.
    ///   - explode: whether array elements and object fields are separated as separate values.
    /// - Returns: the encoded text (an empty array or object writes only the style's prefix); a value
    ///   that cannot be encoded (a non-finite number) is written as its description.
    public static func encode(_ name: String, _ value: some Encodable, style: ParameterStyle = .simple, explode: Bool = false) -> String {
        let shape = (try? ParameterValue.of(value)) ?? .text(String(describing: value))
        return ParameterStyles.path(name, shape, style: style, explode: explode)
    }
}
