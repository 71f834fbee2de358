/**
 * Operations endpoints, no log-in needed: /healthz (the process answers),
 * /readyz (agent.db open, MCP servers running and their breakers closed,
 * skills loaded — 503 with the reasons otherwise; skills that cannot run now
 * are named with why) and /metrics (Prometheus text).
 */
import { Hono } from 'hono';
import type { HttpEnv } from './context.js';
import type { Service } from './service.js';
import { readFreshness } from '../import/freshness.js';

export function readiness(service: Service): {
  ready: boolean;
  checks: Record<string, { ok: boolean; detail: string }>;
} {
  const checks: Record<string, { ok: boolean; detail: string }> = {};
  try {
    service.deps.db.prepare('SELECT 1').get();
    checks.agent_db = { ok: true, detail: 'open' };
  } catch (error) {
    checks.agent_db = { ok: false, detail: `agent.db cannot be read: ${(error as Error).message}` };
  }
  const servers = service.deps.tools.status?.() ?? [];
  // idle: stopped after idle time (or not started yet), started by the next call that needs it;
  // a server that stopped answering pings is not ready even before it is restarted (src/mcp/server-process.ts)
  const down = servers.filter(
    (server) => (server.state !== 'running' && server.state !== 'idle') || (server.unresponsive_since ?? null) !== null,
  );
  const idle = servers.filter((server) => server.state === 'idle').length;
  const hung = servers
    .filter((server) => (server.hung_restarts ?? 0) > 0)
    .map((server) => `${server.name} ×${server.hung_restarts}`);
  const ready = service.deps.tools.ready?.() ?? true;
  // a breaker open: the server stopped answering and its calls are refused until retry_at (src/mcp/breaker.ts)
  const open = servers.filter((server) => server.breaker?.state === 'open');
  checks.breakers = {
    ok: open.length === 0,
    detail:
      open.length === 0
        ? `${servers.length} closed`
        : open
            .map(
              (server) =>
                `${server.name}: open until ${server.breaker!.retry_at} (${server.breaker!.last_error ?? 'failures'})`,
            )
            .join('; '),
  };
  checks.mcp = {
    ok: ready && down.length === 0,
    detail:
      (down.length === 0
        ? `${servers.length - idle} server(s) running${idle > 0 ? `, ${idle} idle (started on first use)` : ''}, ${service.deps.tools.listTools().length} tools`
        : down
            .map(
              (server) =>
                `` +
                server.name +
                ` is ` +
                (server.state === 'running' ? `unresponsive since ${server.unresponsive_since}` : server.state) +
                (server.last_error ? ` (${server.last_error})` : ''),
            )
            .join('; ')) + (hung.length > 0 ? `; restarted after hanging: ${hung.join(', ')}` : ''),
  };
  const skills = service.deps.skills.list();
  const enabled = skills.filter((skill) => skill.enabled);
  const broken = skills.filter((skill) => !skill.enabled);
  const unavailable = enabled.filter((skill) => skill.available === false);
  checks.skills = {
    ok: enabled.length > 0,
    detail:
      enabled.length > 0
        ? `${enabled.length} enabled${broken.length ? `, ${broken.length} disabled (${broken.map((skill) => skill.name).join(', ')})` : ''}` +
          (unavailable.length > 0
            ? `; unavailable now: ${unavailable.map((skill) => `${skill.name} (${skill.unavailable?.reason ?? 'a dependency is down'})`).join('; ')}`
            : '')
        : 'no skill is loaded',
  };
  // stale data (or a suspect clock) is a warning in the detail, not a reason to take the service out of
  // rotation; a plant.db that is missing or cannot be read is: no question about the plant can be answered
  const fresh = readFreshness(service.deps.config);
  checks.plant_data =
    fresh.error === undefined
      ? { ok: true, detail: `${fresh.message}${fresh.stale ? ' (warning: stale)' : ''}` }
      : {
          ok: false,
          detail:
            `${fresh.message}: plant questions cannot be answered — restore plant.db, import the plant's exports ` +
            '(airgap-agent import) or seed the demo plant; `airgap-agent doctor` checks it',
        };
  checks.clock = { ok: true, detail: fresh.clock ? `warning: ${fresh.clock}` : 'consistent with the plant data' };
  checks.accepting = service.state.closing
    ? { ok: false, detail: 'shutting down' }
    : { ok: true, detail: 'accepting questions' };
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}

export function opsRoutes(service: Service): Hono<HttpEnv> {
  const ops = new Hono<HttpEnv>();
  ops.get('/healthz', (context) => context.json({ status: 'ok', uptime_s: Math.round(process.uptime()) }));
  ops.get('/readyz', (context) => {
    const result = readiness(service);
    const reasons = Object.entries(result.checks)
      .filter(([, check]) => !check.ok)
      .map(([name, check]) => `${name}: ${check.detail}`);
    return context.json(
      { status: result.ready ? 'ready' : 'not ready', reasons, checks: result.checks },
      result.ready ? 200 : 503,
    );
  });
  ops.get('/metrics', (context) =>
    context.body(service.metrics.render(), 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' }),
  );
  return ops;
}
