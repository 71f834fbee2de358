// The project's import graph, built once per lint run (per root folder) for
// the no-import-cycles rule. Static imports and re-exports count, type-only
// ones included (a type cycle is still a cycle between two contracts);
// dynamic `import()` does not: a lazy import is how the CLI command table
// and the vendored ESM are loaded on purpose.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { walkFiles } from '../lib/walk.mjs';
import ts from 'typescript';

/** Folders scanned for modules (the tsconfig's include list). */
export const SOURCE_FOLDERS = ['src', 'mcp-servers', 'skills', 'scripts', 'bench', 'deploy'];

/** Resolves a relative specifier (`./x.js`) to the TypeScript file it names, or undefined. */
export function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    base,
    `${base}.ts`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => /\.(ts|mts)$/.test(candidate) && existsSync(candidate));
}

/** The static import specifiers of one file: import / export … from / import x = require (not import()). */
export function staticSpecifiers(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      out.push(statement.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      const expression = statement.moduleReference.expression;
      if (ts.isStringLiteral(expression)) out.push(expression.text);
    }
  }
  return out;
}

function stronglyConnected(graph) {
  // Tarjan, iterative (deep graphs must not overflow the stack)
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const componentOf = new Map();
  for (const start of graph.keys()) {
    if (indexOf.has(start)) continue;
    const work = [[start, 0]];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const edges = [...(graph.get(node) ?? [])];
      if (next < edges.length) {
        frame[1]++;
        const target = edges[next];
        if (!indexOf.has(target)) {
          indexOf.set(target, index);
          low.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), indexOf.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component = new Set();
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.add(member);
        } while (member !== node);
        for (const each of component) componentOf.set(each, component);
      }
    }
  }
  return componentOf;
}

/** The shortest path from `from` to `to` inside one component (breadth first), as a list of files. */
export function shortestPath(graph, from, to, within) {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const target of graph.get(node) ?? []) {
      if (!within.has(target) || previous.has(target)) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  if (!previous.has(to)) return undefined;
  const pathOut = [];
  for (let node = to; node !== undefined; node = previous.get(node)) pathOut.unshift(node);
  return pathOut;
}

const cache = new Map();

/** The graph of every module under `root` (cached for the process: one build per lint run). */
export function projectGraph(root) {
  const cached = cache.get(root);
  if (cached) return cached;
  const graph = new Map();
  for (const folder of SOURCE_FOLDERS) {
    for (const file of walkFiles(
      path.join(root, folder),
      (name) => /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts'),
    )) {
      const targets = new Set();
      for (const specifier of staticSpecifiers(file, readFileSync(file, 'utf8'))) {
        const target = resolveRelative(file, specifier);
        if (target) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  for (const targets of graph.values())
    for (const target of targets) if (!graph.has(target)) graph.set(target, new Set());
  const result = { graph, componentOf: stronglyConnected(graph) };
  cache.set(root, result);
  return result;
}

/** Every import cycle as one list of components (each a sorted list of files), for reports. */
export function cycles(root) {
  const { componentOf } = projectGraph(root);
  const seen = new Set();
  const out = [];
  for (const component of componentOf.values()) {
    if (component.size < 2 || seen.has(component)) continue;
    seen.add(component);
    out.push([...component].map((file) => path.relative(root, file)).sort());
  }
  return out;
}
