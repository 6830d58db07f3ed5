#!/usr/bin/env python3
"""Splits a single-file OpenAPI document into the multi-file layout `redocly split` writes.

Usage: scripts/redocly-split.py SPEC OUT_DIR [--no-markdown]

`redocly split` needs the network to install; this writes the same layout offline, so the generator can be checked
on a split document against the unsplit one (`scripts/openapi-corpus.py --tier multifile` expects the same Swift):

  OUT_DIR/openapi.yaml                    the root: `paths: {/a/{b}: {$ref: paths/a_{b}.yaml}}` and
                                          `components: {schemas: {Pet: {$ref: components/schemas/Pet.yaml}}}`
  OUT_DIR/paths/a_{b}.yaml                one path item per file (`/` → `_`)
  OUT_DIR/components/<kind>/<Name>.yaml   one component per file
  OUT_DIR/descriptions/*.md               `info.description` and each operation's description, as Markdown
                                          (`description: {$ref: …md}`), unless --no-markdown

Every internal `$ref` (`#/components/schemas/Pet/properties/tag`) and `discriminator.mapping` value becomes a
reference relative to the file it is written in (`../components/schemas/Pet.yaml#/properties/tag`); file names are
percent-encoded in references (a space is `%20`).

The document is read with PyYAML's composer, not its constructor, and written back from the node tree, so every
scalar keeps its exact text and quoting: `on`, `1e10` or `012` mean the same to the generator before and after.
"""

import argparse
import copy
import os
import sys
import urllib.parse

try:
    import yaml
except ImportError:
    sys.exit("redocly-split: needs PyYAML (pip install pyyaml)")

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
STR = "tag:yaml.org,2002:str"
MAP = "tag:yaml.org,2002:map"
COMPONENT_KINDS = ["schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes",
                   "links", "callbacks", "pathItems"]
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
# Values under these keys are data (examples, defaults), not document structure: a `$ref` there is left alone, as
# the generator's loader leaves it (Sources/CourierGenerator/Loader/DocumentWalk.swift).
DATA_KEYS = {"example", "default", "enum", "const", "value"}


def scalar(text):
    return yaml.ScalarNode(STR, text, style='"' if text == "" else None)


def ref_node(target):
    return yaml.MappingNode(MAP, [(scalar("$ref"), scalar(target))])


def get(node, key):
    if isinstance(node, yaml.MappingNode):
        for key_node, value in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
                return value
    return None


def pointer_segments(fragment):
    fragment = urllib.parse.unquote(fragment)
    if not fragment.startswith("/"):
        return []
    return [part.replace("~1", "/").replace("~0", "~") for part in fragment[1:].split("/")]


def pointer_text(segments):
    return "".join("/" + s.replace("~", "~0").replace("/", "~1") for s in segments)


def file_name(name, used):
    """A component or path name as a file name: `/` is not allowed in one; clashes get a counter."""
    base = name.replace("/", "_") or "_"
    candidate, counter = base, 2
    while candidate.lower() in used:
        candidate, counter = f"{base}_{counter}", counter + 1
    used.add(candidate.lower())
    return candidate


class Splitter:
    def __init__(self, root, markdown):
        self.root, self.markdown = root, markdown
        self.parts = {}      # relative file path → node (or text, for Markdown)
        self.homes = []      # (pointer segments in the root, relative file, segments inside that file)

    def split(self):
        used_paths, used_descriptions = set(), set()
        paths = get(self.root, "paths")
        if isinstance(paths, yaml.MappingNode):
            for index, (key, item) in enumerate(paths.value):
                if not isinstance(item, yaml.MappingNode) or get(item, "$ref") is not None:
                    continue
                name = file_name(key.value.strip("/").replace("/", "_") or "_root", used_paths)
                relative = f"paths/{name}.yaml"
                self.homes.append((["paths", key.value], relative, []))
                if self.markdown:
                    self.extract_descriptions(item, key.value, used_descriptions)
                self.parts[relative] = item
                paths.value[index] = (key, ref_node(quote(relative)))
        components = get(self.root, "components")
        if isinstance(components, yaml.MappingNode):
            for kind_key, entries in components.value:
                if kind_key.value not in COMPONENT_KINDS or not isinstance(entries, yaml.MappingNode):
                    continue
                used = set()
                for index, (key, value) in enumerate(entries.value):
                    relative = f"components/{kind_key.value}/{file_name(key.value, used)}.yaml"
                    self.homes.append((["components", kind_key.value, key.value], relative, []))
                    self.parts[relative] = value
                    entries.value[index] = (key, ref_node(quote(relative)))
        if self.markdown:
            info = get(self.root, "info")
            description = get(info, "description")
            if isinstance(description, yaml.ScalarNode):
                self.parts["descriptions/info.md"] = description.value
                replace(info, "description", ref_node("descriptions/info.md"))
        # Each file gets its own copy, so a node shared through a YAML alias is rewritten for each file it is in.
        self.parts = {path: copy.deepcopy(node) for path, node in self.parts.items()}
        for relative, node in self.parts.items():
            if not isinstance(node, str):
                self.rewrite(node, relative, named=False)
        self.rewrite(self.root, "openapi.yaml", named=False)

    def extract_descriptions(self, item, path, used):
        for key, operation in item.value:
            description = get(operation, "description")
            if key.value in METHODS and isinstance(description, yaml.ScalarNode):
                operation_id = get(operation, "operationId")
                stem = operation_id.value if isinstance(operation_id, yaml.ScalarNode) else key.value + path
                name = file_name("".join(c if c.isalnum() or c in "-_" else "_" for c in stem), used)
                self.parts[f"descriptions/{name}.md"] = description.value
                replace(operation, "description", ref_node(quote(f"../descriptions/{name}.md")))

    def rewrite(self, node, here, named):
        """Makes every internal `$ref` under `node` (written in the file `here`) relative to that file."""
        if isinstance(node, yaml.SequenceNode):
            for child in node.value:
                self.rewrite(child, here, named=False)
            return
        if not isinstance(node, yaml.MappingNode):
            return
        for index, (key, value) in enumerate(node.value):
            text = key.value if isinstance(key, yaml.ScalarNode) else ""
            if not named and text == "$ref" and isinstance(value, yaml.ScalarNode) and value.value.startswith("#"):
                node.value[index] = (key, scalar(self.relative_ref(value.value, here)))
            elif not named and text == "mapping" and isinstance(value, yaml.MappingNode):
                for position, (name, target) in enumerate(value.value):
                    if isinstance(target, yaml.ScalarNode) and target.value.startswith("#"):
                        value.value[position] = (name, scalar(self.relative_ref(target.value, here)))
            elif not named and (text in DATA_KEYS or text.startswith("x-")):
                continue
            elif not named and text == "examples" and isinstance(value, yaml.SequenceNode):
                continue
            else:
                self.rewrite(value, here, named=not named and text in NAMED_MAPS)

    def relative_ref(self, ref, here):
        segments = pointer_segments(ref[1:])
        best = None
        for home, file, inside in self.homes:
            if segments[:len(home)] == home and (best is None or len(home) > len(best[0])):
                best = (home, file, inside)
        if best is None:
            file, rest = "openapi.yaml", segments
        else:
            file, rest = best[1], best[2] + segments[len(best[0]):]
        target = os.path.relpath(file, os.path.dirname(here) or ".")
        if not target.startswith("."):
            target = "./" + target if os.path.dirname(here) else target
        return quote(target) + ("#" + pointer_text(rest) if rest else "")


NAMED_MAPS = {
    "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "paths", "webhooks", "schemas",
    "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links", "callbacks",
    "pathItems", "content", "encoding", "mapping", "variables", "scopes",
}


def quote(path):
    return urllib.parse.quote(path, safe="/{}$-_.!~*'()@:,;=+&")


def replace(mapping, key, value):
    for index, (key_node, _) in enumerate(mapping.value):
        if key_node.value == key:
            mapping.value[index] = (key_node, value)


def write(out_dir, relative, node):
    path = os.path.join(out_dir, relative)
    os.makedirs(os.path.dirname(path) or out_dir, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as handle:
        if isinstance(node, str):
            handle.write(node)
        else:
            yaml.serialize(node, handle, Dumper=Dumper, allow_unicode=True, width=120)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("spec")
    parser.add_argument("out_dir")
    parser.add_argument("--no-markdown", action="store_true", help="keep descriptions in the YAML")
    args = parser.parse_args()
    with open(args.spec, encoding="utf-8") as handle:
        root = yaml.compose(handle, Loader=Loader)
    if not isinstance(root, yaml.MappingNode):
        sys.exit(f"redocly-split: {args.spec} is not an OpenAPI document (its top level is not a map)")
    splitter = Splitter(root, markdown=not args.no_markdown)
    splitter.split()
    os.makedirs(args.out_dir, exist_ok=True)
    for relative, node in splitter.parts.items():
        write(args.out_dir, relative, node)
    write(args.out_dir, "openapi.yaml", root)
    print(f"redocly-split: {args.spec} → {args.out_dir}: {len(splitter.parts) + 1} files")


if __name__ == "__main__":
    main()
