/**
 * The shape most formats share: an opening token, JSON (one call object, a
 * list of them, one per line), an optional closing token. The JSON ends the
 * call, so the closing token may be missing — unless `closeRequired` (a
 * format whose envelope alone says the calls are complete).
 */
import { markerRegions, type Extraction } from '../state.js';
import type { CallFormat } from '../types.js';

export function readJsonEnvelopes(
  state: Extraction,
  options: { open: RegExp; close: RegExp; format: CallFormat; label: string; closeRequired?: boolean },
): void {
  for (const region of markerRegions(state.work, options.open, options.close)) {
    state.region({
      start: region.start,
      end: region.end,
      format: options.format,
      trust: 'explicit',
      label: options.label,
      closed: options.closeRequired ? region.closed : true,
    });
    state.blank(region.outer, region.outerEnd);
  }
}
