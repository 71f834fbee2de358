/**
 * What every command receives: global options (--config, --now, …) and its
 * own arguments, plus helpers to load the config once, fix the clock in the
 * plant's time zone and parse the command's options with exact messages.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { AppError, err, ok, type Result } from '../errors.js';
import { setFixedNow } from '../clock.js';
import { loadConfig, type LoadedConfig } from '../config/load.js';

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
 * usage: main prints `usage` on stdout and exits 0, before anything ran.
 */
export class HelpShown extends Error {
  constructor(readonly usage: string) {
    super('help');
  }
}

/** For commands that parse their own arguments: stop with the usage when --help was given. */
export function showHelp(context: CommandContext, usage: string): void {
  if (context.help) throw new HelpShown(usage);
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

/** Load the config named by the globals and fix the clock in the plant's zone. */
export function loadCommandConfig(context: CommandContext): LoadedConfig {
  const loaded = loadConfig({ config: context.globals.config });
  if (context.globals.now !== undefined) setFixedNow(context.globals.now, loaded.config.plant.timezone);
  return loaded;
}

/** node:util parseArgs with a USAGE AppError that names the bad option. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  context: CommandContext,
  options: T,
  usageOrOptions: string | { usage: string; allowPositionals: boolean },
): { values: Record<string, string | boolean | string[] | boolean[] | undefined>; positionals: string[] } {
  const { usage, allowPositionals } =
    typeof usageOrOptions === 'string' ? { usage: usageOrOptions, allowPositionals: true } : usageOrOptions;
  showHelp(context, usage);
  try {
    const parsed = parseArgs({ args: context.args, options, allowPositionals, strict: true });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    throw new AppError('USAGE', `${context.command}: ${(error as Error).message}`, { hint: `usage: ${usage}` });
  }
}
