#!/usr/bin/env python3
"""Import cycles between the files of a crate's `src` (default: crates/abprune/src).

An edge A -> B means file A uses an item of file B: a `use crate::...` or
`use super::...` statement (not a `pub use` re-export, which is a module's
front door, not a dependency of its code) or a path written inline
(`crate::tt::Bound`, `super::pv::complete`, `walk::walk_by_search` for a
child module). Each path goes to the deepest module file it names. Prints
the edges, then every cycle found (strongly connected components of more
than one file); exits 1 if there is one.
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "crates/abprune/src"


def module_of(path):
    """Module path (list of names) of a source file."""
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ("lib", "mod"):
        rel = rel[:-1]
    return rel


def file_of(module):
    """The file of a module path, if any."""
    base = os.path.join(root, *module) if module else root
    for candidate in (base + ".rs", os.path.join(base, "mod.rs"), os.path.join(root, "lib.rs") if not module else ""):
        if candidate and os.path.isfile(candidate):
            return candidate
    return None


def resolve(segments, here):
    """The file a path (list of segments) from the file `here` names."""
    module = module_of(here)
    is_mod = os.path.basename(here) in ("mod.rs", "lib.rs")
    if segments[0] == "crate":
        base, rest = [], segments[1:]
    elif segments[0] == "super":
        base = module[:-1] if is_mod else module[:-1]
        if not is_mod:
            base = module[:-1]
        rest = segments[1:]
        while rest and rest[0] == "super":
            base, rest = base[:-1], rest[1:]
    elif segments[0] == "self":
        base, rest = (module if is_mod else module), segments[1:]
    else:
        base, rest = (module if is_mod else module), segments
    best, used = file_of(base), 0
    for index in range(len(rest)):
        found = file_of(base + rest[: index + 1])
        if found:
            best, used = found, index + 1
    # An item a module only re-exports (`pub use` in lib.rs or a mod.rs)
    # belongs to the file that defines it.
    if used < len(rest) and best in reexports and rest[used] in reexports[best]:
        return reexports[best][rest[used]]
    return best


reexports = {}


def front_door(path):
    """The items `path` re-exports (`pub use`), by name, with their files."""
    text = re.sub(r"//[^\n]*", "", open(path).read())
    names = {}
    for match in re.finditer(r"(?m)^\s*pub(\([^)]*\))?\s+use\s+([^;]+);", text):
        for leaf in expand(re.sub(r"\s+", "", match.group(2))):
            target = resolve(leaf, path)
            if target and leaf:
                names[leaf[-1]] = target
    return names


def uses(path):
    text = open(path).read()
    # Drop comments (doc links are not imports) and string literals.
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    # Tests beside the code are not the module's code.
    text = re.split(r"#\[cfg\(test\)\]\s*mod tests", text)[0]
    edges = set()
    text = re.sub(r"(?m)^\s*pub(\([^)]*\))?\s+use\s+[^;]+;", "", text)  # re-exports
    for match in re.finditer(r"(?m)^\s*(pub(\([^)]*\))?\s+)?use\s+([^;]+);", text):
        if match.group(1):
            continue
        tree = re.sub(r"\s+", "", match.group(3))
        for leaf in expand(tree):
            if leaf[0] in ("crate", "super", "self") or leaf[0] in child_modules(path):
                edges.add(resolve(leaf, path))
    for match in re.finditer(r"\b((?:crate|super)(?:::\w+)+)::", text):
        edges.add(resolve(match.group(1).split("::"), path))
    for child in child_modules(path):
        if re.search(r"(?<![:\w])" + child + r"::\w", text):
            edges.add(resolve([child], path))
    edges.discard(None)
    edges.discard(path)
    return edges


def child_modules(path):
    if os.path.basename(path) not in ("mod.rs", "lib.rs"):
        return []
    return re.findall(r"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", open(path).read())


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


files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".rs"))
# Front doors first, deepest first, so that a mod.rs re-exporting from
# another front door resolves through it.
for f in sorted(files, key=lambda f: -f.count(os.sep)):
    if os.path.basename(f) in ("mod.rs", "lib.rs"):
        reexports[f] = front_door(f)
graph = {f: uses(f) for f in files}
short = lambda f: os.path.relpath(f, root)
for f in files:
    print(f"{short(f)} -> {', '.join(sorted(short(g) for g in graph[f])) or '(nothing)'}")

# Tarjan's strongly connected components.
index, low, stack, on_stack, cycles, counter = {}, {}, [], set(), [], [0]


def connect(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on_stack.add(v)
    for w in graph[v]:
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
            cycles.append(sorted(short(w) for w in component))


sys.setrecursionlimit(10000)
for f in files:
    if f not in index:
        connect(f)
print()
if cycles:
    for cycle in cycles:
        print("import cycle: " + " <-> ".join(cycle))
    sys.exit(1)
print(f"no import cycle among {len(files)} files")
