/**
 * How one configured MCP server is launched: the command line and the
 * environment of its child process. Pure functions, so they are tested
 * without spawning anything.
 *
 * - `builtin: NAME` re-invokes this same program (`selfCommand`) as
 *   `[--config FILE] [--now ISO] mcp NAME`, so shipped servers read the
 *   agent's config and share its (possibly fixed) clock.
 * - `command` + `args` run an external program; `{root}` (the app root) is
 *   expanded in the command, the arguments and the env values (SOURCES.md B).
 *
 * Environment allow-list: PATH, HOME, LANG, LANGUAGE, LC_*, TZ, TMPDIR,
 * NODE_ENV and AIRGAP_AGENT_* from the agent, plus the server's configured
 * `env`. Everything else (API keys, tokens, proxies, NODE_OPTIONS) stays
 * behind. NODE_OPTIONS is left out on purpose: the child's command line is
 * complete without it, and an inherited `--inspect` or `--require` would
 * reach every server; a server that needs it sets it in its `env`.
 * A shipped (builtin) server gets NODE_OPTIONS=`CHILD_NODE_OPTIONS` (smaller
 * heaps: each server is a whole copy of the program, and the appliance keeps
 * its process tree small) unless its configured env sets NODE_OPTIONS.
 * Note: the SDK's StdioClientTransport always adds its own sudo-like
 * defaults (HOME, LOGNAME, PATH, SHELL, TERM, USER) from the parent; none of
 * them is a secret.
 */
import { isClockFixed, now } from '../clock.js';
import { appRoot, selfCommand } from '../runtime/self.js';
import type { McpServerConfig } from '../config/schema.js';

export interface LaunchSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * The heap limit of the shipped servers: an old space bounded well above what
 * a server needs (its caches are bounded in entries), instead of V8's default
 * of a quarter of the machine's memory. The young generation keeps its
 * default: capping it (--max-semi-space-size=2) saved ~7 MB per idle server
 * but made every start 15-80% slower (more scavenges while modules load).
 */
export const CHILD_NODE_OPTIONS = '--max-old-space-size=256';

const ALLOWED_NAMES = new Set(['PATH', 'HOME', 'LANG', 'LANGUAGE', 'TZ', 'TMPDIR', 'NODE_ENV']);
const ALLOWED_PREFIXES = ['LC_', 'AIRGAP_AGENT_'];

export function isAllowedEnvName(name: string): boolean {
  return ALLOWED_NAMES.has(name) || ALLOWED_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The parent's variables that pass the allow-list (shell functions are dropped). */
export function allowedEnvironment(source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || value.startsWith('()')) continue;
    if (isAllowedEnvName(name)) env[name] = value;
  }
  return env;
}

/** Replace every `{root}` with the app root. */
export function expandRoot(text: string, root: string = appRoot()): string {
  return text.split('{root}').join(root);
}

export interface LaunchOptions {
  /** the agent's config file, passed on to builtin servers as --config */
  configFile?: string | undefined;
  /** overrides for tests; default: the real clock state, appRoot(), process.env */
  fixedNow?: Date | undefined;
  root?: string | undefined;
  parentEnv?: NodeJS.ProcessEnv | undefined;
}

export function launchSpec(server: McpServerConfig, options: LaunchOptions = {}): LaunchSpec {
  const root = options.root ?? appRoot();
  const configured: Record<string, string> = {};
  for (const [name, value] of Object.entries(server.env)) configured[name] = expandRoot(value, root);
  const env = { ...allowedEnvironment(options.parentEnv ?? process.env), ...configured };
  if (server.builtin !== undefined) {
    if (configured.NODE_OPTIONS === undefined) env.NODE_OPTIONS = CHILD_NODE_OPTIONS;
    const globals: string[] = [];
    if (options.configFile !== undefined) globals.push('--config', options.configFile);
    const fixed = options.fixedNow ?? (isClockFixed() ? now() : undefined);
    if (fixed !== undefined) globals.push('--now', fixed.toISOString());
    const self = selfCommand([...globals, 'mcp', server.builtin]);
    return { command: self.command, args: self.args, env };
  }
  if (server.command === undefined) {
    // the config schema refuses this; kept as a guard for objects built by hand
    throw new Error('an MCP server needs either "builtin" or "command"');
  }
  return {
    command: expandRoot(server.command, root),
    args: server.args.map((arg) => expandRoot(arg, root)),
    env,
  };
}

/** A command line for messages: arguments with spaces are quoted. */
export function formatCommandLine(spec: { command: string; args: string[] }): string {
  return [spec.command, ...spec.args].map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part)).join(' ');
}
