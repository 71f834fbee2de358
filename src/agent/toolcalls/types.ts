/** Shapes shared by the tool-call parser and the argument validator (public face: index.ts). */

/** Where a call came from: a structured `tool_calls` entry, or one of the text shapes models emit. */
export type CallFormat =
  | 'native'
  | 'json'
  | 'fence'
  | 'hermes'
  | 'mistral'
  | 'llama-python-tag'
  | 'function-tag'
  | 'functools'
  | 'python'
  | 'prose-json'
  | 'harmony'
  | 'gemma'
  | 'deepseek';

export interface ParsedCall {
  name: string;
  arguments: Record<string, unknown>;
  format: CallFormat;
  /** true when jsonrepair had to fix the JSON the call came from */
  repaired: boolean;
  /**
   * arguments the reply was cut off in (output truncated mid-value): jsonrepair
   * filled or shortened them, so they are not what the model meant; absent when none
   */
  cutOff?: string[];
  /**
   * what had to be repaired to read the call ("SentencePiece ▁ read as spaces",
   * "unescaped quotes in a string", "[TOOL_CALLS] marker missing"…), for the
   * trace and the audit row; absent when nothing was
   */
  repairs?: string[];
}

export interface ParseOutcome {
  /** the calls found, in the order they appear in the text, duplicates removed */
  calls: ParsedCall[];
  /** no call, but the text only describes one ("I will call get_weather…") */
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
}
