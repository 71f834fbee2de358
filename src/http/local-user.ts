/**
 * The identity a request carries from its listener: only the console socket
 * (local-socket.ts) binds one; a request never can. Its own module so that
 * the app (which reads it) and the socket (which sets it) share no cycle.
 */
import type { User } from './accounts.js';

/** The key under which the console socket's listener passes its user in the request env. */
export const LOCAL_USER = 'airgapLocalUser';

/** The identity a request carries from its listener (only the local socket sets one). */
export function localUser(env: unknown): User | undefined {
  if (env === null || typeof env !== 'object') return undefined;
  const user = (env as Record<string, unknown>)[LOCAL_USER];
  return user !== null && typeof user === 'object' ? (user as User) : undefined;
}
