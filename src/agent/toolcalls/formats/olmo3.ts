/**
 * OLMo 3 (allenai Olmo-3 chat template; vLLM `olmo3`, Ollama olmo3):
 *
 *   <function_calls>get_weather(city="Paris")
 *   get_time(tz="UTC")</function_calls>
 *
 * Python calls, one per line, with Python or JSON literals. The list is not
 * self-delimiting (another line may follow), so the calls count only when
 * </function_calls> closed them.
 */
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  for (const region of markerRegions(state.work, /<function_calls>/, /<\/function_calls>/)) {
    const found = state.pythonCalls({
      start: region.start,
      end: region.end,
      format: 'olmo3',
      trust: 'explicit',
      closed: region.closed,
    });
    const rest = state.work.slice(region.start, region.end).trim();
    if (found === 0 && rest !== '' && /\w\s*\(/.test(rest))
      state.errors.push(`<function_calls>: ${JSON.stringify(rest.slice(0, 80))} is not a call with literal arguments`);
    state.blank(region.outer, region.outerEnd);
  }
}

export const olmo3: FormatParser = { ids: ['olmo3'], marker: /<function_calls>/, read };
