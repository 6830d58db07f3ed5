/// How an OpenAPI parameter's value is written (the parameter object's `style`): RFC 6570 templates for
/// ``form``, ``simple``, ``label`` and ``matrix``, and OpenAPI's own ``spaceDelimited``,
/// ``pipeDelimited`` and ``deepObject``.
///
/// With `color` = `["blue", "black", "brown"]` and `{R: 100, G: 200, B: 150}`:
///
/// | style | explode | array | object |
/// |---|---|---|---|
/// | form | false | `color=blue,black,brown` | `color=R,100,G,200,B,150` |
/// | form | true | `color=blue&color=black&color=brown` | `R=100&G=200&B=150` |
/// | spaceDelimited | false | `color=blue black brown` | `color=R 100 G 200 B 150` |
/// | pipeDelimited | false | `color=blue\|black\|brown` | `color=R\|100\|G\|200\|B\|150` |
/// | deepObject | true | `color[]=blue&color[]=black…` | `color[R]=100&color[G]=200&color[B]=150` |
/// | simple | false | `blue,black,brown` | `R,100,G,200,B,150` |
/// | simple | true | `blue,black,brown` | `R=100,G=200,B=150` |
/// | label | false | `.blue,black,brown` | `.R,100,G,200,B,150` |
/// | label | true | `.blue.black.brown` | `.R=100.G=200.B=150` |
/// | matrix | false | `;color=blue,black,brown` | `;color=R,100,G,200,B,150` |
/// | matrix | true | `;color=blue;color=black;color=brown` | `;R=100;G=200;B=150` |
public enum ParameterStyle: Sendable, Hashable {
    /// `name=value`, the default for query parameters and cookies.
    case form
    /// Array elements (or object keys and values) separated by spaces; query only.
    case spaceDelimited
    /// Array elements (or object keys and values) separated by `|`; query only.
    case pipeDelimited
    /// `name[key]=value` for each field, nested objects as `name[key][inner]=value`; query only.
    case deepObject
    /// Comma-separated values, the default for path parameters and headers.
    case simple
    /// Values after a `.`; path only.
    case label
    /// `;name=value`; path only.
    case matrix
}
