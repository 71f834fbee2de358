/** Shapes shared by the tool-call parser and the argument validator (public face: index.ts). */
import type { ToolFormatId } from '../../types/tool-formats.js';

/**
 * Where a call came from: a structured `tool_calls` entry, one of the wire
 * formats of src/types/tool-formats.ts, or a shape of the generic cascade
 * (the older labels hermes/mistral/gemma/deepseek/harmony/function-tag/… stay
 * as they were: the audit log and the traces name them).
 */
export type CallFormat =
  | ToolFormatId
  | 'native'
  | 'json'
  | 'fence'
  | 'llama-python-tag'
  | 'function-tag'
  | 'python'
  | 'prose-json'
  | 'gemma'
  | 'deepseek'
  | 'morph-xml';

export interface ParsedCall {
  name: string;
  arguments: Record<string, unknown>;
  format: CallFormat;
  /** true when jsonrepair had to fix the JSON the call came from */
  repaired: boolean;
  /**
   * arguments the reply was cut off in (output truncated mid-value); never set
   * on a call under ParseOutcome.calls — such a call is refused (safety.ts)
   */
  cutOff?: string[];
  /**
   * what had to be repaired to read the call ("SentencePiece ▁ read as spaces",
   * "unescaped quotes in a string", "[TOOL_CALLS] marker missing"…), for the
   * trace and the audit row; absent when nothing was
   */
  repairs?: string[];
}

/** A call that was read but must not run: what the model is told instead. */
export interface RefusedCall {
  name: string;
  /**
   * cut-off: the call's structure never closed (a bracket, tag or string);
   * unknown-tool: no offered tool has that name; call-value: an argument is an
   * unevaluated call expression
   */
  reason: 'cut-off' | 'unknown-tool' | 'call-value';
  /** the corrective text for the model, naming the call and the fix */
  message: string;
}

export interface ParseOutcome {
  /** the calls to run, in the order they appear in the text */
  calls: ParsedCall[];
  /** calls read but refused by the safety rules (safety.ts); the loop tells the model why */
  refused: RefusedCall[];
  /** no call, but the text only describes one ("I will call get_weather…") or shows one as an example */
  proseOnly: boolean;
  /** something looked like a call but could not be read; the message says what was wrong */
  errors: string[];
}

/** A call before its format is known. */
export interface RawCall {
  name: string;
  arguments: Record<string, unknown>;
  repaired: boolean;
  cutOff?: string[] | undefined;
  repairs?: string[] | undefined;
  /**
   * false when the call's own structure never closed (its closing tag, or
   * the envelope that alone ends it, is missing); default true
   */
  closed?: boolean | undefined;
  /** what never closed, for the corrective message ("</tool_call>") */
  openAt?: string | undefined;
  /** arguments whose value was an unevaluated call expression (`"date": get_date()`) */
  callValues?: string[] | undefined;
  /** read from an object holding nothing but a tool name (`{"name": "get_time"}`) */
  nameOnly?: boolean | undefined;
}
