/** `airgap-agent ask` — placeholder until its issue lands; says so instead of pretending. */
import { AppError } from '../../errors.js';
import type { CommandContext } from '../context.js';

export async function run(_context: CommandContext): Promise<number> {
  throw new AppError('USAGE', 'the "ask" command is not built yet', { hint: 'see the open issues' });
}
