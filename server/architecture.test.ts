import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// The layering rules of DESIGN.md §3, checked on the import graph of the three source roots. Modules never import
// each other in a cycle: what two modules share moves down (server/platform, or the lower of the two modules).

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const roots = ["server", "web", "contract"];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name === "migrations" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// Static imports and re-exports (`import type` too, and side-effect imports), and dynamic `import("…")`.
const importPattern = /(?:\b(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?|\bimport\(\s*)["']([^"']+)["']/g;

type Import = { specifier: string; target: string | null };

/** What `specifier` names, relative to the repository: a source file when it is one, else the path as written. */
function resolve(from: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith(".")) return null;
  const written = path.posix.join(path.posix.dirname(from), specifier);
  const stem = written.replace(/\.js$/, "");
  return [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`].find((file) => known.has(file)) ?? written;
}

const files = roots.flatMap(sourceFiles);
const known = new Set(files);
const imports = new Map<string, Import[]>(
  files.map((file) => {
    const source = readFileSync(path.join(repoRoot, file), "utf8");
    const found = [...source.matchAll(importPattern)].map(([, specifier = ""]) => ({
      specifier,
      target: resolve(file, specifier, known),
    }));
    return [file, found];
  }),
);

/** Tests and the helpers only tests use may reach across layers to set a scene. */
const isTestSupport = (file: string) =>
  /\.(test|testing|test-fixtures)\.tsx?$/.test(file) ||
  /(^|\/)test-[^/]+$/.test(file) ||
  file.startsWith("server/testing/");

/** The strongly connected components of more than one node: each is one or more cycles. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Every `from -> target` import whose two ends satisfy `breaks`, as lines to print on failure. */
function offending(breaks: (from: string, target: string) => boolean, files: (from: string) => boolean = () => true) {
  return [...imports].flatMap(([from, found]) =>
    files(from)
      ? found.filter(({ target }) => target && breaks(from, target)).map(({ target }) => `${from} -> ${target}`)
      : [],
  );
}

/** server/modules/<feature> and web/features/<feature>: the top-level feature folder a file belongs to. */
function featureOf(file: string): string | null {
  const match = /^(server\/modules|web\/features)\/[^/]+(?=\/)/.exec(file);
  return match ? match[0] : null;
}

describe("architecture", () => {
  test("sees the source files and their imports", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(imports.get("server/app.ts")?.length).toBeGreaterThan(10);
  });

  test("no file imports itself through a cycle", () => {
    const graph = new Map(
      [...imports].map(([file, found]) => [
        file,
        new Set(found.flatMap(({ target }) => (target && known.has(target) ? [target] : []))),
      ]),
    );
    expect(cycles(graph).map((component) => component.join("\n"))).toEqual([]);
  });

  test("contract/ imports nothing but zod and contract/", () => {
    const outside = [...imports]
      .filter(([file]) => file.startsWith("contract/"))
      .flatMap(([file, found]) =>
        found
          .filter(({ specifier, target }) =>
            target
              ? !target.startsWith("contract/")
              : specifier !== "zod" && !(isTestSupport(file) && specifier === "vitest"),
          )
          .map(({ specifier }) => `${file} -> ${specifier}`),
      );
    expect(outside).toEqual([]);
  });

  test("web/ never imports server/", () => {
    expect(offending((from, target) => from.startsWith("web/") && target.startsWith("server/"))).toEqual([]);
  });

  test("web/ imports contract/*.endpoints only as types: the routes come from virtual:endpoint-routes, without zod", () => {
    // A value import (`import {`, `import { type a, b }`, `export … from`, `import("…")`), but not `import type` nor a
    // `typeof import("…")` type.
    const valueImport =
      /(?:\b(?:import|export)\s+(?!type\s)[^'"`;]*?\bfrom\s+|(?<!typeof\s+)\bimport\(\s*)["']([^"']+\.endpoints(?:\.js)?)["']/g;
    const bundled = files
      .filter((file) => file.startsWith("web/") && !isTestSupport(file))
      .flatMap((file) =>
        [...readFileSync(path.join(repoRoot, file), "utf8").matchAll(valueImport)].map(
          ([, specifier]) => `${file} -> ${specifier}`,
        ),
      );
    expect(bundled).toEqual([]);
  });

  test("feature modules never import each other in a cycle", () => {
    const graph = new Map<string, Set<string>>();
    const edges = new Map<string, string[]>();
    for (const [from, found] of imports) {
      const feature = featureOf(from);
      if (!feature || isTestSupport(from)) continue;
      for (const { target } of found) {
        const other = target && featureOf(target);
        if (!other || other === feature) continue;
        graph.set(feature, (graph.get(feature) ?? new Set()).add(other));
        edges.set(`${feature} ${other}`, [...(edges.get(`${feature} ${other}`) ?? []), `${from} -> ${target}`]);
      }
    }
    // Each cycle as its features, then every import from one of them to another (the first of each pair, and how many).
    const explained = cycles(graph).map((component) => [
      component.join(" <-> "),
      ...[...edges]
        .filter(([pair]) => pair.split(" ").every((feature) => component.includes(feature)))
        .map(([, [first, ...more]]) => (more.length ? `${first} (and ${more.length} more)` : `${first}`)),
    ]);
    expect(explained).toEqual([]);
  });

  test("lower layers never import higher ones", () => {
    const under = (file: string, ...folders: string[]) => folders.some((folder) => file.startsWith(`${folder}/`));
    const upward = offending(
      (from, target) =>
        (under(from, "web/features", "web/ui", "web/api", "web/i18n") && under(target, "web/app")) ||
        (under(from, "web/ui") && under(target, "web/features")) ||
        (under(from, "server/platform") && under(target, "server/modules")),
      (from) => !isTestSupport(from),
    );
    expect(upward).toEqual([]);
  });

  test("only server/db/ batches writes: modules hand theirs to a unit of work, which sends them (issue 22)", () => {
    // `sendWrites` decides which writes share a statement; outside server/db/ a unit's `send` and `write` do.
    const batching = files
      .filter((file) => !file.startsWith("server/db/"))
      .filter((file) => /\bimport\s*\{[^}]*\bsendWrites\b/.test(readFileSync(path.join(repoRoot, file), "utf8")));
    expect(batching).toEqual([]);
  });

  test("no server test replaces a module: its worker keeps the modules for the files after it (vitest.config.ts)", () => {
    const mocking = files
      .filter((file) => !file.startsWith("web/") && /\.test\.ts$/.test(file))
      .filter((file) => /\bvi\.(?:do)?mock\(/.test(readFileSync(path.join(repoRoot, file), "utf8")));
    expect(mocking).toEqual([]);
  });
});
