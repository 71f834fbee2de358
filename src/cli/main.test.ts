/**
 * The entry point's argument handling: every command answers `--help` with
 * its own usage on stdout and exit 0, before it does anything (no config is
 * read, no server started, no database opened).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandNames, main } from './main.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = path.join(root, 'src', 'cli', 'entry.ts');

async function capture(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe('main', () => {
  test('every command prints its own usage for --help and -h, exit 0, without running', async () => {
    // a config that does not exist: a command that loaded it would fail
    for (const name of commandNames()) {
      for (const flag of ['--help', '-h']) {
        const result = await capture(['--config', '/nonexistent/airgap.yaml', name, flag]);
        assert.equal(result.code, 0, `${name} ${flag}: ${result.stderr}`);
        assert.match(result.stdout, new RegExp(`^usage: (airgap-agent|agent-test)\\b`), `${name} ${flag}`);
        assert.match(
          result.stdout,
          new RegExp(`\\n${name.replace(/[-]/g, '\\-')}: `),
          `${name} ${flag} names the command`,
        );
        assert.equal(result.stderr, '', `${name} ${flag}`);
      }
    }
  });

  test('every command describes each option it accepts, with its default, and gives an example', async () => {
    for (const name of commandNames()) {
      const { stdout } = await capture([name, '--help']);
      assert.doesNotMatch(stdout, /\(not described\)/, `${name}: an option the parser accepts has no help line`);
      assert.match(stdout, /\nexamples:\n {2}\S/, `${name}: no example`);
      const options = stdout.slice(stdout.indexOf('\noptions'), stdout.indexOf('\nglobal options'));
      // each option line (a line starting with "  -") reaches a "default:" before the next option
      const entries = options.split(/\n(?= {2}-)/).slice(1);
      for (const entry of entries)
        assert.match(entry, /default:\s+\S/, `${name}: ${entry.split('\n')[0]} has no default`);
      assert.match(stdout, /--config FILE/, `${name}: the global options`);
    }
    // a command whose parser gets an option without a help line shows it as not described
    const { formatHelp } = await import('./help.js');
    const text = formatHelp({
      name: 'x',
      summary: 'x',
      help: { usage: 'x', options: {}, examples: ['x'] },
      parseOptions: { extra: { type: 'string' } },
    });
    assert.match(text, /--extra VALUE\s+\(not described\)/);
  });

  test('unknown commands and options say what was meant, briefly', async () => {
    const unknown = await capture(['feedbak']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "feedbak" — did you mean "feedback"\?/);
    assert.ok(unknown.stderr.split('\n').length < 6, unknown.stderr);
    const option = await capture(['--config', '/nonexistent/x.yaml', 'serve', '--prot', '8081']);
    assert.equal(option.code, 2);
    assert.match(option.stderr, /did you mean --port\?/);
    const viaHelp = await capture(['help', 'users']);
    assert.equal(viaHelp.code, 0);
    assert.match(viaHelp.stdout, /users disable NAME/);
    const top = await capture(['--help']);
    assert.match(top.stdout, /users .*disable \| enable/);
  });

  test('version --json', () => {
    // the real program in its own process: the test runner shares this process's stdout
    const out = execFileSync(process.execPath, ['--import', 'tsx', entry, 'version', '--json'], {
      cwd: root,
      encoding: 'utf8',
    });
    const parsed = JSON.parse(out) as { name: string; version: string };
    assert.equal(parsed.name, 'airgap-agent');
    assert.match(parsed.version, /^\d+\.\d+\.\d+/);
  });

  test('--help after a subcommand or an option still shows the usage', async () => {
    for (const args of [
      ['users', 'add', 'bob', '--help'],
      ['ask', 'what is the defect rate?', '-h'],
      ['llm', 'serve', '--help'],
      ['config', 'check', '--help'],
      ['mcp', 'query', '--help'],
    ]) {
      const result = await capture(args);
      assert.equal(result.code, 0, args.join(' '));
      assert.match(result.stdout, /^usage: /, args.join(' '));
    }
  });

  test('a question that contains "-h" after -- is not a help request', async () => {
    const result = await capture(['--config', '/nonexistent/airgap.yaml', 'ask', '--', '-h']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /config file not found|nonexistent/);
  });

  test('global --help and a bare command name', async () => {
    const help = await capture(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^airgap-agent .* offline plant assistant/);
    const none = await capture([]);
    assert.equal(none.code, 2);
    const unknown = await capture(['frobnicate']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
    assert.doesNotMatch(unknown.stderr, /did you mean/);
  });
});
