import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { spawnSync } from 'node:child_process';
import { configFromObject } from '../config/load.js';
import { selfCommand } from '../runtime/self.js';
import { loadScripts } from './manifest.js';
import { checkPolkitRule, polkitRule, polkitRuleFor, polkitUnits, sha256 } from './polkit-rule.js';

type Rule = (action: unknown, subject: unknown) => string;

/** The cgroup of a process inside one approved run's unit (what /proc/PID/cgroup says under systemd). */
const RUN_CGROUP =
  '0::/system.slice/system-airgap\\x2dagent\\x2dscript.slice/airgap-agent-script@0123456789abcdef0123456789abcdef.service\n';
/** The cgroup of the service itself (any other process of the service user). */
const SERVICE_CGROUP = '0::/system.slice/airgap-agent.service\n';

/**
 * Evaluate a rule file as polkitd does: a `polkit` object whose addRule
 * collects the functions, and whose spawn runs `cat /proc/PID/cgroup` on
 * the processes given (pid → cgroup text; an unknown pid fails as cat does).
 */
function loadRules(text: string, cgroups: Map<number, string> = new Map()): Rule[] {
  const rules: Rule[] = [];
  const polkit = {
    Result: { YES: 'yes', NO: 'no', AUTH_ADMIN: 'auth_admin', NOT_HANDLED: null },
    addRule: (rule: Rule) => rules.push(rule),
    spawn: (argv: string[]) => {
      const match = /^\/proc\/(\d+)\/cgroup$/.exec(argv[1] ?? '');
      if (argv[0] !== '/usr/bin/cat' || argv.length !== 2 || !match)
        throw new Error(`unexpected spawn ${argv.join(' ')}`);
      const cgroup = cgroups.get(Number(match[1]));
      if (cgroup === undefined) throw new Error('cat: No such file or directory');
      return cgroup;
    },
  };
  vm.runInNewContext(text, { polkit });
  return rules;
}

/** What the rules decide for one request (the first rule with an answer wins, as in polkitd). */
function decide(
  rules: Rule[],
  request: { id?: string; user?: string; verb: string; unit: string; pid?: number },
): string | null {
  const details: Record<string, string> = { verb: request.verb, unit: request.unit };
  const action = { id: request.id ?? 'org.freedesktop.systemd1.manage-units', lookup: (key: string) => details[key] };
  const subject = { user: request.user ?? 'airgap-agent', pid: request.pid ?? RUN_PID };
  for (const rule of rules) {
    const result = rule(action, subject);
    if (result !== null && result !== undefined) return result;
  }
  return null;
}

const RUN_PID = 4242;
const SERVICE_PID = 1717;
const CGROUPS = new Map([
  [RUN_PID, RUN_CGROUP],
  [SERVICE_PID, SERVICE_CGROUP],
]);

function setup(manifests: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'polkit-'));
  for (const [name, text] of Object.entries(manifests)) {
    mkdirSync(path.join(dir, 'plant-scripts', name), { recursive: true });
    writeFileSync(path.join(dir, 'plant-scripts', name, 'manifest.yaml'), text);
    writeFileSync(path.join(dir, 'plant-scripts', name, 'run'), '#!/bin/sh\n');
    chmodSync(path.join(dir, 'plant-scripts', name, 'run'), 0o755);
  }
  const config = configFromObject({ state: { db: 'agent.db' }, scripts: { dir: 'plant-scripts' } }, dir);
  return { dir, config };
}

const manifest = (name: string, units: string[]): string =>
  `name: ${name}\nversion: 1.0.0\ndescription: { en: ${name}, zh: 测试 }\ncommand: ['./run']\n` +
  `touches: { units: [${units.join(', ')}] }\n`;

test('the rule allows the service user exactly `restart` of the listed units, nothing else', () => {
  const text = polkitRule({
    units: [
      { unit: 'harmless-test.service', scripts: ['restart_service'] },
      { unit: 'vision-inspection.service', scripts: ['restart_service'] },
    ],
    user: 'airgap-agent',
  });
  const rules = loadRules(text, CGROUPS);
  assert.equal(rules.length, 1, 'one rule');
  assert.equal(decide(rules, { verb: 'restart', unit: 'harmless-test.service' }), 'yes');
  assert.equal(decide(rules, { verb: 'restart', unit: 'vision-inspection.service' }), 'yes');
  for (const verb of ['start', 'stop', 'reload', 'try-restart', 'reload-or-restart', 'kill', 'enable', ''])
    assert.equal(decide(rules, { verb, unit: 'harmless-test.service' }), null, `verb ${verb} is not allowed`);
  // N20: only an approved run's own unit restarts them, never another process of the service user
  assert.equal(decide(rules, { verb: 'restart', unit: 'harmless-test.service', pid: SERVICE_PID }), null);
  assert.equal(decide(rules, { verb: 'restart', unit: 'harmless-test.service', pid: 99999 }), null, 'a vanished pid');
  const lookalike = new Map([
    [7, '0::/user.slice/user-1000.slice/airgap-agent-script@0123456789abcdef0123456789abcdef.service\n'],
  ]);
  assert.equal(
    decide(loadRules(text, lookalike), { verb: 'restart', unit: 'harmless-test.service', pid: 7 }),
    null,
    'a unit of that name in a user slice is not an approved run',
  );
  // the service may start (and stop, on a timeout) exactly one approved run's unit, nothing else
  assert.equal(
    decide(rules, {
      verb: 'start',
      unit: 'airgap-agent-script@0123456789abcdef0123456789abcdef.service',
      pid: SERVICE_PID,
    }),
    'yes',
  );
  assert.equal(
    decide(rules, {
      verb: 'stop',
      unit: 'airgap-agent-script@0123456789abcdef0123456789abcdef.service',
      pid: SERVICE_PID,
    }),
    'yes',
  );
  for (const unit of [
    'airgap-agent-script@x.service',
    'airgap-agent-script@.service',
    'airgap-agent-script@0123456789abcdef0123456789abcdef.service.d',
  ])
    assert.equal(decide(rules, { verb: 'start', unit, pid: SERVICE_PID }), null, unit);
  assert.equal(
    decide(rules, { verb: 'restart', unit: 'airgap-agent-script@0123456789abcdef0123456789abcdef.service' }),
    null,
  );
  assert.equal(decide(rules, { verb: 'restart', unit: 'ssh.service' }), null, 'an unlisted unit');
  assert.equal(decide(rules, { verb: 'restart', unit: 'harmless-test' }), null, 'the exact unit name only');
  assert.equal(decide(rules, { verb: 'restart', unit: 'harmless-test.service', user: 'mallory' }), null);
  assert.equal(
    decide(rules, { id: 'org.freedesktop.systemd1.manage-unit-files', verb: 'restart', unit: 'harmless-test.service' }),
    null,
    'another action',
  );
  assert.equal(decide(rules, { id: 'org.freedesktop.login1.reboot', verb: 'restart', unit: '' }), null);
  assert.match(text, /^\/\/ airgap-agent: generated by `airgap-agent scripts polkit-rule`/);
  assert.match(text, /install\.sh --polkit-rule/, 'the file says how to regenerate it');
  assert.match(text, /"harmless-test\.service", \/\/ restart_service/, 'each unit names the scripts that list it');
  assert.match(text, /"vision-inspection\.service" \/\/ restart_service\n  \];/, 'no comma after the last unit');
});

test('unit names and the user are escaped: a quote or backslash stays inside its string', () => {
  const hostile = 'x"]; polkit.Result.YES; //\\.service';
  const text = polkitRule({
    units: [
      { unit: hostile, scripts: ['a'] },
      { unit: 'a\u2028b.service', scripts: ['a'] },
    ],
    user: 'u"x',
  });
  const rules = loadRules(text, CGROUPS);
  assert.equal(rules.length, 1);
  assert.equal(decide(rules, { verb: 'restart', unit: hostile, user: 'u"x' }), 'yes', 'the exact hostile name only');
  assert.equal(decide(rules, { verb: 'restart', unit: 'x', user: 'u"x' }), null);
  assert.equal(decide(rules, { verb: 'restart', unit: 'a\u2028b.service', user: 'u"x' }), 'yes');
  assert.equal(decide(rules, { verb: 'restart', unit: 'anything.service', user: 'airgap-agent' }), null);
});

test('no unit listed: a rule file that allows nothing', () => {
  const text = polkitRule({ units: [], user: 'airgap-agent' });
  assert.equal(loadRules(text).length, 0, 'no rule is added');
  assert.match(text, /nothing is allowed/);
  assert.ok(
    text.split('\n').every((line) => line === '' || line.startsWith('//')),
    'comments only',
  );
});

test('the units come from the enabled scripts (shipped and plant), a disabled one adds none', () => {
  const { config } = setup({
    restart_service: manifest('restart_service', ['harmless-test.service', 'label-printer.service']),
    restart_line: manifest('restart_line', ['label-printer.service', 'line-b@2.service']),
    no_type: manifest('no_type', ['vision-inspection']),
  });
  const entries = loadScripts(config);
  const broken = entries.find((entry) => entry.name === 'no_type');
  assert.match(broken?.error ?? '', /touches\.units\.0: a full systemd unit name with its type/);
  const { units } = polkitUnits(entries);
  assert.deepEqual(units, [
    { unit: 'harmless-test.service', scripts: ['restart_service'] },
    { unit: 'label-printer.service', scripts: ['restart_line', 'restart_service'] },
    { unit: 'line-b@2.service', scripts: ['restart_line'] },
  ]);
  // the plant's restart_service replaced the shipped one: its units (vision-inspection …) are gone
  const rules = loadRules(polkitRuleFor(config, 'airgap-agent').text, CGROUPS);
  assert.equal(decide(rules, { verb: 'restart', unit: 'vision-inspection.service' }), null);
  assert.equal(decide(rules, { verb: 'restart', unit: 'line-b@2.service' }), 'yes');
  // the shipped examples alone: restart_service's allow-list
  const shipped = polkitUnits(loadScripts({ scripts: { ...config.scripts, dir: null } }));
  assert.deepEqual(
    shipped.units.map(({ unit }) => unit),
    ['airgap-agent-llm.service', 'label-printer.service', 'vision-inspection.service'],
  );
});

test('doctor: the rule is missing, current, or out of date after a manifest changed', () => {
  const { dir, config } = setup({ restart_service: manifest('restart_service', ['harmless-test.service']) });
  const rulesDir = path.join(dir, 'rules.d');
  const recordFile = path.join(dir, 'polkit-rule.sha256');
  const noPolkit = checkPolkitRule({ config, recordFile, rulesDir });
  assert.equal(noPolkit.status, 'warn');
  assert.match(noPolkit.detail, /polkit is not installed/);
  assert.match(noPolkit.fix ?? '', /apt install polkitd/);
  mkdirSync(rulesDir);
  const noRecord = checkPolkitRule({ config, recordFile, rulesDir });
  assert.equal(noRecord.status, 'warn');
  assert.match(noRecord.fix ?? '', /install\.sh --polkit-rule/);
  writeFileSync(recordFile, `${sha256(polkitRuleFor(config, 'airgap-agent').text)}  airgap-agent\n`);
  const current = checkPolkitRule({ config, recordFile, rulesDir });
  assert.deepEqual(current.status, 'ok', current.detail);
  assert.match(current.detail, /is current: airgap-agent may restart harmless-test\.service/);
  const manifestFile = path.join(config.scripts.dir!, 'restart_service', 'manifest.yaml');
  writeFileSync(manifestFile, readFileSync(manifestFile, 'utf8').replace('harmless-test', 'other-test'));
  const stale = checkPolkitRule({ config, recordFile, rulesDir });
  assert.equal(stale.status, 'warn');
  assert.match(stale.detail, /out of date .* now list other-test\.service/);
  const none = checkPolkitRule({
    config: { scripts: { ...config.scripts, dir: null, shipped: false } },
    recordFile,
    rulesDir,
  });
  assert.equal(none.status, 'ok');
  assert.match(none.detail, /no unit may be restarted/);
});

test("`airgap-agent scripts polkit-rule` prints the rule for the config's scripts, names a disabled one", () => {
  const { dir, config } = setup({
    restart_service: manifest('restart_service', ['harmless-test.service']),
    no_type: manifest('no_type', ['vision-inspection']),
  });
  const configFile = path.join(dir, 'config.yaml');
  writeFileSync(configFile, JSON.stringify({ state: { db: 'agent.db' }, scripts: { dir: 'plant-scripts' } }));
  const cli = (args: string[]) => {
    const command = selfCommand(['--config', configFile, 'scripts', 'polkit-rule', ...args]);
    return spawnSync(command.command, command.args, { encoding: 'utf8', timeout: 60000 });
  };
  const printed = cli(['--user', 'airgap-agent']);
  assert.equal(printed.status, 0, printed.stderr);
  assert.equal(printed.stdout, polkitRuleFor(config, 'airgap-agent').text);
  assert.equal(decide(loadRules(printed.stdout, CGROUPS), { verb: 'restart', unit: 'harmless-test.service' }), 'yes');
  assert.match(
    printed.stderr,
    /no_type is disabled \(.*touches\.units\.0: a full systemd unit name.*\): its units are left out/,
  );
  const bad = cli(['--user', 'x"; rm']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--user "x"; rm" is not a user name/);
  assert.equal(bad.stdout, '');
});

test('units the system itself needs, and anything but a service, are refused in a manifest with the reason (N20)', () => {
  const { config } = setup({
    root_mount: manifest('root_mount', ['-.mount']),
    bus: manifest('bus', ['dbus.service']),
    pk: manifest('pk', ['polkit.service']),
    logind: manifest('logind', ['systemd-logind.service']),
    target: manifest('target', ['multi-user.target']),
    itself: manifest('itself', ['airgap-agent.service']),
    login: manifest('login', ['getty@tty1.service']),
    fine: manifest('fine', ['label-printer.service', 'line-b@2.service']),
  });
  const entries = new Map(loadScripts(config).map((entry) => [entry.name, entry]));
  const reason = (name: string): string => entries.get(name)?.error ?? '';
  assert.match(
    reason('root_mount'),
    /"-\.mount" is not a service: a maintenance script may restart services \(\.service\) only/,
  );
  assert.match(reason('target'), /"multi-user\.target" is not a service/);
  for (const [name, unit] of <Array<[string, string]>>[
    ['bus', 'dbus.service'],
    ['pk', 'polkit.service'],
    ['logind', 'systemd-logind.service'],
    ['itself', 'airgap-agent.service'],
    ['login', 'getty@tty1.service'],
  ])
    assert.match(
      reason(name),
      new RegExp(`"${unit.replace(/[.@]/g, '\\$&')}" is a unit the system itself needs`),
      name,
    );
  assert.equal(entries.get('fine')?.error, undefined);
  // the disabled scripts add nothing to the rule
  const allowed = polkitUnits([...entries.values()]).units.map(({ unit }) => unit);
  for (const unit of ['label-printer.service', 'line-b@2.service']) assert.ok(allowed.includes(unit), unit);
  for (const unit of ['-.mount', 'dbus.service', 'polkit.service', 'systemd-logind.service', 'airgap-agent.service'])
    assert.ok(!allowed.includes(unit), unit);
});
