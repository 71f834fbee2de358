/** A structured (`tool_calls`) call as a ParsedCall: its arguments string read leniently. */
import { err, ok, type Result } from '../../errors.js';
import { readArguments } from './arguments.js';
import { resolveToolName } from './normalize.js';
import type { ParsedCall } from './types.js';

export function nativeCall(options: {
  name: string;
  arguments: string | Record<string, unknown> | null | undefined;
  knownTools?: string[];
}): Result<ParsedCall, string> {
  const knownTools = options.knownTools && options.knownTools.length > 0 ? options.knownTools : undefined;
  const name = resolveToolName(options.name, knownTools);
  const read = readArguments(options.arguments);
  if (!read.ok) return err(`call to "${name}": ${read.error}`);
  return ok({
    name,
    arguments: read.value.value,
    format: 'native',
    repaired: read.value.repaired,
    ...(read.value.cutOff.length > 0 ? { cutOff: read.value.cutOff } : {}),
  });
}
