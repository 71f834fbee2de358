/**
 * install.sh --model (issue 31): a model the plant brings. The checks run as an admin runs them
 * (`install.sh --model FILE --check`: no root, nothing changed); the install itself runs install.sh's own
 * do_model, sourced, against a temp folder (OPT, ETC, DATA, UNITS) with systemctl stubbed: the stub's
 * `restart airgap-agent-llm.service` starts the REAL `airgap-agent llm serve` on the config install.sh wrote
 * (which verifies the copied file against the manifest install.sh wrote), and waits for its /health as the
 * unit's ExecStartPost does. What needs systemd itself (the units, runuser, the hardening) is in
 * deploy/test/guest-test.sh.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/load.js';
import { TINY_HERMES_TEMPLATE, writeTinyGguf, type ModelManifestEntry } from '../src/llm/embedded/tiny-gguf.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const installSh = path.join(root, 'install.sh');
const dir = mkdtempSync(path.join(os.tmpdir(), 'install-model-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('bash', [installSh, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** install.sh sourced (functions only), then SCRIPT: the paths point into a temp folder. */
function sourced(script: string, vars: Record<string, string>, timeout = 600_000) {
  const assignments = Object.entries(vars)
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join('; ');
  const result = spawnSync(
    'bash',
    ['-c', `set -euo pipefail; source ${JSON.stringify(installSh)}; ${assignments}\n${script}`],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root' },
      timeout,
    },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

function tiny(name: string, seed: number, chatTemplate?: string): { file: string; entry: ModelManifestEntry } {
  const file = path.join(dir, 'medium', name);
  const entry = writeTinyGguf({ file, seed, chatTemplate });
  return { file, entry };
}

describe('install.sh --model FILE --check: the file is checked, nothing changes', () => {
  const { file, entry } = tiny('plant-model.gguf', 5);

  test('a GGUF with its right sha256: accepted, named with its size and digest', () => {
    const result = run(['--model', file, '--sha256', entry.sha256.toUpperCase(), '--check']);
    assert.equal(result.status, 0, result.out);
    assert.match(result.out, new RegExp(`sha256 ${entry.sha256} matches --sha256`));
    assert.match(result.out, new RegExp(`GGUF, ${entry.size} bytes, sha256 ${entry.sha256} \\(matches --sha256\\)`));
    assert.match(result.out, /would be installed as \/var\/lib\/airgap-agent\/models\/plant-model\.gguf/);
    // without --sha256: accepted, with a warning to compare the digest by hand
    const bare = run(['--model', file, '--check']);
    assert.equal(bare.status, 0, bare.out);
    assert.match(bare.out, /WARNING: no --sha256 given: the file's sha256 [0-9a-f]{64} is recorded as it is/);
  });

  test('a wrong --sha256: refused with both digests and the fix', () => {
    const wrong = `${entry.sha256.slice(0, 63)}${entry.sha256.endsWith('0') ? '1' : '0'}`;
    const result = run(['--model', file, '--sha256', wrong, '--check']);
    assert.equal(result.status, 1);
    assert.match(
      result.out,
      new RegExp(`ERROR: sha256 mismatch: .*plant-model\\.gguf has ${entry.sha256}, --sha256 says ${wrong}`),
    );
    assert.match(result.out, /fix: the copy is damaged or is another file: .*nothing was changed/);
    assert.match(
      run(['--model', file, '--sha256', 'abc123']).out,
      /--sha256: "abc123" is not a SHA-256 \(64 hex digits\)/,
    );
  });

  test('not a GGUF, an old GGUF version, too small, missing, a folder, an odd name: each refused with what is wrong', () => {
    const text = path.join(dir, 'medium', 'readme.gguf');
    writeFileSync(text, 'Model card: see the publisher\n');
    let result = run(['--model', text, '--check']);
    assert.equal(result.status, 1);
    assert.match(result.out, /readme\.gguf is not a GGUF model: it starts with "Mode" \(4d 6f 64 65\), not "GGUF"/);
    assert.match(result.out, /fix: .*loads \.gguf files only/);
    const v1 = path.join(dir, 'medium', 'ancient.gguf');
    const header = Buffer.alloc(64);
    header.write('GGUF', 0, 'latin1');
    header.writeUInt32LE(1, 4);
    writeFileSync(v1, header);
    assert.match(run(['--model', v1, '--check']).out, /is GGUF version 1: llama\.cpp reads versions 2 and 3/);
    const stub = path.join(dir, 'medium', 'stub.gguf');
    writeFileSync(stub, 'GGUF');
    assert.match(run(['--model', stub, '--check']).out, /is 4 bytes: too small for a model/);
    assert.match(
      run(['--model', path.join(dir, 'nope.gguf'), '--check']).out,
      /model file .*nope\.gguf does not exist/,
    );
    assert.match(run(['--model', dir, '--check']).out, /is not a file/);
    const spaced = path.join(dir, 'medium', 'my model.gguf');
    copyFileSync(file, spaced);
    assert.match(
      run(['--model', spaced, '--check']).out,
      /the file name "my model\.gguf" has characters [\s\S]*fix: copy it under a plain name first, e\.g\. cp .*my_model\.gguf/,
    );
  });

  test('--sha256 and --check only with --model; --model not with another mode', () => {
    assert.match(run(['--sha256', entry.sha256]).out, /--sha256 goes with --model FILE\.gguf/);
    assert.match(run(['--check']).out, /--check goes with --model FILE\.gguf/);
    assert.match(
      run(['--rollback', '--model', file]).out,
      /--model goes with an install, or alone; not with --rollback/,
    );
    assert.match(run(['--help']).out, /--model FILE\.gguf \[--sha256 HEX\]/);
  });

  test("the model against this host's RAM: refused when it cannot fit, a warning when it leaves little, with the figures", () => {
    const meminfo = path.join(dir, 'meminfo');
    writeFileSync(meminfo, 'MemTotal:         400 kB\n');
    let result = sourced(`MODEL_SRC=${JSON.stringify(file)}; check_model_file`, { MEMINFO: meminfo, CHECK_ONLY: '1' });
    assert.equal(result.status, 1);
    assert.match(result.out, /the model is too big for this host: \d+ KiB of weights, 400 KiB of RAM in all/);
    writeFileSync(meminfo, `MemTotal:         ${2 * 1048576 + 200} kB\n`);
    result = sourced(`MODEL_SRC=${JSON.stringify(file)}; check_model_file`, { MEMINFO: meminfo, CHECK_ONLY: '1' });
    assert.equal(result.status, 0, result.out);
    assert.match(
      result.out,
      /WARNING: the model leaves little RAM: \d+ KiB of weights \+ ~2 GiB for the context, 2\.0 GiB of RAM/,
    );
  });
});

describe("set_config_model: llm.embedded.model in the admin's config, the rest as it was", () => {
  const model = '/var/lib/airgap-agent/models/plant-model.gguf';
  const shapes: Array<[string, string]> = [
    ['the shipped config', readFileSync(path.join(root, 'deploy', 'config.yaml'), 'utf8')],
    ['no llm block', 'server:\n  port: 8080\n'],
    [
      'llm without embedded, then another block',
      'llm:\n  base_url: null # rules or embedded\n\nserver:\n  port: 8080\n',
    ],
    [
      'embedded with a model, then another llm key',
      'llm:\n  embedded:\n    model: null\n    port: 8082\n  timeout_ms: 9000\n',
    ],
    ['embedded last in the file, a comment inside', 'llm:\n  embedded:\n    # the port\n    port: 8083\n'],
  ];
  for (const [name, text] of shapes) {
    test(name, () => {
      const before = path.join(dir, `before-${shapes.findIndex(([other]) => other === name)}.yaml`);
      const afterFile = `${before}.after.yaml`;
      writeFileSync(before, text);
      const result = sourced(
        `set_config_model ${JSON.stringify(before)} ${JSON.stringify(model)} > ${JSON.stringify(afterFile)}`,
        {},
      );
      assert.equal(result.status, 0, result.out);
      const edited = readFileSync(afterFile, 'utf8');
      const was = loadConfig({ config: before }).config;
      const now = loadConfig({ config: afterFile }).config;
      assert.equal(now.llm.embedded.model, model, edited);
      assert.deepEqual({ ...now, llm: { ...now.llm, embedded: { ...now.llm.embedded, model: null } } }, was);
      assert.equal((edited.match(/^ *model: \/var/gm) ?? []).length, 1, edited);
      // every line of the admin's file is kept (a model line replaced)
      for (const line of text.split('\n').filter((entry) => !/^ {4}model:/.test(entry)))
        assert.ok(edited.includes(line), `kept: ${line}`);
    });
  }
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe(
  'do_model: copied, recorded, the config pointed at it, the real model service restarted on it; ' +
    'a model that does not load leaves the previous one serving',
  { skip: process.getuid?.() !== 0 ? 'install.sh sets root ownership: run as root' : false },
  () => {
    const base = path.join(dir, 'appliance');
    const T = {
      OPT: path.join(base, 'opt'),
      ETC: path.join(base, 'etc'),
      DATA: path.join(base, 'data'),
      UNITS: path.join(base, 'units'),
    };
    const vars = {
      ...T,
      CONFIG: path.join(T.ETC, 'config.yaml'),
      MODELS_DIR: path.join(T.DATA, 'models'),
      LOGS: path.join(base, 'log'),
      USER_NAME: 'root',
      STUB: path.join(base, 'stub'),
      REPO: root,
    };
    const release = path.join(T.OPT, 'releases', '9.9.9');
    let configText = '';
    // systemctl: the llm unit's restart runs the real `llm serve` (the dev launcher) and waits for /health, as the
    // unit's ExecStartPost (deploy/wait-llm.sh) does; everything else is logged and succeeds
    const stubs = `
require_root() { :; }; require_systemd() { :; }; as_service() { "$@"; }
stop_llm() {
  [ -s "$STUB/llm.pid" ] || return 0
  kill "$(cat "$STUB/llm.pid")" 2>/dev/null || true
  while kill -0 "$(cat "$STUB/llm.pid")" 2>/dev/null; do sleep 0.2; done
  rm -f "$STUB/llm.pid"
}
systemctl() {
  echo "systemctl $*" >> "$STUB/systemctl.log"
  case "$*" in
    "restart airgap-agent-llm.service")
      stop_llm
      "$REPO/bin/airgap-agent" --config "$CONFIG" llm serve >> "$STUB/llm.out" 2>&1 & echo $! > "$STUB/llm.pid"
      local port; port=$(sed -n 's/^    port: //p' "$CONFIG")
      for _ in $(seq 1500); do
        http_ok 127.0.0.1 "$port" /health && return 0
        kill -0 "$(cat "$STUB/llm.pid")" 2>/dev/null || { rm -f "$STUB/llm.pid"; return 1; }
        sleep 0.2
      done
      return 1 ;;
    "is-active --quiet airgap-agent.service") return 1 ;;
    "is-active --quiet airgap-agent-llm.service") [ -s "$STUB/llm.pid" ] && kill -0 "$(cat "$STUB/llm.pid")" ;;
    *) return 0 ;;
  esac
}
exec 8>"$STUB/lock"; INSTALL_LOCKED=1
`;
    const install = (file: string, extra = '') =>
      sourced(`${stubs}\nMODEL_SRC=${JSON.stringify(file)}; ${extra}\ndo_model`, vars);
    const health = (port: number) =>
      fetch(`http://127.0.0.1:${port}/health`).then((response) => response.json() as Promise<{ model: string }>);
    let port = 0;

    before(async () => {
      port = await freePort();
      for (const folder of [
        path.join(release, 'bin'),
        path.join(release, 'vendor', 'node-llama-cpp'),
        T.ETC,
        T.DATA,
        T.UNITS,
        vars.STUB,
        vars.LOGS,
      ])
        mkdirSync(folder, { recursive: true });
      symlinkSync(path.join(root, 'bin', 'airgap-agent'), path.join(release, 'bin', 'airgap-agent'));
      symlinkSync(path.join(root, 'deploy'), path.join(release, 'deploy'));
      writeFileSync(path.join(release, 'bundle.env'), 'VERSION=9.9.9\nMODELS=0\n');
      symlinkSync(release, path.join(T.OPT, 'current'));
      configText =
        `# the admin's config\nstate:\n  db: ${base}/agent.db\nlog:\n  dir: ${vars.LOGS}\n` +
        `llm:\n  base_url: null\n  embedded:\n    port: ${port}\n    threads: 1\n    context_size: 1024\n    parallel: 1\n`;
      writeFileSync(vars.CONFIG, configText);
    });
    after(() => {
      sourced(`${stubs}\nstop_llm`, vars);
    });

    test("the first model: installed, recorded, serving; install.sh says so with doctor's view", async () => {
      const { file, entry } = tiny('plant-first.gguf', 21);
      const result = install(file, `MODEL_SHA=${entry.sha256}; MODEL_LICENCE='Apache-2.0'; SUDO_USER=alice`);
      assert.equal(result.status, 0, result.out);
      const target = path.join(vars.MODELS_DIR, 'plant-first.gguf');
      assert.equal(loadConfig({ config: vars.CONFIG }).config.llm.embedded.model, target);
      assert.equal(readFileSync(`${vars.CONFIG}.pre-model`, 'utf8'), configText, 'the config before, kept');
      assert.equal(statSync(target).mode & 0o777, 0o640);
      const manifest = JSON.parse(readFileSync(path.join(vars.MODELS_DIR, 'manifest.json'), 'utf8')) as {
        models: Array<Record<string, unknown>>;
      };
      assert.equal(manifest.models.length, 1);
      assert.deepEqual(
        { ...manifest.models[0], installed_at: 'T' },
        {
          name: 'plant-first.gguf',
          size: entry.size,
          sha256: entry.sha256,
          licence: 'Apache-2.0',
          installed_at: 'T',
          installed_by: 'alice',
          source: file,
        },
      );
      assert.match(String(manifest.models[0]!.installed_at), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.equal((await health(port)).model, 'plant-first');
      assert.match(
        result.out,
        /embedded model service ready on plant-first\.gguf: \/health names plant-first, a 4-token completion answered/,
      );
      assert.match(
        result.out,
        /doctor: ok {3}model: .*plant-first\.gguf: size matches the manifest \(checksum skipped\), licence Apache-2\.0/,
      );
      assert.match(result.out, /doctor: ok {3}model info: plant-first\.gguf: \d+ KB, GGUF v3/);
      // the unit installed for a plant model (this release ships none), enabled
      assert.ok(existsSync(path.join(T.UNITS, 'airgap-agent-llm.service')));
      assert.match(readFileSync(path.join(vars.STUB, 'systemctl.log'), 'utf8'), /enable airgap-agent-llm\.service/);
      // the same file again: nothing to do
      const again = install(file);
      assert.equal(again.status, 0, again.out);
      assert.match(again.out, /already installed and in use: nothing to do/);
    });

    test('a second model replaces it: the first file goes, the manifest lists the new one only', async () => {
      const { file, entry } = tiny('plant-second.gguf', 22, TINY_HERMES_TEMPLATE);
      const result = install(file, `MODEL_SHA=${entry.sha256}`);
      assert.equal(result.status, 0, result.out);
      assert.equal((await health(port)).model, 'plant-second');
      assert.equal(existsSync(path.join(vars.MODELS_DIR, 'plant-first.gguf')), false);
      assert.match(result.out, /removed the previous model file .*plant-first\.gguf/);
      const manifest = JSON.parse(readFileSync(path.join(vars.MODELS_DIR, 'manifest.json'), 'utf8')) as {
        models: Array<{ name: string; licence: string }>;
      };
      assert.deepEqual(
        manifest.models.map((model) => [model.name, model.licence]),
        [['plant-second.gguf', 'not recorded (install.sh --licence)']],
      );
      assert.match(result.out, /model info: .*tool calls in the hermes \(Hermes\/Qwen/);
    });

    test('a GGUF the service cannot load: refused after its start failed; config, manifest, file put back; the previous model serves', async () => {
      const configBefore = readFileSync(vars.CONFIG, 'utf8');
      const manifestBefore = readFileSync(path.join(vars.MODELS_DIR, 'manifest.json'), 'utf8');
      // a valid header and metadata, the weights cut off
      const { file: whole } = tiny('plant-broken.gguf', 23);
      const broken = path.join(dir, 'medium', 'plant-cut.gguf');
      writeFileSync(broken, readFileSync(whole).subarray(0, 200_000));
      const result = install(broken);
      assert.equal(result.status, 1, result.out);
      assert.match(result.out, /ERROR: the embedded model service did not start on plant-cut\.gguf/);
      assert.match(result.out, /the previous model serves again/);
      assert.equal(readFileSync(vars.CONFIG, 'utf8'), configBefore);
      assert.equal(readFileSync(path.join(vars.MODELS_DIR, 'manifest.json'), 'utf8'), manifestBefore);
      assert.equal(existsSync(path.join(vars.MODELS_DIR, 'plant-cut.gguf')), false);
      assert.deepEqual(
        spawnSync('ls', ['-A', vars.MODELS_DIR], { encoding: 'utf8' }).stdout.trim().split('\n'),
        ['manifest.json', 'plant-second.gguf'],
        'no temp or aside file left',
      );
      assert.equal((await health(port)).model, 'plant-second');
    });

    test('units_of_release: the embedded model unit for a plant model, only with the model runtime', () => {
      const result = sourced('units_of_release "$OPT/current"', vars);
      assert.match(result.out, /airgap-agent-llm\.service/);
      rmSync(path.join(release, 'vendor', 'node-llama-cpp'), { recursive: true });
      assert.doesNotMatch(sourced('units_of_release "$OPT/current"', vars).out, /airgap-agent-llm\.service/);
      const refused = install(path.join(vars.MODELS_DIR, 'plant-second.gguf'));
      assert.equal(refused.status, 1);
      assert.match(refused.out, /has no embedded model runtime \(bundle built with --no-llm\)/);
      mkdirSync(path.join(release, 'vendor', 'node-llama-cpp'));
    });
  },
);
