// CourierOperators is opt-in: nothing in Courier needs it, and a file that does not import it never sees
// these operators. FunNetworking's pipelines read top to bottom with them; plain method calls (`map`,
// `flatMap`, `retry`) do the same work in every other Courier module.
//
// ## How a pipeline parses
//
// ```swift
// "\(base)/agify?name=\(name)"
//     |>  URL.init(string:)
//     >=> request(timeout: .seconds(30))
//     |>  client.requestCall
//     <&> decodeJSON(AgeGuess.self)
// ```
//
// is `(((text |> (URL.init(string:) >=> request(timeout:))) |> client.requestCall) <&> decodeJSON(…))`:
// `>=>` binds tightest (it builds one function out of two), `<*>` next, and `|>`, `<&>`, `>>-` share the
// loosest group and read from left to right, like Haskell's `&`, `<&>` and `>>=` (all `infixl 1`).
//
// ## Living next to other operator libraries
//
// The precedence groups have names of their own (`Courier…Precedence`), so they never collide with
// another library's `ForwardApplication` or `MonadicPrecedenceLeft`. The operators themselves are
// global in Swift: a file that imports CourierOperators and another library that also declares `|>`
// (Overture, Bow, FunSwift, …) gets "ambiguous operator declarations" at each use. Import the two in
// different files, or declare the operator once in your own module — a local declaration wins over
// imported ones, and both libraries' functions stay usable:
//
// ```swift
// infix operator |>: CourierPipelinePrecedence
// ```
//
// Each group is ordered only against `AssignmentPrecedence` and the other two Courier groups: mixing
// one of these operators with `??`, `==` or `&&` without parentheses is a compile error, never a
// surprising parse.

/// The loosest group, shared by `|>` (pipe), `<&>` (map) and `>>-` (bind): a pipeline reads left to
/// right, each step applied to everything before it.
///
/// Only `AssignmentPrecedence` is below it, so `let call = text |> f <&> g` needs no parentheses.
precedencegroup CourierPipelinePrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
}

/// The group of `<*>` (apply): tighter than a pipeline, so `pair <*> a <*> b <&> show` applies first
/// and maps the result, and left-associative, so `curry(f) <*> a <*> b` feeds the arguments in order.
precedencegroup CourierApplyPrecedence {
    associativity: left
    higherThan: CourierPipelinePrecedence
}

/// The tightest group, of `>=>` (compose): `text |> URL.init(string:) >=> request()` composes the two
/// functions first and pipes the text into the result.
precedencegroup CourierCompositionPrecedence {
    associativity: left
    higherThan: CourierApplyPrecedence
}

/// Pipe: `value |> function` is `function(value)`.
infix operator |>: CourierPipelinePrecedence

/// Map: `wrapped <&> transform` changes the value inside a `Call`, an `Optional` or a `Result`.
infix operator <&>: CourierPipelinePrecedence

/// Bind: `wrapped >>- next` feeds the value inside into a function that makes the next wrapped value
/// (`flatMap`).
infix operator >>-: CourierPipelinePrecedence

/// Apply: `functionCall <*> valueCall` runs both calls at once and applies the function to the value.
infix operator <*>: CourierApplyPrecedence

/// Compose ("fish"): `f >=> g` is one function that runs `f`, then `g` on its result, stopping at the
/// first failure (`nil`, a thrown error, a failed `Call`).
infix operator >=>: CourierCompositionPrecedence
