/**
 * A command's help as data, kept beside the command (each file under
 * src/cli/commands/ exports its own `HELP`): the usage lines, one line per
 * option with its default, and examples. `COMMAND --help` prints it through
 * `formatHelp`; an option the parser accepts but the help does not describe
 * is printed as "(not described)", and src/cli/main.test.ts fails on it, so a
 * new option cannot arrive without its line.
 */
import type { ParseArgsConfig } from 'node:util';

export interface OptionHelp {
  /** the value's placeholder (PORT, FILE…); absent for a flag */
  value?: string;
  /** what it does, one line */
  text: string;
  /** what applies when the option is not given ("off" for a flag) */
  default: string;
}

export interface CommandHelp {
  /** the usage line(s), each starting with the program's name */
  usage: string | string[];
  /** a few more lines on what the command does (optional) */
  about?: string[];
  /** keyed by the option's long name, as node:util parseArgs knows it */
  options: Record<string, OptionHelp>;
  /** at least one command line to copy */
  examples: string[];
}

type ParseOptions = NonNullable<ParseArgsConfig['options']>;

export const GLOBAL_OPTIONS: Record<string, OptionHelp> = {
  config: {
    value: 'FILE',
    text: 'the YAML config (or AIRGAP_AGENT_CONFIG); relative paths in it are read from its folder',
    default: 'none: the built-in defaults, paths under the working directory',
  },
  now: {
    value: 'ISO',
    text: 'fix the clock, e.g. 2026-11-25T10:00:00+08:00 (or AIRGAP_AGENT_NOW)',
    default: 'the system clock',
  },
};

/** The usage line(s) as one string, for `hint: usage: …` in USAGE errors. */
export function usageOf(help: CommandHelp): string {
  return (Array.isArray(help.usage) ? help.usage : [help.usage]).join('\n       ');
}

function optionLabel(name: string, option: OptionHelp | undefined, parse: ParseOptions[string] | undefined): string {
  const short = parse?.short ? `-${parse.short}, ` : '';
  const value = option?.value ?? (parse?.type === 'string' ? 'VALUE' : undefined);
  return `${short}--${name}${value ? ` ${value}` : ''}`;
}

/** Words wrapped at `width` columns (a word longer than that stands alone). */
function wrap(text: string, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    if (row && row.length + 1 + word.length > width) {
      rows.push(row);
      row = word;
    } else row = row ? `${row} ${word}` : word;
  }
  return [...rows, row];
}

/** The text `COMMAND --help` prints: usage, summary, options with defaults, examples. */
export function formatHelp(options: {
  name: string;
  summary: string;
  help: CommandHelp | string;
  parseOptions?: ParseOptions | undefined;
}): string {
  const { name, summary } = options;
  const help: CommandHelp =
    typeof options.help === 'string' ? { usage: options.help, options: {}, examples: [] } : options.help;
  const names = [...new Set([...Object.keys(help.options), ...Object.keys(options.parseOptions ?? {})])];
  const rows = names.map((option) => {
    const described = help.options[option];
    const label = optionLabel(option, described, options.parseOptions?.[option]);
    const text = described ? `${described.text}; default: ${described.default}` : '(not described)';
    return [label, text] as const;
  });
  const globals = Object.entries(GLOBAL_OPTIONS).map(
    ([option, described]) =>
      [optionLabel(option, described, undefined), `${described.text}; default: ${described.default}`] as const,
  );
  const width = Math.min(24, Math.max(...[...rows, ...globals].map(([label]) => label.length)) + 2);
  const line = ([label, text]: readonly [string, string]): string => {
    const wrapped = wrap(text, 100 - width - 2);
    const first =
      label.length + 2 > width
        ? [`  ${label}`, ...wrapped]
        : [`  ${label.padEnd(width)}${wrapped[0]}`, ...wrapped.slice(1)];
    return first.map((row, index) => (index === 0 ? row : `  ${' '.repeat(width)}${row}`)).join('\n');
  };
  return [
    `usage: ${usageOf(help)}`,
    '',
    `${name}: ${summary}`,
    ...(help.about?.length ? ['', ...help.about] : []),
    '',
    rows.length ? 'options:' : 'options: none of its own',
    ...rows.map(line),
    '',
    'global options (before or after the command):',
    ...globals.map(line),
    line(['-h, --help', 'this text']),
    '',
    help.examples.length ? 'examples:' : 'examples: (none given)',
    ...help.examples.map((example) => `  ${example}`),
  ].join('\n');
}
