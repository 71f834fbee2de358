/**
 * The facts the docs state, pinned to the code that makes them true (issue 30:
 * the admin guide said 112 cases when there were 211, listed `--help` output
 * the program no longer printed, said `mcp.servers` replaces the shipped list
 * when the code merges it, and more). When one of these fails, fix the doc —
 * or the code, when the doc is right.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadCases } from '../src/agent-test/load-cases.js';
import { checkConfigText } from '../src/config/load.js';
import { DEFAULT_MCP_SERVERS } from '../src/config/schema.js';
import { commandNames, main } from '../src/cli/main.js';
import { routeQuestion } from '../src/skills/router/index.js';
import { SKILLS } from '../src/skills/code/index.js';
import { PLANT_NAMES_QUERIES, plantNamesFrom, type PlantNames } from '../src/skills/router/entities.js';
import { seedTestPlant } from '../src/seed/index.js';
import { openSqlite } from '../src/store/sqlite.js';

/** The inspectors, products and batch shapes of the seeded demo plant, as the engine gives the router. */
function demoPlantNames(): PlantNames {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doc-facts-'));
  try {
    const plant = seedTestPlant({ dir, rows: 2000, docs: false });
    const db = openSqlite(plant.db, { readonly: true });
    try {
      const rows = (sql: string) => db.prepare(sql).all() as Array<Record<string, string | number | null>>;
      return plantNamesFrom({
        people: rows(PLANT_NAMES_QUERIES.people),
        productNames: rows(PLANT_NAMES_QUERIES.productNames),
        batches: rows(PLANT_NAMES_QUERIES.batches).slice(0, 20),
      });
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
const admin = read('docs/admin-guide.md');

async function topLevelHelp(): Promise<string> {
  let stdout = '';
  const code = await main(['--help'], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
  });
  assert.equal(code, 0);
  return stdout;
}

/** The fenced block right after `marker`. */
function blockAfter(text: string, marker: string): string {
  const at = text.indexOf(marker);
  assert.ok(at >= 0, `the doc has no "${marker}"`);
  const open = text.indexOf('```', at);
  const start = text.indexOf('\n', open) + 1;
  return text.slice(start, text.indexOf('```', start));
}

test('the admin guide: the number of shipped regression cases', () => {
  const { cases, problems } = loadCases([path.join(root, 'testcases')]);
  assert.deepEqual(problems, []);
  const stated = /The shipped suite \(`testcases\/`, (\d+) cases/.exec(admin)?.[1];
  assert.equal(Number(stated), cases.length, `the admin guide says ${stated} cases; testcases/ holds ${cases.length}`);
});

test("the admin guide's `airgap-agent --help` block is the program's output", async () => {
  assert.equal(blockAfter(admin, 'The commands (`airgap-agent --help`):'), await topLevelHelp());
});

test('the command lists: ARCHITECTURE names every command file, README and --help every listed command', async () => {
  const architecture = read('docs/ARCHITECTURE.md');
  const listed = /one handler per file under `src\/cli\/commands\/`: `([^`]+)`/.exec(architecture)?.[1];
  assert.ok(listed, 'ARCHITECTURE.md lost its command list');
  assert.deepEqual(listed.split(/\s+/).sort(), commandNames().sort());
  const help = await topLevelHelp();
  const readme = blockAfter(read('README.md'), '## Commands at a glance');
  for (const name of commandNames().filter((command) => !command.startsWith('import-'))) {
    assert.match(help, new RegExp(`\\n  ${name} `), `--help lists ${name}`);
    assert.match(readme, new RegExp(`(^|\\s)${name}\\b`), `README's commands at a glance list ${name}`);
  }
  for (const action of ['add', 'passwd', 'list', 'disable', 'enable'])
    assert.match(help, new RegExp(`users .*\\b${action}\\b`), `--help lists users ${action}`);
});

test('approval: every shipped script and skill that needs approval is named as such; none is said not to exist', () => {
  const gated: string[] = [];
  for (const name of readdirSync(path.join(root, 'deploy', 'scripts'))) {
    const manifest = parse(read(`deploy/scripts/${name}/manifest.yaml`)) as { needs_approval?: boolean };
    if (manifest.needs_approval) gated.push(name);
  }
  for (const name of readdirSync(path.join(root, 'skills'))) {
    const front = /^---\n([\s\S]*?)\n---/.exec(read(`skills/${name}/SKILL.md`))?.[1] ?? '';
    if ((parse(front) as { needs_approval?: boolean }).needs_approval) gated.push(name);
  }
  assert.ok(gated.length > 0);
  for (const name of gated) assert.match(admin, new RegExp(`\`${name}\` needs approval`), `${name} needs approval`);
  assert.doesNotMatch(admin, /No shipped (skill|script) needs/i);
});

test("mcp.servers merges over the shipped servers, as the guide's example says", () => {
  assert.match(admin, /`mcp\.servers` \*merges\* over the shipped/);
  assert.doesNotMatch(admin, /replaces\* the default list/);
  const example = blockAfter(admin, '### Adding an external MCP server');
  const checked = checkConfigText(example);
  assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.problems));
  const servers = Object.keys(checked.config.mcp.servers).sort();
  assert.deepEqual(servers, [...Object.keys(DEFAULT_MCP_SERVERS), 'lab'].sort(), 'the shipped ones stay beside yours');
});

test('one supported-host statement: the same Debian version everywhere; the units UMask values as the guide gives them', () => {
  const sources = { 'install.sh': read('install.sh'), 'docs/admin-guide.md': admin, 'README.md': read('README.md') };
  const versions = new Set<string>();
  for (const [file, text] of Object.entries(sources))
    for (const match of text.matchAll(/Debian (\d+)\+/g)) versions.add(`${match[1]} (${file})`);
  assert.equal(new Set([...versions].map((entry) => entry.split(' ')[0])).size, 1, [...versions].join(', '));
  for (const unit of readdirSync(path.join(root, 'deploy')).filter((file) => file.endsWith('.service'))) {
    const umask = /^UMask=(\d+)$/m.exec(read(`deploy/${unit}`))?.[1];
    if (umask)
      assert.ok(admin.includes(`UMask=${umask}`), `${unit} sets UMask=${umask}; the admin guide never says so`);
  }
});

test('README: the Node.js version of package.json', () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const version = /(\d+\.\d+)/.exec(engines)?.[1];
  assert.ok(version && read('README.md').includes(`Node ${version}`), `README names Node ${version} (${engines})`);
  assert.doesNotMatch(read('README.md'), /Node 20\.20 and npm 11\b/, 'Node 20 ships npm 10');
});

test("the operator guide's example table: one table, each English question and its Chinese twin asking the same", () => {
  const guide = read('docs/operator-guide.md');
  const start = guide.indexOf('| English | 中文 |');
  assert.ok(start >= 0);
  const lines = guide.slice(start).split('\n');
  const end = lines.findIndex((line) => !line.startsWith('|'));
  const rows = lines.slice(2, end);
  // no blank line splits the table: what follows it is prose, not a row
  assert.doesNotMatch(lines.slice(end, end + 3).join('\n'), /^\s*\n\|/);
  assert.ok(rows.length >= 20, `${rows.length} rows: the table was cut`);
  const context = {
    now: new Date('2026-11-29T02:00:00Z'),
    timezone: 'Asia/Shanghai',
    skills: SKILLS,
    names: demoPlantNames(),
  };
  for (const row of rows) {
    const [english, chinese] = row
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    const pairs = english!.split(' / ').map((question, index) => [question, chinese!.split(' / ')[index]]);
    assert.equal(pairs.length, chinese!.split(' / ').length, `${row}: as many English as Chinese questions`);
    for (const [en, zh] of pairs) {
      const a = routeQuestion(en!, context);
      const b = routeQuestion(zh!, context);
      // the plant's own names (王芳, HG-220) as the engine reads them from plant.db
      const skill = (decision: typeof a): string => (decision.kind === 'skill' ? decision.skill : 'none');
      assert.equal(skill(a), skill(b), `"${en}" → ${skill(a)} but "${zh}" → ${skill(b)}`);
      assert.notEqual(skill(a), 'none', `"${en}": the guide's example is not answered by the rules`);
    }
  }
});
