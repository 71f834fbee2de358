/**
 * The tool-call parser and argument validator: what lets small local models
 * succeed. The agent loop calls exactly these.
 *
 *   parseToolCalls(text, {knownTools, format})   calls found in a model's text reply, and those refused
 *   parseArgumentsString(raw)            a native call's `arguments` string, repaired
 *   readArguments(raw)                   the same, saying whether it was repaired and what was cut off
 *   validateArguments({tool, schema, args})  coerced + checked before execution
 *   describesCallInProse(text, knownTools)   "I will call get_weather…" with no call
 */
export type { CallFormat, ParsedCall, ParseOutcome, RefusedCall } from './types.js';
export { parseToolCalls, type ParseOptions } from './extract.js';
export { parseArgumentsString, readArguments } from './arguments.js';
export { nativeCall } from './native.js';
export { validateArguments, type ValidationOutcome } from './validate.js';
export { describesCallInProse } from './prose.js';
