#!/usr/bin/env python3
"""Checks the rules of docs/architecture.md against the sources, without building anything.

Usage: scripts/check-architecture.py [--root DIR] [--self-test]

Reads Package.swift (every target, its path and its dependencies) and the Swift files under each target's path
(comments and string literals removed, so an example in a doc comment or the text the generator emits is not code),
then checks:

  1. the core (`Courier`) depends only on Foundation and the swift-http-types and swift-server API packages, and
     imports nothing else: never NIO;
  2. middleware never names a transport: no concrete transport type (`URLSessionTransport`,
     `AsyncHTTPClientTransport`, any type declared `: Transport`) in the code under Sources/Courier/Middleware;
  3. the generator never links Courier: `CourierGenerator` does not depend on it, directly or through another target,
     and the CLI's generator part (Sources/courier/Generate) imports only the generator, ArgumentParser and Foundation;
  4. every target imports only the platform's modules, what it declares in Package.swift and what the targets it
     depends on declare (an import that works only because some package happens to bring it is refused);
  5. docs/architecture.md lists exactly Package.swift's targets, each with its folder, the targets it depends on and
     its products from other packages; every folder of Sources/Courier and Sources/Courier/Middleware is named in it,
     and every path it names exists;
  6. an option read outside the folder that declares it (through `options.name` or `options[Key.self]`) is declared
     in Sources/Courier/Core;
  7. the toolkit's proof target (MiddlewareToolkitTests) imports nothing with `@testable` and names none of the
     core's `package` types;
  8. a built-in uses only what a user's layer can: no file under Sources/Courier/Middleware names an internal or
     `package` declaration of Sources/Courier/Core (a type, or a member or function declared at type level) unless
     CORE_INTERNAL_EXCEPTIONS lists it with its reason;
  9. the core knows no built-in: no file of Sources/Courier/Core, Errors or Endpoint names a type declared under
     Sources/Courier/Middleware or calls a builder method one declares on `Client`.

Prints one line per violation and exits 1 when there is any; prints a one-line summary and exits 0 otherwise.
`--self-test` runs this script's own tests (scripts/test_check_architecture.py), which build small trees with a
violation each and expect it to be reported.
"""

import argparse
import os
import re
import sys

ARCHITECTURE = "docs/architecture.md"
CORE = "Courier"
CORE_FOLDER = "Sources/Courier"
MIDDLEWARE_FOLDER = "Sources/Courier/Middleware"
GENERATOR = "CourierGenerator"
CLI_GENERATOR_FOLDER = "Sources/courier/Generate"
CLI_GENERATOR_IMPORTS = {"ArgumentParser", "CourierGenerator", "Foundation"}

# What the core may depend on (DESIGN.md, "Modules"): cheap API packages, no-op by default.
CORE_PRODUCTS = {"HTTPTypes", "HTTPTypesFoundation", "Logging", "Metrics", "Tracing"}
# The transports DESIGN.md names; any other type declared `: Transport` under Sources/ is added to them.
NAMED_TRANSPORTS = {"URLSessionTransport", "AsyncHTTPClientTransport"}

# Modules of the toolchain and the platforms: importable by any target.
PLATFORM_MODULES = {
    "Foundation", "FoundationNetworking", "FoundationEssentials", "FoundationXML", "Dispatch", "Darwin", "Glibc",
    "Musl", "Android", "WinSDK", "ucrt", "Combine", "os", "Security", "Synchronization", "Observation", "_Concurrency",
    "Testing", "XCTest", "PackageDescription", "SwiftUI", "UIKit",
}
# A product whose name is not its only module: the modules an importer of the product may name.
PRODUCT_MODULES = {
    "Metrics": {"Metrics", "CoreMetrics"},
    "Tracing": {"Tracing", "Instrumentation", "ServiceContextModule"},
    "InMemoryTracing": {"InMemoryTracing", "Tracing", "Instrumentation", "ServiceContextModule"},
    "MetricsTestKit": {"MetricsTestKit", "Metrics", "CoreMetrics"},
}

# Options read outside the folder that declares them, on purpose and for now: name -> why.
OPTION_EXCEPTIONS: dict = {}

# Internal declarations of Sources/Courier/Core that built-ins may use although a user's layer cannot (rule 8):
# name -> why.
CORE_INTERNAL_EXCEPTIONS: dict = {
    "HeaderValidation": "RFC 9110's field-value grammar, which HTTPTypes also checks (HTTPField.isValidValue) for users",
    "isValidValue": "the same check, HeaderValidation's member",
    "timeoutIsFromLayer": "timingOut(after:) marks the timeout it wrote, so that an inner one does not take it for the "
                          "caller's; it changes no exchange and no user layer needs it",
    "Resolution": "targeting(_:) keeps Server.resolve(_:)'s work done once per client; the operation is public",
    "DownloadResumerSlotKey": "a download (Transfers) asks the retry layer to resume it: a link between two built-ins, "
                              "not a hook into the chain",
    "idempotentMethods": "RFC 9110's list of idempotent methods, shared with the transports (`package`); a user's "
                         "layer writes the RFC's list",
    "URLStringParser": "the WHATWG URL parser the core parses every URL with; redirects resolve Location with it so "
                       "that a followed URL is read exactly as a URL given to ClientRequest",
    "Parts": "URLStringParser's result",
    "PercentEncoding": "RFC 3986 / RFC 6265 character sets; a user's layer uses Foundation's",
    "Allowed": "PercentEncoding's sets",
    "cookieOctets": "PercentEncoding's cookie-octet set",
}
# The folders of the core that must not name a built-in (rule 9).
BUILTIN_FREE_FOLDERS = ("Sources/Courier/Core/", "Sources/Courier/Errors/", "Sources/Courier/Endpoint/")

TARGET_KINDS = ("target", "testTarget", "executableTarget", "systemLibrary", "binaryTarget", "plugin", "macro")


class Target:
    def __init__(self, name, kind, path, local, products):
        self.name, self.kind, self.path = name, kind, path
        self.local = local          # names of this package's targets it depends on, in order
        self.products = products    # names of other packages' products it depends on, in order

    def __repr__(self):
        return f"Target({self.name!r}, {self.path!r}, local={self.local}, products={self.products})"


# --- Swift source, read just enough -------------------------------------------------------------------------------

def strip_swift(text, strings=True):
    """`text` with comments (nested block comments too) blanked out and, when `strings`, the contents of string
    literals as well (single-line, multi-line and raw). Newlines are kept, so line numbers stay right."""
    out = []
    i, n = 0, len(text)

    def blank(segment):
        out.append(re.sub(r"[^\n]", " ", segment))

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(text[i:end])
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(text[i:j])
            i = j
        elif c == '"' or (c == "#" and re.match(r"#+\"", text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            j = i + hashes
            multi = text.startswith('"""', j)
            quote = '"""' if multi else '"'
            closing = quote + "#" * hashes
            j += len(quote)
            while j < n:
                if hashes == 0 and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(closing, j):
                    j += len(closing)
                    break
                if not multi and text[j] == "\n":  # an unterminated literal: stop at the line's end
                    break
                j += 1
            literal = text[i:j]
            if strings:
                out.append(literal[:hashes + len(quote)])
                blank(literal[hashes + len(quote):])
            else:
                out.append(literal)
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


IMPORT = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func|actor)[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)


def imports(code):
    """(line, module) for every import in `code` (already stripped of comments and strings)."""
    return [(code.count("\n", 0, m.start()) + 1, m.group(1)) for m in IMPORT.finditer(code)]


DECLARATION = re.compile(r"\b(?:struct|class|actor|enum|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)(?:<[^>{]*>)?\s*:([^{]*)\{")


def transport_types(code):
    """The types `code` declares, or extends, as conforming to `Transport`."""
    found = set()
    for m in DECLARATION.finditer(code):
        # `Transport`, `Courier.Transport`, and either inside a composition (`Transport & Sendable`).
        parts = re.split(r"[,&]", m.group(2).split("where")[0])
        conformances = [part.strip().split()[-1].split(".")[-1] for part in parts if part.strip()]
        if "Transport" in conformances:
            found.add(m.group(1).split(".")[-1])
    return found


# --- Package.swift -------------------------------------------------------------------------------------------------

def balanced(text, start):
    """The index just past the bracket that closes the one at `start` (strings and comments already blanked)."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = []
    for i in range(start, len(text)):
        c = text[i]
        if c in pairs:
            stack.append(pairs[c])
        elif stack and c == stack[-1]:
            stack.pop()
            if not stack:
                return i + 1
    raise ValueError("unbalanced brackets in Package.swift")


def top_level_arguments(text):
    """`label: value` pairs of an argument list (the text between its parentheses), split at depth 0."""
    arguments, depth, start, in_string = {}, 0, 0, False
    pieces = []
    for i, c in enumerate(text):
        if c == '"':
            in_string = not in_string
        elif not in_string:
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            elif c == "," and depth == 0:
                pieces.append(text[start:i])
                start = i + 1
    pieces.append(text[start:])
    for piece in pieces:
        m = re.match(r"\s*([A-Za-z_]\w*)\s*:(.*)", piece, re.DOTALL)
        if m and m.group(1) not in arguments:
            arguments[m.group(1)] = m.group(2).strip()
    return arguments


def parse_package(source):
    """Every target of a Package.swift: name, kind, path and dependencies."""
    code = strip_swift(source, strings=False)
    package_at = re.search(r"\bPackage\s*\(", code)
    if not package_at:
        raise ValueError("Package.swift has no `Package(…)`")
    body = top_level_arguments(code[package_at.end():balanced(code, package_at.end() - 1) - 1]).get("targets")
    if not body:
        raise ValueError("Package.swift has no `targets:` list")
    found = []
    for m in re.finditer(r"\.(%s)\s*\(" % "|".join(TARGET_KINDS), body):
        if found and m.start() < found[-1][2]:
            continue  # inside the previous target (a `.target(name:)` dependency)
        end = balanced(body, m.end() - 1)
        found.append((m.group(1), body[m.end():end - 1], end))
    names = set()
    parsed = []
    for kind, arguments_text, _ in found:
        arguments = top_level_arguments(arguments_text)
        name = re.match(r'"([^"]+)"', arguments.get("name", ""))
        if not name:
            raise ValueError(f"a .{kind} in Package.swift has no literal name")
        names.add(name.group(1))
        parsed.append((kind, name.group(1), arguments))
    targets = []
    for kind, name, arguments in parsed:
        path = re.match(r'"([^"]+)"', arguments.get("path", ""))
        default = {"testTarget": "Tests", "plugin": "Plugins"}.get(kind, "Sources")
        local, products = [], []
        # A dependency's `condition:` names traits and platforms in strings, never a dependency.
        dependencies = re.sub(r"condition\s*:\s*\.when\s*\([^)]*\)", "", arguments.get("dependencies", "[]"))
        for dependency in re.finditer(r'\.product\s*\(\s*name\s*:\s*"([^"]+)"|\.(?:target|byName)\s*\(\s*name\s*:\s*"([^"]+)"|"([^"]+)"', dependencies):
            product, target, bare = dependency.groups()
            if product:
                products.append(product)
            elif target:
                local.append(target)
            elif bare and not re.search(r'package\s*:\s*$', dependencies[:dependency.start()]):
                (local if bare in names else products).append(bare)
        targets.append(Target(name, kind, (path.group(1) if path else f"{default}/{name}").rstrip("/"), local, products))
    return targets


# --- The checks ----------------------------------------------------------------------------------------------------

def swift_files(root, targets):
    """{target name: [(relative path, source)]}: each file belongs to the target with the longest path holding it."""
    by_path = sorted(targets, key=lambda t: len(t.path), reverse=True)
    files = {t.name: [] for t in targets}
    seen = set()
    for target in by_path:
        folder = os.path.join(root, target.path)
        for directory, subdirectories, names in os.walk(folder):
            subdirectories.sort()
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                relative = os.path.relpath(os.path.join(directory, name), root)
                if relative in seen:
                    continue
                seen.add(relative)
                with open(os.path.join(root, relative), encoding="utf-8") as handle:
                    files[target.name].append((relative, handle.read()))
    return files


def modules_of(product):
    return PRODUCT_MODULES.get(product, {product})


def reachable(targets_by_name, name):
    """The targets `name` depends on, directly or through other targets of the package."""
    seen, stack = set(), list(targets_by_name[name].local)
    while stack:
        current = stack.pop()
        if current in seen or current not in targets_by_name:
            continue
        seen.add(current)
        stack.extend(targets_by_name[current].local)
    return seen


def allowed_imports(targets_by_name, name):
    target = targets_by_name[name]
    allowed = set(PLATFORM_MODULES)
    for product in target.products:
        allowed |= modules_of(product)
    for dependency in reachable(targets_by_name, name):
        allowed.add(dependency)
        for product in targets_by_name[dependency].products:
            allowed |= modules_of(product)
    return allowed


def check_core(targets_by_name, files):
    problems = []
    core = targets_by_name.get(CORE)
    if core is None:
        return [f"Package.swift: there is no `{CORE}` target"]
    for dependency in core.local + [p for p in core.products if p not in CORE_PRODUCTS]:
        problems.append(f"Package.swift: {CORE} depends on {dependency}; the core depends only on Foundation and "
                        f"{', '.join(sorted(CORE_PRODUCTS))} (rule 1)")
    allowed = set(PLATFORM_MODULES).union(*(modules_of(p) for p in CORE_PRODUCTS))
    for path, line, module in imports_outside(files.get(CORE, []), allowed):
        problems.append(f"{path}:{line}: the core imports {module}; it imports only Foundation and "
                        f"{', '.join(sorted(CORE_PRODUCTS))}, never NIO (rule 1)")
    return problems


def check_middleware(files):
    transports = set(NAMED_TRANSPORTS)
    stripped = {path: strip_swift(source) for sources in files.values() for path, source in sources}
    for path, code in stripped.items():
        if path.startswith("Sources/"):
            transports |= transport_types(code)
    pattern = re.compile(r"\b(%s)\b" % "|".join(sorted(transports)))
    problems = []
    for path, code in sorted(stripped.items()):
        if not path.startswith(MIDDLEWARE_FOLDER + "/"):
            continue
        for m in pattern.finditer(code):
            line = code.count("\n", 0, m.start()) + 1
            problems.append(f"{path}:{line}: names the transport {m.group(1)}; a middleware works over any "
                            f"transport (rule 2)")
    return problems


def check_generator(targets_by_name, files):
    problems = []
    if GENERATOR in targets_by_name:
        generator = targets_by_name[GENERATOR]
        if CORE in generator.local or CORE in generator.products:
            problems.append(f"Package.swift: {GENERATOR} depends on {CORE}; the generator never links it (rule 3)")
        else:
            through = sorted(t for t in reachable(targets_by_name, GENERATOR) if CORE in reachable(targets_by_name, t))
            for target in through:
                problems.append(f"Package.swift: {GENERATOR} links {CORE} through {target}; the generator never "
                                f"links it (rule 3)")
    generator_part = [(path, source) for sources in files.values() for path, source in sources
                      if path.startswith(CLI_GENERATOR_FOLDER + "/")]
    for path, line, module in imports_outside(generator_part, CLI_GENERATOR_IMPORTS):
        problems.append(f"{path}:{line}: the CLI's generator part imports {module}; it imports only "
                        f"{', '.join(sorted(CLI_GENERATOR_IMPORTS))} (rule 3)")
    return problems


def check_imports(targets_by_name, files):
    problems = []
    for name, sources in sorted(files.items()):
        for path, line, module in imports_outside(sources, allowed_imports(targets_by_name, name)):
            problems.append(f"{path}:{line}: {name} imports {module}, which it does not declare in "
                            f"Package.swift (rule 4)")
    return problems


def imports_outside(sources, allowed):
    """(path, line, module) for every import in `sources` (pairs of path and text) of a module not in `allowed`."""
    for path, source in sources:
        for line, module in imports(strip_swift(source)):
            if module not in allowed:
                yield path, line, module


def option_folder(path):
    """The folder an option declared in `path` belongs to: `Sources/Courier/Middleware/<Name>` for a built-in, else
    the top folder of the core (`Sources/Courier/Core`, `Sources/Courier/Transfers`, …)."""
    parts = path.split("/")
    depth = 4 if path.startswith(MIDDLEWARE_FOLDER + "/") else 3
    return "/".join(parts[:depth]) if len(parts) > depth else os.path.dirname(path)


def declared_options(code):
    """The properties `code` adds to `RequestOptions` (the names of its `extension RequestOptions` members)."""
    names = []
    for m in re.finditer(r"\bextension\s+RequestOptions\s*\{", code):
        block = code[m.end():balanced(code, m.end() - 1) - 1]
        # Members at the block's own depth only: accessor and function bodies are left out.
        flat, depth = [], 0
        for c in block:
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            elif depth == 0:
                flat.append(c)
        names += re.findall(r"\bvar\s+([A-Za-z_]\w*)", "".join(flat))
    return names


def check_options(files):
    """Rule 6: an option read outside the folder that declares it is declared in Sources/Courier/Core."""
    stripped = {path: strip_swift(source) for sources in files.values() for path, source in sources}
    declared = {}
    for path, code in stripped.items():
        if path.startswith(CORE_FOLDER + "/"):
            for name in declared_options(code):
                declared[name] = option_folder(path)
    keys = {}
    for path, code in stripped.items():
        if path.startswith(CORE_FOLDER + "/"):
            for name in re.findall(r"\b(?:enum|struct)\s+([A-Za-z_]\w*)\s*:\s*(?:\w+\.)?RequestOptionKey\b", code):
                keys[name] = option_folder(path)
    core = CORE_FOLDER + "/Core"
    problems = []
    # An option is read through its property (`options.name`) or through its key (`options[Key.self]`).
    reads = [(name, folder, r"\boptions\??\.%s\b" % re.escape(name)) for name, folder in sorted(declared.items())]
    reads += [(name, folder, r"\boptions\??\[\s*%s\.self\s*\]" % re.escape(name)) for name, folder in sorted(keys.items())]
    for name, folder, pattern in reads:
        if folder == core or name in OPTION_EXCEPTIONS:
            continue
        use = re.compile(pattern)
        for path, code in sorted(stripped.items()):
            if not path.startswith("Sources/") or path.startswith(folder + "/"):
                continue
            for m in use.finditer(code):
                line = code.count("\n", 0, m.start()) + 1
                problems.append(f"{path}:{line}: reads the option {name}, which `{folder}/` declares; an option read "
                                f"outside its folder is declared in `{core}/` (rule 6)")
    return problems


def cells(row):
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def names_in(cell):
    return [name for name in re.findall(r"`([^`]+)`", cell)]


def check_document(root, targets):
    path = os.path.join(root, ARCHITECTURE)
    if not os.path.exists(path):
        return [f"{ARCHITECTURE}: missing; it describes the modules, folders and rules (rule 5)"]
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    problems = []
    listed = {}
    section = re.search(r"^## Modules\s*$(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    if not section:
        return [f"{ARCHITECTURE}: no `## Modules` section with the table of targets (rule 5)"]
    for row in section.group(1).splitlines():
        if not row.startswith("|") or set(row.replace("|", "").strip()) <= set("-: "):
            continue
        columns = cells(row)
        module = names_in(columns[0])
        if len(columns) < 4 or len(module) != 1:
            continue  # the header
        listed[module[0]] = columns
    by_name = {t.name: t for t in targets}
    for name in sorted(set(by_name) - set(listed)):
        problems.append(f"{ARCHITECTURE}: the target {name} of Package.swift is not in the table of modules (rule 5)")
    for name in sorted(set(listed) - set(by_name)):
        problems.append(f"{ARCHITECTURE}: the table of modules lists {name}, which Package.swift does not have (rule 5)")
    for name in sorted(set(listed) & set(by_name)):
        target, columns = by_name[name], listed[name]
        folder = [f.rstrip("/") for f in names_in(columns[1])]
        if folder != [target.path]:
            problems.append(f"{ARCHITECTURE}: {name}'s folder is `{target.path}/`, not {columns[1] or 'empty'} (rule 5)")
        for label, written, actual in (("targets", columns[2], target.local), ("products", columns[3], target.products)):
            if sorted(set(names_in(written))) != sorted(set(actual)):
                problems.append(f"{ARCHITECTURE}: {name} depends on the {label} {', '.join(sorted(set(actual))) or 'none'}"
                                f" in Package.swift, but the table says {', '.join(sorted(set(names_in(written)))) or 'none'} (rule 5)")
    mentioned = {p.rstrip("/") for p in re.findall(r"`((?:Sources|Tests|Examples|Benchmarks|scripts|docs)/[^`*<>]*)`", text)}
    for mention in sorted(mentioned):
        if not os.path.exists(os.path.join(root, mention)):
            problems.append(f"{ARCHITECTURE}: names `{mention}`, which does not exist (rule 5)")
    for folder in (CORE_FOLDER, MIDDLEWARE_FOLDER):
        directory = os.path.join(root, folder)
        if not os.path.isdir(directory):
            continue
        for entry in sorted(os.listdir(directory)):
            if os.path.isdir(os.path.join(directory, entry)) and not entry.endswith(".docc"):
                if f"{folder}/{entry}" not in mentioned:
                    problems.append(f"{ARCHITECTURE}: does not describe the folder `{folder}/{entry}/` (rule 5)")
    return problems


PROOF_TARGET = "MiddlewareToolkitTests"


def check_proof(files):
    """Rule 7: the toolkit's proof target sees only public API: no `@testable import`, and none of the core's
    `package` types (a target of the same package could name them without one; members are not checked)."""
    package_types = set()
    for path, source in files.get(CORE, []):
        package_types |= set(re.findall(r"\bpackage\s+(?:final\s+)?(?:struct|class|enum|actor|protocol|typealias)\s+([A-Za-z_]\w*)",
                                        strip_swift(source)))
    names = re.compile(r"\b(%s)\b" % "|".join(sorted(package_types))) if package_types else None
    problems = []
    for path, source in files.get(PROOF_TARGET, []):
        code = strip_swift(source)
        for m in re.finditer(r"@testable\s+import\s+(\w+)", code):
            line = code.count("\n", 0, m.start()) + 1
            problems.append(f"{path}:{line}: {PROOF_TARGET} imports {m.group(1)} with @testable; the proof uses "
                            f"public API only (rule 7)")
        for m in names.finditer(code) if names else []:
            line = code.count("\n", 0, m.start()) + 1
            problems.append(f"{path}:{line}: {PROOF_TARGET} names {m.group(1)}, which the core declares `package`; "
                            f"the proof uses public API only (rule 7)")
    return problems


MEMBER_DECLARATION = re.compile(
    r"^[ \t]*((?:@[\w.]+(?:\([^)]*\))?\s+)*)((?:(?:public|open|package|internal|private|fileprivate|static|class|final|"
    r"mutating|nonisolated|override|indirect|convenience|required|lazy|weak|unowned|consuming|borrowing)(?:\([^)]*\))?\s+)*)"
    r"(func|var|let|struct|enum|class|protocol|typealias|actor|init|subscript)\b\s*([A-Za-z_]\w*)?",
    re.M)
TYPE_HEADER = re.compile(r"\b(?:struct|enum|class|protocol|actor|extension)\b[^{;]*$")


def declarations(code):
    """(name, access, kind) of the declarations in `code` that are visible outside their function bodies: at the
    top level or directly in a type or extension body (locals are left out). `access` is public, internal or
    private; a member of a `public extension` counts as public."""
    # Which blocks are type bodies: the text between the previous `{`, `}` or `;` and a `{` is its header.
    kinds, stack, found = {}, [], []
    last = 0
    for i, c in enumerate(code):
        if c == "{":
            header = code[last:i]
            kind = "type" if TYPE_HEADER.search(header) else "code"
            public_extension = bool(re.search(r"\bpublic\s+extension\b", header))
            stack.append((kind, public_extension))
            kinds[i] = list(stack)
            last = i + 1
        elif c == "}":
            if stack:
                stack.pop()
            kinds[i] = list(stack)
            last = i + 1
        elif c == ";":
            last = i + 1
    # The stack of enclosing blocks at a position: the latest brace before it.
    braces = sorted(kinds)
    import bisect
    for m in MEMBER_DECLARATION.finditer(code):
        name = m.group(4)
        if not name:
            continue
        at = bisect.bisect_left(braces, m.start()) - 1
        enclosing = kinds[braces[at]] if at >= 0 else []
        if any(kind != "type" for kind, _ in enclosing):
            continue
        modifiers = m.group(2)
        if re.search(r"\b(?:private|fileprivate)\b", modifiers):
            access = "private"
        elif re.search(r"\b(?:public|open)\b", modifiers) or any(public for _, public in enclosing):
            access = "public"
        else:
            access = "internal"
        found.append((name, access, m.group(3), len(enclosing)))
    return found


def check_builtins_use_public_api(files):
    """Rule 8: no file under Sources/Courier/Middleware names an internal declaration of Sources/Courier/Core."""
    core_sources = files.get(CORE, [])
    elsewhere, internal = set(), {}
    for path, source in core_sources:
        for name, access, _, _ in declarations(strip_swift(source)):
            if access == "internal" and path.startswith(CORE_FOLDER + "/Core/"):
                internal.setdefault(name, path)
            elif not path.startswith(CORE_FOLDER + "/Core/") or access == "public":
                elsewhere.add(name)
        if not path.startswith(CORE_FOLDER + "/Core/"):
            # Locals and parameters too: a built-in's own `field` is not the core's `field(_:)`.
            elsewhere |= set(re.findall(r"\b(?:let|var|func|case)\s+([A-Za-z_]\w*)", strip_swift(source)))
            elsewhere |= set(re.findall(r"[(,]\s*(?:_\s+)?([a-z]\w*)\s*:", strip_swift(source)))
    # A reading without types cannot tell two declarations of one name apart (a member `key` of the core and one
    # of a cache type): only names the module declares nowhere else, and never publicly, are checked.
    transports = set().union(*(transport_types(strip_swift(source)) for _, source in core_sources)) if core_sources else set()
    names = sorted(n for n in internal if n not in elsewhere and n not in CORE_INTERNAL_EXCEPTIONS and n not in transports)
    if not names:
        return []
    # A type by its name; a member or function by its qualified use (`.name`), or by a call (`name(`).
    use = re.compile(r"(?:\b(%s)\b|(?:\.|\b)(%s)\s*[(.]|\.(%s)\b)" % (
        "|".join(re.escape(n) for n in names if n[0].isupper()) or "(?!)",
        "|".join(re.escape(n) for n in names if not n[0].isupper()) or "(?!)",
        "|".join(re.escape(n) for n in names if not n[0].isupper()) or "(?!)"))
    problems = []
    for path, source in core_sources:
        if not path.startswith(MIDDLEWARE_FOLDER + "/"):
            continue
        code = strip_swift(source)
        local = {name for name, _, _, _ in declarations(code)}
        for m in use.finditer(code):
            name = m.group(1) or m.group(2) or m.group(3)
            if name in local:
                continue
            line = code.count("\n", 0, m.start()) + 1
            problems.append(f"{path}:{line}: a built-in uses {name}, an internal declaration of "
                            f"{internal[name]}; a built-in uses only public API, or the exception is listed "
                            f"with its reason (rule 8)")
    return problems


def check_core_knows_no_builtin(files):
    """Rule 9: Core, Errors and Endpoint name no type declared under Middleware and call no builder it declares."""
    core_sources = files.get(CORE, [])
    types, builders = {}, {}
    for path, source in core_sources:
        if not path.startswith(MIDDLEWARE_FOLDER + "/"):
            continue
        code = strip_swift(source)
        for name, _, kind, depth in declarations(code):
            if depth == 0 and kind in ("struct", "enum", "class", "protocol", "typealias", "actor"):
                types.setdefault(name, path)
        for m in re.finditer(r"\bextension\s+Client\s*(?:where[^{]*)?\{", code):
            block = code[m.end():balanced(code, m.end() - 1) - 1]
            for name, access, kind, _ in declarations(block):
                if kind == "func" and access == "public":
                    builders.setdefault(name, path)
    problems = []
    type_use = re.compile(r"\b(%s)\b" % "|".join(re.escape(n) for n in sorted(types))) if types else None
    builder_use = re.compile(r"\.(%s)\s*\(" % "|".join(re.escape(n) for n in sorted(builders))) if builders else None
    for path, source in core_sources:
        if not path.startswith(BUILTIN_FREE_FOLDERS):
            continue
        code = strip_swift(source)
        for pattern, table, what in ((type_use, types, "names"), (builder_use, builders, "calls")):
            for m in pattern.finditer(code) if pattern else []:
                line = code.count("\n", 0, m.start()) + 1
                problems.append(f"{path}:{line}: the core {what} the built-in {m.group(1)} (declared in "
                                f"{table[m.group(1)]}); the core knows no built-in (rule 9)")
    return problems


def check(root):
    """Every violation of the rules in the tree at `root`, one message each."""
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as handle:
        targets = parse_package(handle.read())
    targets_by_name = {t.name: t for t in targets}
    files = swift_files(root, targets)
    return (check_core(targets_by_name, files) + check_middleware(files) + check_generator(targets_by_name, files)
            + check_imports(targets_by_name, files) + check_document(root, targets) + check_options(files)
            + check_proof(files) + check_builtins_use_public_api(files) + check_core_knows_no_builtin(files))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--self-test", action="store_true", help="run this script's own tests")
    arguments = parser.parse_args()
    if arguments.self_test:
        import unittest
        here = os.path.dirname(os.path.abspath(__file__))
        suite = unittest.defaultTestLoader.discover(here, pattern="test_check_architecture.py")
        return 0 if unittest.TextTestRunner(verbosity=1).run(suite).wasSuccessful() else 1
    root = os.path.abspath(arguments.root)
    problems = check(root)
    for problem in problems:
        print(f"check-architecture: {problem}", file=sys.stderr)
    if problems:
        print(f"check-architecture: {len(problems)} violation(s) of {ARCHITECTURE}", file=sys.stderr)
        return 1
    print(f"check-architecture: Package.swift, the sources and {ARCHITECTURE} agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
