/**
 * What every command receives: global options (--config, --now, …) and its
 * own arguments, plus helpers to load the config once, fix the clock in the
 * plant's time zone and parse the command's options with exact messages.
 */
import { existsSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { AppError, err, ok, type Result } from '../errors.js';
import { setFixedNow } from '../clock.js';
import { loadConfig, type LoadedConfig } from '../config/load.js';
import { closestName } from '../config/did-you-mean.js';
import { usageOf, type CommandHelp } from './help.js';

export interface GlobalOptions {
  config?: string | undefined;
  now?: string | undefined;
  help?: boolean | undefined;
  version?: boolean | undefined;
}

export interface CommandContext {
  globals: GlobalOptions;
  /** arguments after the command name */
  args: string[];
  command: string;
  /** `COMMAND --help`: print the command's usage (HelpShown) instead of running it */
  help?: boolean | undefined;
}

/**
 * Thrown by parseCommandArgs (or showHelp) when the command was asked for its
 * help: main prints it (src/cli/help.ts) on stdout and exits 0, before anything ran.
 */
export class HelpShown extends Error {
  constructor(
    readonly help: CommandHelp | string,
    /** the options the command's parser accepts: each must be described in `help` */
    readonly parseOptions?: NonNullable<ParseArgsConfig['options']>,
  ) {
    super('help');
  }
}

/** For commands that parse their own arguments: stop with the help when --help was given. */
export function showHelp(
  context: CommandContext,
  help: CommandHelp | string,
  parseOptions?: NonNullable<ParseArgsConfig['options']>,
): void {
  if (context.help) throw new HelpShown(help, parseOptions);
}

/** True when -h/--help stands among a command's arguments (before a `--`). */
export function asksForHelp(args: string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** Pull the global options out of argv wherever they stand before the command's own. */
export function splitGlobalOptions(argv: string[]): Result<{ globals: GlobalOptions; rest: string[] }, string> {
  const globals: GlobalOptions = {};
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag === '--config' || flag === '--now') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') return err(`${flag} needs a value`);
      if (flag === '--config') globals.config = value;
      else globals.now = value;
    } else if ((arg === '--help' || arg === '-h') && rest.length === 0) {
      globals.help = true;
    } else if ((arg === '--version' || arg === '-V') && rest.length === 0) {
      globals.version = true;
    } else {
      rest.push(arg);
    }
  }
  if (globals.now === undefined && process.env.AIRGAP_AGENT_NOW) globals.now = process.env.AIRGAP_AGENT_NOW;
  return ok({ globals, rest });
}

/**
 * Say so when this command is about to start a new, empty agent.db (no
 * accounts, no history): usually a config whose relative paths are read from
 * its own folder, not the one the old agent.db is in.
 */
export function newAgentDbWarning(loaded: LoadedConfig): string | undefined {
  const file = loaded.config.state.db;
  if (existsSync(file)) return undefined;
  return (
    `airgap-agent: WARNING: creating a new, empty agent.db at ${file} (no accounts, no history)` +
    (loaded.file
      ? `; relative paths in ${loaded.file} are read from its folder — set state.db to the agent.db you mean`
      : '')
  );
}

/** Load the config named by the globals and fix the clock in the plant's zone. */
export function loadCommandConfig(context: CommandContext): LoadedConfig {
  const loaded = loadConfig({ config: context.globals.config });
  if (context.globals.now !== undefined) setFixedNow(context.globals.now, loaded.config.plant.timezone);
  return loaded;
}

/** node:util parseArgs with a USAGE AppError that names the bad option (and the one meant, when it is a typo). */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  context: CommandContext,
  options: T,
  usageOrOptions: string | CommandHelp | { usage: string | CommandHelp; allowPositionals: boolean },
): { values: Record<string, string | boolean | string[] | boolean[] | undefined>; positionals: string[] } {
  const { usage: help, allowPositionals } =
    typeof usageOrOptions === 'string' || !('allowPositionals' in usageOrOptions)
      ? { usage: usageOrOptions, allowPositionals: true }
      : usageOrOptions;
  showHelp(context, help, options);
  const usage = typeof help === 'string' ? help : usageOf(help);
  try {
    const parsed = parseArgs({ args: context.args, options, allowPositionals, strict: true });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /Unknown option '--?([^']+)'/.exec(message)?.[1];
    const meant = unknown === undefined ? undefined : closestName(unknown, Object.keys(options));
    throw new AppError('USAGE', `${context.command}: ${message}${meant ? ` (did you mean --${meant}?)` : ''}`, {
      hint: `usage: ${usage}\n  more: airgap-agent ${context.command} --help`,
    });
  }
}

/**
 * A whole-number option (`--port 8090`) within [min, max], or undefined when not given; anything else is a
 * usage error naming the command, the option, the range and the usage.
 */
export function wholeOption(
  value: unknown,
  [min, max]: [min: number, max: number],
  { command, name, usage }: { command: string; name: string; usage: string },
): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new AppError(
      'USAGE',
      `${command}: --${name} must be a whole number from ${min} to ${max}, got "${String(value)}"`,
      { hint: `usage: ${usage}` },
    );
  }
  return number;
}
