/**
 * One parser per wire format (src/types/tool-formats.ts names them), each
 * written from the format's chat template and special tokens. A parser reads
 * the calls of its format out of the reply into the shared Extraction,
 * blanks what it read, and says of each call whether its structure closed;
 * it decides nothing about running — safety.ts does, once, for every parser.
 */
import type { ToolFormatId } from '../../../types/tool-formats.js';
import type { Extraction } from '../state.js';

export interface FormatParser {
  /** the formats this parser reads (two ids share one parser when their wire is the same) */
  ids: readonly ToolFormatId[];
  /** a cheap test: the reply carries this format's tokens (the parser runs only then, or when detected) */
  marker: RegExp;
  read(state: Extraction): void;
}
