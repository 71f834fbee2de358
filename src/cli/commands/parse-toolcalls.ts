/**
 * `airgap-agent parse-toolcalls [--known-tools a,b,c] [--arguments] [--verbose]`
 *
 * Reads one raw assistant message on stdin and prints the calls the agent
 * would extract from it, as one JSON line:
 *   {"calls":[{"name":…,"arguments":{…}}],"prose_only":false}   (+ "refused" and "errors" when any)
 * With --arguments, stdin is only a structured call's `arguments` string (as a
 * model sent it): prints the repaired arguments object, or exits 1 with the
 * reason on stderr. --verbose adds each call's format, repaired flag, what was
 * repaired ("repairs": the same notes the trace and the audit log show) and the
 * arguments a truncated reply was cut off in; with --arguments it prints
 * {"arguments": {…}, "repaired": …, "repairs": […]}.
 * An admin's debugging aid, and the parser's public face.
 */
import { AppError } from '../../errors.js';
import { parseToolCalls, readArguments } from '../../agent/toolcalls/index.js';
import { parseCommandArgs, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: 'airgap-agent parse-toolcalls [--known-tools a,b,c] [--arguments] [--verbose] < message.txt',
  about: ['Prints the tool calls the agent would read from one raw model message on stdin, as one JSON line.'],
  options: {
    'known-tools': { value: 'a,b,c', text: 'the tool names a call may use (others are errors)', default: 'any name' },
    arguments: { text: "stdin is only a call's arguments string: print it repaired", default: 'off: a whole message' },
    verbose: { text: "add each call's format and the repairs made", default: 'off' },
  },
  examples: [
    `echo '<tool_call>{"name": "query_database", "arguments": {}}</tool_call>' | airgap-agent parse-toolcalls --known-tools query_database`,
  ],
};
const USAGE = usageOf(HELP);
const EXAMPLE = `echo '<tool_call>{"name": "query_database", "arguments": {}}</tool_call>' | airgap-agent parse-toolcalls --known-tools query_database`;

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new AppError('USAGE', 'parse-toolcalls reads the raw model message from stdin, and stdin is a terminal', {
      hint: `pipe the message in: ${EXAMPLE}`,
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    context,
    { 'known-tools': { type: 'string' }, arguments: { type: 'boolean' }, verbose: { type: 'boolean' } },
    { usage: HELP, allowPositionals: false },
  );
  if (positionals.length > 0)
    throw new AppError(
      'USAGE',
      `parse-toolcalls takes no positional arguments (got ${JSON.stringify(positionals[0])})`,
      { hint: `usage: ${USAGE}` },
    );
  const knownToolsOption = values['known-tools'];
  const knownTools =
    typeof knownToolsOption === 'string'
      ? knownToolsOption
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '')
      : undefined;

  const input = await readStdin();
  if (input.trim() === '') {
    throw new AppError('USAGE', 'parse-toolcalls: stdin is empty; there is no message to parse', {
      hint: `usage: ${USAGE}\n  e.g. ${EXAMPLE}`,
    });
  }

  if (values.arguments === true) {
    const parsed = readArguments(input);
    if (!parsed.ok) {
      throw new AppError('PARSE_FAILED', `the arguments cannot be read: ${parsed.error}`, {
        hint: 'pass only the arguments string of one call, e.g. {"line": "A"}',
      });
    }
    const { value, repaired, repairs, cutOff } = parsed.value;
    const verbose = {
      arguments: value,
      repaired,
      ...(repairs ? { repairs } : {}),
      ...(cutOff.length > 0 ? { cut_off: cutOff } : {}),
    };
    process.stdout.write(`${JSON.stringify(values.verbose === true ? verbose : value)}\n`);
    return 0;
  }

  const outcome = parseToolCalls(input, knownTools ? { knownTools } : {});
  const calls = outcome.calls.map((call) =>
    values.verbose === true
      ? {
          name: call.name,
          arguments: call.arguments,
          format: call.format,
          repaired: call.repaired,
          ...(call.repairs ? { repairs: call.repairs } : {}),
          ...(call.cutOff ? { cut_off: call.cutOff } : {}),
        }
      : { name: call.name, arguments: call.arguments },
  );
  const output: Record<string, unknown> = { calls, prose_only: outcome.proseOnly };
  // read but not to be run (cut off, a call expression for a value, no such tool): what the model would be told
  if (outcome.refused.length > 0) output.refused = outcome.refused;
  if (outcome.errors.length > 0) output.errors = outcome.errors;
  process.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
}
