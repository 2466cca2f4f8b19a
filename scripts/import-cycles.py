#!/usr/bin/env python3
"""Import cycles between the files of each crate's `src`.

    python3 scripts/import-cycles.py              # every crate: crates/*/src
    python3 scripts/import-cycles.py --edges      # the same, with each file's edges
    python3 scripts/import-cycles.py SRC_DIR      # one crate, with its edges

An edge A -> B means file A uses an item of file B: a `use crate::...`,
`use super::...` or `use self::...` statement, or one of a child module
(not a `pub use` re-export, which is a module's front door, not a
dependency of its code), or a path written inline (`crate::tt::Bound`,
`super::pv::complete`, `walk::walk_by_search` for a child module). Each
path goes to the deepest module file it names; an item a module only
re-exports goes to the file that defines it. Both module layouts are
understood (`a/mod.rs` and `a.rs` beside `a/`), and `main.rs` is a crate
root as `lib.rs` is. Prints every cycle found (strongly connected
components of more than one file) per crate; exits 1 if any crate has one.
"""
import glob
import os
import re
import sys

ROOT_FILES = ("lib.rs", "main.rs")


class Crate:
    """The files of one crate's `src` and the modules they declare."""

    def __init__(self, root):
        self.root = root
        self.files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".rs"))
        self.reexports = {}
        # Front doors first, deepest first, so that a module re-exporting
        # from another front door resolves through it.
        for path in sorted(self.files, key=lambda f: -f.count(os.sep)):
            self.reexports[path] = self.front_door(path)
        self.graph = {path: self.uses(path) for path in self.files}

    def short(self, path):
        return os.path.relpath(path, self.root)

    def module_of(self, path):
        """Module path (list of names) of a source file."""
        rel = os.path.relpath(path, self.root)[:-3].split(os.sep)
        if rel[-1] == "mod" or (len(rel) == 1 and rel[0] + ".rs" in ROOT_FILES):
            rel = rel[:-1]
        return rel

    def file_of(self, module):
        """The file of a module path, if any."""
        if not module:
            candidates = [os.path.join(self.root, name) for name in ROOT_FILES]
        else:
            base = os.path.join(self.root, *module)
            candidates = [base + ".rs", os.path.join(base, "mod.rs")]
        return next((candidate for candidate in candidates if os.path.isfile(candidate)), None)

    def resolve(self, segments, here):
        """The file a path (list of segments) from the file `here` names."""
        module = self.module_of(here)
        if segments[0] == "crate":
            base, rest = [], segments[1:]
        elif segments[0] == "super":
            base, rest = module[:-1], segments[1:]
            while rest and rest[0] == "super":
                base, rest = base[:-1], rest[1:]
        elif segments[0] == "self":
            base, rest = module, segments[1:]
        else:
            base, rest = module, segments
        best, used = self.file_of(base), 0
        for index in range(len(rest)):
            found = self.file_of(base + rest[: index + 1])
            if found:
                best, used = found, index + 1
        # An item a module only re-exports (`pub use` in lib.rs, a mod.rs or
        # a module file) belongs to the file that defines it.
        if used < len(rest) and best in self.reexports and rest[used] in self.reexports[best]:
            return self.reexports[best][rest[used]]
        return best

    def front_door(self, path):
        """The items `path` re-exports (`pub use`), by name, with their files."""
        text = code_only(open(path).read())
        names = {}
        children = self.child_modules(path)
        for match in re.finditer(r"(?m)^\s*pub(\([^)]*\))?\s+use\s+([^;]+);", text):
            for leaf in expand(re.sub(r"\s+", "", match.group(2))):
                if not leaf or not (leaf[0] in ("crate", "super", "self") or leaf[0] in children):
                    continue
                target = self.resolve(leaf, path)
                if target:
                    names[leaf[-1]] = target
        return names

    def uses(self, path):
        text = code_only(open(path).read())
        # Tests beside the code are not the module's code.
        text = re.split(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+\w+\s*\{", text)[0]
        edges = set()
        text = re.sub(r"(?m)^\s*pub(\([^)]*\))?\s+use\s+[^;]+;", "", text)  # re-exports
        children = self.child_modules(path)
        statements = r"(?m)^\s*use\s+([^;]+);"
        for match in re.finditer(statements, text):
            for leaf in expand(re.sub(r"\s+", "", match.group(1))):
                if leaf and (leaf[0] in ("crate", "super", "self") or leaf[0] in children):
                    edges.add(self.resolve(leaf, path))
        # Paths written inline, the `use` statements (read above) aside.
        code = re.sub(statements, "", text)
        for match in re.finditer(r"\b((?:crate|super)(?:::\w+)+)::", code):
            edges.add(self.resolve(match.group(1).split("::"), path))
        for child in children:
            if re.search(r"(?<![:\w])" + child + r"::\w", code):
                edges.add(self.resolve([child], path))
        edges.discard(None)
        edges.discard(path)
        return edges

    def child_modules(self, path):
        """The modules `path` declares from files (`mod x;`), which exist here."""
        names = re.findall(r"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", open(path).read())
        module = self.module_of(path)
        return [name for name in names if self.file_of(module + [name])]

    def cycles(self):
        """Tarjan's strongly connected components of more than one file."""
        index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]

        def connect(v):
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on_stack.add(v)
            for w in self.graph[v]:
                if w not in index:
                    connect(w)
                    low[v] = min(low[v], low[w])
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    found.append(sorted(self.short(w) for w in component))

        for path in self.files:
            if path not in index:
                connect(path)
        return found


# Comments (doc links are not imports), string literals (raw ones too,
# which may hold `//` or quotes) and character literals, in the order they
# come, so that one never hides the end of another.
NOT_CODE = re.compile(
    r"//[^\n]*|/\*[\s\S]*?\*/|(?<!\w)b?r(#*)\"[\s\S]*?\"\1|b?\"(?:\\[\s\S]|[^\"\\])*\""
    r"|'(?:\\u\{[0-9a-fA-F]+\}|\\.|[^'\\\n])'"
)


def code_only(text):
    """`text` without comments, its strings and characters emptied."""
    return NOT_CODE.sub(lambda match: "" if match.group(0).startswith("/") else '""', text)


def expand(tree):
    """`a::{b, c::{d, e}}` -> [[a, b], [a, c, d], [a, c, e]]."""
    if "{" not in tree:
        return [tree.split("::")]
    head, inner = tree.split("{", 1)
    inner = inner[: inner.rindex("}")]
    parts, depth, current = [], 0, ""
    for char in inner:
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += char == "{"
        depth -= char == "}"
        current += char
    parts.append(current)
    prefix = [segment for segment in head.split("::") if segment]
    result = []
    for part in filter(None, parts):
        for leaf in expand(part):
            leaf = [segment for segment in leaf if segment != "self"] or []
            result.append(prefix + leaf)
    return result


def report(root, edges):
    """Prints what one crate's files import (if `edges`) and its cycles; True if none."""
    crate = Crate(root)
    if edges:
        for path in crate.files:
            targets = ", ".join(sorted(crate.short(g) for g in crate.graph[path])) or "(nothing)"
            print(f"{crate.short(path)} -> {targets}")
        print()
    cycles = crate.cycles()
    for cycle in cycles:
        print(f"{root}: import cycle: " + " <-> ".join(cycle))
    if not cycles:
        print(f"{root}: no import cycle among {len(crate.files)} files")
    return not cycles


def main(args):
    sys.setrecursionlimit(10000)
    edges = "--edges" in args
    roots = [arg for arg in args if not arg.startswith("--")]
    unknown = [arg for arg in args if arg.startswith("--") and arg not in ("--edges", "--all")]
    if unknown:
        print(f"import-cycles.py: unknown option {unknown[0]} (--all, --edges, or a src directory)", file=sys.stderr)
        return 2
    if roots:
        edges = True
    else:
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        roots = sorted(os.path.relpath(path, os.getcwd()) for path in glob.glob(os.path.join(here, "crates", "*", "src")))
    missing = [root for root in roots if not os.path.isdir(root)]
    if missing:
        print(f"import-cycles.py: {missing[0]} is not a directory", file=sys.stderr)
        return 2
    results = [report(root, edges) for root in roots]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
