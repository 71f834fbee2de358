/**
 * The entry point's argument handling: every command answers `--help` with
 * its own usage on stdout and exit 0, before it does anything (no config is
 * read, no server started, no database opened).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { commandNames, main } from './main.js';

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
  });
});
