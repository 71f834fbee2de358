/**
 * DeepSeek V3.2 / V4 DSML (deepseek-ai/DeepSeek-V3.2 encoding; vLLM
 * `deepseek_v32` / `deepseek_v4`, SGLang deepseekv32):
 *
 *   <｜DSML｜function_calls>            (V4: <｜DSML｜tool_calls>)
 *   <｜DSML｜invoke name="NAME">
 *   <｜DSML｜parameter name="KEY" string="true">text</｜DSML｜parameter>
 *   <｜DSML｜parameter name="N" string="false">42</｜DSML｜parameter>
 *   </｜DSML｜invoke>
 *   </｜DSML｜function_calls>
 *
 * string="true" marks a string as written, "false" a JSON value. A call
 * closes with </｜DSML｜invoke>; a single `arguments`/`parameters` wrapper
 * the model put around the real ones is taken off.
 */
import { blanked } from '../arguments.js';
import { resolveToolName } from '../normalize.js';
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';
import { tagValue, unwrapArguments } from './values.js';

function read(state: Extraction): void {
  if (!/<[｜|]DSML[｜|]/.test(state.work)) return;
  const invoke =
    /<[｜|]DSML[｜|]invoke\s+name\s*=\s*"([^"]+)"\s*>([\s\S]*?)(?:<\/[｜|]DSML[｜|]invoke>|(?=<[｜|]DSML[｜|]invoke\b)|$)/g;
  for (const match of state.work.matchAll(invoke)) {
    const name = resolveToolName(match[1]!, state.knownTools);
    let args: Record<string, unknown> = {};
    const repairs: string[] = [];
    let closed = match[0].includes('</');
    for (const parameter of match[2]!.matchAll(
      /<[｜|]DSML[｜|]parameter\s+name\s*=\s*"([^"]+)"(?:\s+string\s*=\s*"(true|false)")?\s*>([\s\S]*?)(<\/[｜|]DSML[｜|]parameter>|$)/g,
    )) {
      if (parameter[4] === '') closed = false;
      const raw = parameter[3]!;
      args[parameter[1]!] = parameter[2] === 'true' ? raw : tagValue(raw, repairs);
    }
    args = unwrapArguments(args, repairs);
    state.add(
      match.index,
      {
        name,
        arguments: args,
        repaired: repairs.length > 0,
        repairs,
        closed,
        openAt: '</｜DSML｜invoke>',
      },
      'deepseek',
    );
  }
  state.work = state.work.replace(
    /<[｜|]DSML[｜|](?:function_calls|tool_calls)>[\s\S]*?(?:<\/[｜|]DSML[｜|](?:function_calls|tool_calls)>|$)/g,
    (block) => blanked(block),
  );
  state.work = state.work.replace(/<[｜|]DSML[｜|]invoke[\s\S]*?(?:<\/[｜|]DSML[｜|]invoke>|$)/g, (block) =>
    blanked(block),
  );
}

export const deepseekV32: FormatParser = { ids: ['deepseek_v32'], marker: /[｜|]DSML[｜|]/, read };
