// eslint-plugin-airgap: the project's own rules (docs/DEVELOPING.md, "Lint").
// Plain ESM so ESLint loads it without a TypeScript loader. Every message
// names the fix. Paths in options and in scripts/lint/layers.json are
// relative to the lint's working directory (the repository root).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectGraph, resolveRelative, shortestPath } from './graph.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const LAYERS_FILE = path.join(here, 'layers.json');

/** `**` / `*` globs → RegExp (enough for the table's exempt patterns and rule options). */
export function globToRegExp(glob) {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      out += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (char === '*') out += '[^/]*';
    else out += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

const relative = (context, file) => path.relative(context.cwd, file).split(path.sep).join('/');
const matchesAny = (globs, file) => globs.some((glob) => globToRegExp(glob).test(file));

/** The import-like nodes of a file: [node, specifier, {typeOnly, dynamic}]. */
function importsOf(program) {
  const out = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'ImportDeclaration') {
      const typeOnly =
        node.importKind === 'type' ||
        (node.specifiers.length > 0 && node.specifiers.every((each) => each.importKind === 'type'));
      out.push([node, node.source.value, { typeOnly, dynamic: false }]);
    } else if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
      out.push([node, node.source.value, { typeOnly: node.exportKind === 'type', dynamic: false }]);
    } else if (node.type === 'TSImportEqualsDeclaration' && node.moduleReference.type === 'TSExternalModuleReference') {
      out.push([node, node.moduleReference.expression.value, { typeOnly: node.importKind === 'type', dynamic: false }]);
    } else if (
      node.type === 'ImportExpression' &&
      node.source.type === 'Literal' &&
      typeof node.source.value === 'string'
    ) {
      out.push([node, node.source.value, { typeOnly: false, dynamic: true }]);
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(program);
  return out;
}

// ---------------------------------------------------------------- cycles

const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles across the whole graph (type-only imports count; import() does not).' },
    schema: [],
    messages: {
      cycle:
        'import cycle: {{cycle}}. Fix: move what both sides need into a lower module (shared types ' +
        'into src/types/) or pass it in, ' +
        'so the imports point one way (type-only imports count).',
    },
  },
  create(context) {
    return {
      Program(program) {
        const { graph, componentOf } = projectGraph(context.cwd);
        const file = context.physicalFilename;
        const component = componentOf.get(file);
        if (!component || component.size < 2) return;
        for (const [node, specifier, { dynamic }] of importsOf(program)) {
          if (dynamic) continue;
          const target = resolveRelative(file, specifier);
          if (!target || !component.has(target)) continue;
          const back = shortestPath(graph, target, file, component) ?? [target, file];
          const cycle = [file, ...back].map((each) => relative(context, each)).join(' → ');
          context.report({ node, messageId: 'cycle', data: { cycle } });
        }
      },
    };
  },
};

// ---------------------------------------------------------------- layers

let layerCache;
/** The layer table (scripts/lint/layers.json), parsed once. */
export function layerTable() {
  if (layerCache) return layerCache;
  const table = JSON.parse(readFileSync(LAYERS_FILE, 'utf8'));
  const rank = new Map();
  table.layers.forEach((layer, index) => {
    for (const module of layer.modules) rank.set(module, { index, layer: layer.name });
  });
  const modules = [...rank.keys()].sort((a, b) => b.length - a.length);
  const moduleOf = (file) => modules.find((module) => file === module || file.startsWith(`${module}/`));
  layerCache = { table, rank, moduleOf };
  return layerCache;
}

const layerDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Dependencies point down the layer table (scripts/lint/layers.json, docs/ARCHITECTURE.md).' },
    schema: [],
    messages: {
      upward:
        '{{from}} ({{fromLayer}}) must not import {{to}} ({{toLayer}}): dependencies point down ' +
        '(scripts/lint/layers.json). ' +
        'Fix: move what is shared down to {{fromLayer}} or below (event and answer types live in ' +
        'src/types/), or pass it in as a parameter.',
      notAllowed:
        '{{from}} may import only {{allowed}} ({{note}}), not {{to}}. Fix: move what it needs into ' +
        'one of those modules, or import it type-only from src/mcp/types.ts.',
      fileInNoLayer:
        '{{file}} is in no layer. Fix: add its folder to a layer in scripts/lint/layers.json and run ' +
        '`node scripts/lint/layers-table.mjs --write` (docs/ARCHITECTURE.md).',
      targetInNoLayer:
        '{{to}} is in no layer. Fix: add its folder to a layer in scripts/lint/layers.json and run ' +
        '`node scripts/lint/layers-table.mjs --write` (docs/ARCHITECTURE.md).',
    },
  },
  create(context) {
    const { table, rank, moduleOf } = layerTable();
    const file = relative(context, context.physicalFilename);
    if (matchesAny(table.exempt, file)) return {};
    return {
      Program(program) {
        const fromModule = moduleOf(file);
        if (!fromModule) {
          context.report({ node: program, loc: { line: 1, column: 0 }, messageId: 'fileInNoLayer', data: { file } });
          return;
        }
        const from = rank.get(fromModule);
        const only = table.only?.[fromModule];
        for (const [node, specifier] of importsOf(program)) {
          const target = resolveRelative(context.physicalFilename, specifier);
          if (!target) continue;
          const to = relative(context, target);
          const toModule = moduleOf(to);
          if (toModule === fromModule) continue;
          if (!toModule) {
            context.report({ node, messageId: 'targetInNoLayer', data: { to } });
            continue;
          }
          if (only && !only.modules.includes(toModule)) {
            context.report({
              node,
              messageId: 'notAllowed',
              data: { from: fromModule, to, allowed: only.modules.join(', '), note: only.note },
            });
            continue;
          }
          const toRank = rank.get(toModule);
          if (toRank.index > from.index) {
            context.report({
              node,
              messageId: 'upward',
              data: { from: fromModule, fromLayer: from.layer, to, toLayer: toRank.layer },
            });
          }
        }
      },
    };
  },
};

// ---------------------------------------------------------------- stdout in MCP servers

const allowOption = [
  { type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false },
];
const allowed = (context) => matchesAny(context.options[0]?.allow ?? [], relative(context, context.physicalFilename));

const STDOUT_CONSOLE = new Set([
  'log',
  'info',
  'debug',
  'dir',
  'dirxml',
  'table',
  'group',
  'groupCollapsed',
  'count',
  'countReset',
  'time',
  'timeEnd',
  'timeLog',
]);

const serverCache = new Map();
/** Files that run inside a stdio MCP server: mcp-servers/** and what they import statically (tests excluded). */
function serverFiles(root, exempt) {
  const cached = serverCache.get(root);
  if (cached) return cached;
  const { graph } = projectGraph(root);
  const rel = (each) => path.relative(root, each).split(path.sep).join('/');
  const reached = new Map();
  const queue = [];
  for (const each of graph.keys()) {
    if (rel(each).startsWith('mcp-servers/') && !matchesAny(exempt, rel(each))) {
      reached.set(each, undefined);
      queue.push(each);
    }
  }
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (reached.has(target) || matchesAny(exempt, rel(target))) continue;
      reached.set(target, node);
      queue.push(target);
    }
  }
  serverCache.set(root, reached);
  return reached;
}

const isProcessStdout = (node) =>
  node?.type === 'MemberExpression' &&
  !node.computed &&
  node.property.name === 'stdout' &&
  node.object.type === 'Identifier' &&
  node.object.name === 'process';

const noStdoutInMcpServer = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'No stdout writes in stdio MCP servers (mcp-servers/** and the modules they import): stdout ' +
        'is the protocol channel.',
    },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      stdout:
        '{{what}} writes to stdout, the protocol channel of a stdio MCP server ({{why}}). Fix: log ' +
        'with logger() from src/log (fd 2) or console.error.',
    },
  },
  create(context) {
    // allow: the transport itself (the one writer of protocol messages)
    if (allowed(context)) return {};
    const reached = serverFiles(context.cwd, layerTable().table.exempt);
    const file = context.physicalFilename;
    if (!reached.has(file)) return {};
    const importer = reached.get(file);
    const why = importer
      ? `imported by ${relative(context, importer)}, which runs in an MCP server`
      : 'this file is an MCP server';
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        if (
          callee.object.type === 'Identifier' &&
          callee.object.name === 'console' &&
          STDOUT_CONSOLE.has(callee.property.name)
        ) {
          context.report({ node, messageId: 'stdout', data: { what: `console.${callee.property.name}()`, why } });
        } else if (isProcessStdout(callee.object)) {
          context.report({
            node,
            messageId: 'stdout',
            data: { what: `process.stdout.${callee.property.name}()`, why },
          });
        }
      },
    };
  },
};

// ---------------------------------------------------------------- the bundle (docs/DEVELOPING.md)

const insideFunction = (context, node) =>
  context.sourceCode.getAncestors(node).some((each) => /Function/.test(each.type) || each.type === 'StaticBlock');

const noTopLevelAwait = {
  meta: {
    type: 'problem',
    docs: { description: 'No top-level await: the program is bundled into one CommonJS file for the SEA.' },
    schema: [],
    messages: {
      topLevelAwait:
        'top-level await cannot be bundled into the single CommonJS file (esbuild → SEA). Fix: move ' +
        'it into an async function that main() calls.',
    },
  },
  create(context) {
    const check = (node) => {
      if (!insideFunction(context, node)) context.report({ node, messageId: 'topLevelAwait' });
    };
    return { AwaitExpression: check, 'ForOfStatement[await=true]': check };
  },
};

const importMetaOnlyInSelf = {
  meta: {
    type: 'problem',
    docs: { description: 'import.meta only in src/runtime/self.ts: it is empty in the CommonJS bundle.' },
    schema: allowOption,
    messages: {
      importMeta:
        'import.meta is empty in the CommonJS bundle, so a path built from it points nowhere inside the SEA. ' +
        'Fix: use appRoot() / selfCommand() from src/runtime/self.ts, or put the asset in a TypeScript module.',
    },
  },
  create(context) {
    if (allowed(context)) return {};
    return {
      MetaProperty(node) {
        if (node.meta.name === 'import') context.report({ node, messageId: 'importMeta' });
      },
    };
  },
};

const literalDynamicImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Dynamic import() only with a literal string, so esbuild can bundle what it loads.' },
    schema: allowOption,
    messages: {
      computed:
        'import() of a computed path cannot be bundled (esbuild sees no file) and fails inside the SEA. ' +
        'Fix: import a literal path, or load a vendored ESM file with importFile() from src/runtime/self.ts.',
    },
  },
  create(context) {
    if (allowed(context)) return {};
    return {
      ImportExpression(node) {
        const source = node.source;
        const literal =
          (source.type === 'Literal' && typeof source.value === 'string') ||
          (source.type === 'TemplateLiteral' && source.expressions.length === 0);
        if (!literal) context.report({ node, messageId: 'computed' });
      },
    };
  },
};

const nativesByPath = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Natives load by absolute path in their one place; no require(), no worker threads from files (the SEA).',
    },
    schema: [
      {
        type: 'object',
        properties: {
          require: { type: 'array', items: { type: 'string' } },
          sqlite: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      require:
        "{{what}}: a SEA's require loads builtins only, and esbuild cannot follow it. " +
        'Fix: a static import; natives load by absolute path only in {{places}} (openSqlite, selfCommand).',
      sqlite:
        'better-sqlite3 is loaded with its vendored addon only by openSqlite (src/store/sqlite.ts). ' +
        "Fix: call openSqlite(), and import 'better-sqlite3' with `import type` only.",
      llama:
        'node-llama-cpp is vendored beside the binary, not bundled. Fix: `import type` only, and ' +
        'load it with loadLlamaModule() (src/llm/embedded/load-llama.ts).',
      worker:
        'a worker thread started from a file cannot run inside the SEA (the bundle build fails on ' +
        'any `new Worker(`). ' +
        'Fix: a child process started with selfCommand() (as mcp-servers/query/executor.ts).',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const file = relative(context, context.physicalFilename);
    const requireAllowed = matchesAny(options.require ?? [], file);
    const sqliteAllowed = matchesAny(options.sqlite ?? [], file);
    const places = (options.require ?? []).join(', ');
    const checkSource = (node, source, typeOnly) => {
      if (typeOnly) return;
      if (source === 'better-sqlite3' && !sqliteAllowed) context.report({ node, messageId: 'sqlite' });
      if (source === 'node-llama-cpp' || source.startsWith('node-llama-cpp/'))
        context.report({ node, messageId: 'llama' });
    };
    return {
      ImportDeclaration(node) {
        const typeOnly =
          node.importKind === 'type' ||
          (node.specifiers.length > 0 && node.specifiers.every((each) => each.importKind === 'type'));
        checkSource(node, node.source.value, typeOnly);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string')
          checkSource(node, node.source.value, false);
      },
      CallExpression(node) {
        if (requireAllowed) return;
        if (
          node.callee.type === 'Identifier' &&
          (node.callee.name === 'require' || node.callee.name === 'createRequire')
        ) {
          context.report({ node, messageId: 'require', data: { what: `${node.callee.name}()`, places } });
        }
      },
      NewExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'Worker')
          context.report({ node, messageId: 'worker' });
      },
    };
  },
};

// ---------------------------------------------------------------- max-len

// Lines longer than `max` characters (the issue: keep lines readable). The
// core max-len is frozen; this one counts characters (Chinese text counts
// once per character) and names the fix.
const maxLineLength = {
  meta: {
    type: 'layout',
    docs: { description: 'Lines at most `max` characters long.' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: {
      tooLong:
        'line is {{length}} characters, over {{max}}. Fix: `npm run format` wraps code; split long ' +
        'strings and comments by hand (join them with + or an array).',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 160;
    return {
      Program() {
        context.sourceCode.lines.forEach((line, index) => {
          const length = [...line].length;
          if (length <= max || /^\s*(\/\/|\*|\/\*).*https?:\/\/\S+\s*$/.test(line)) return;
          context.report({
            loc: { start: { line: index + 1, column: 0 }, end: { line: index + 1, column: line.length } },
            messageId: 'tooLong',
            data: { length, max },
          });
        });
      },
    };
  },
};

export default {
  meta: { name: 'eslint-plugin-airgap' },
  rules: {
    'no-import-cycles': noImportCycles,
    'layer-direction': layerDirection,
    'no-stdout-in-mcp-server': noStdoutInMcpServer,
    'no-top-level-await': noTopLevelAwait,
    'import-meta-only-in-self': importMetaOnlyInSelf,
    'literal-dynamic-import': literalDynamicImport,
    'natives-by-path': nativesByPath,
    'max-line-length': maxLineLength,
  },
};
