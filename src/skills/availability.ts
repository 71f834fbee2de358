/**
 * Dependency health before dispatch: a skill can run only when every tool it
 * needs is offered by a server that is enabled, started (or can start on
 * demand) and not refused by its breaker, and its skills can run. A skill that
 * cannot is listed unavailable with the reason (skills list, /api/skills,
 * doctor), is never routed to nor offered to the model, and a question for it
 * gets an honest reply naming what is down.
 */
import type { ToolHealth } from '../mcp/types.js';
import type { SkillInfo, SkillUnavailable } from './engine-types.js';

/** A tool's health; undefined when it cannot be known here (then the skill counts as available). */
export type HealthOf = (tool: string) => ToolHealth | undefined;

/** The info with its dependencies' servers and, when one is not healthy, why it is unavailable. */
export function withAvailability(
  info: SkillInfo,
  context: { health: HealthOf | undefined; lookup: (name: string) => SkillInfo | undefined },
  seen: Set<string> = new Set(),
): SkillInfo {
  if (!info.enabled) return info;
  const dependencies = info.dependencies ?? { tools: [], skills: [], servers: [] };
  const servers = new Set<string>();
  let unavailable: SkillUnavailable | undefined = info.unavailable;
  let unknown = false;
  for (const tool of dependencies.tools) {
    const health = context.health?.(tool);
    if (!health) {
      unknown = true;
      continue;
    }
    if (health.server) servers.add(health.server);
    if (!health.ok && !unavailable)
      unavailable = {
        skill: info.name,
        state: health.state,
        server: health.server,
        reason: `${info.name} needs ${tool}: ${health.reason}`,
      };
  }
  seen.add(info.name);
  for (const name of dependencies.skills) {
    if (seen.has(name)) continue;
    const other = context.lookup(name);
    const checked = other ? withAvailability(other, context, seen) : undefined;
    for (const server of checked?.dependencies?.servers ?? []) servers.add(server);
    if (checked?.available === undefined) unknown = true;
    if (unavailable) continue;
    if (!checked || !checked.enabled)
      unavailable = {
        skill: info.name,
        state: 'skill',
        reason: `${info.name} needs the skill ${name}, which is ${checked ? `disabled: ${checked.error ?? 'no reason'}` : 'not installed'}`,
      };
    else if (checked.available === false && checked.unavailable)
      unavailable = {
        ...checked.unavailable,
        skill: info.name,
        reason: `${info.name} needs ${name}: ${checked.unavailable.reason}`,
      };
  }
  // available: false with the reason; true when every dependency is known healthy; undefined when not known here
  const available = unavailable !== undefined ? false : unknown ? undefined : true;
  return {
    ...info,
    dependencies: { ...dependencies, servers: [...servers] },
    ...(available !== undefined ? { available } : {}),
    ...(unavailable ? { unavailable } : {}),
  };
}

/** Plain words for a server, for an operator (never a config key). */
export function serverWords(server: string | null | undefined, language: 'zh' | 'en'): string {
  const known: Record<string, [string, string]> = {
    query: ['工厂数据库查询服务', 'the plant database service'],
    plant: ['工单与设备数据服务', 'the work-order and equipment service'],
    holidays: ['节假日日历服务', 'the holiday calendar service'],
    docs: ['文档服务', 'the documents service'],
    utils: ['计算与时间服务', 'the calculator and clock service'],
  };
  const words = server ? known[server] : undefined;
  if (words) return language === 'zh' ? words[0] : words[1];
  if (server) return language === 'zh' ? `“${server}”服务` : `the "${server}" service`;
  return language === 'zh' ? '所需的服务' : 'a service it needs';
}

/** What an operator reads when a skill cannot run now: plain words, their language, what is down, what to do. */
export function unavailableReply(unavailable: SkillUnavailable, language: 'zh' | 'en'): string {
  const service = serverWords(unavailable.server, language);
  const zh = language === 'zh';
  switch (unavailable.state) {
    case 'breaker-open':
    case 'down':
      return zh
        ? `现在无法回答这个问题：${service}没有响应。请稍后再试，或联系管理员（原因已记录在日志中）。`
        : `I can't answer this right now: ${service} is not responding. Try again later, or ask an administrator ` +
            '(the cause is in the log).';
    case 'busy':
      return zh
        ? `${service}正忙于处理其他请求，这个问题没有答完。请稍等片刻再问一次。`
        : `${service} is busy with other requests, so this question was not answered. Ask again in a moment.`;
    case 'disabled':
    case 'missing':
    case 'filtered':
      return zh
        ? `现在无法回答这个问题：${service}在本设备上没有启用。请联系管理员。`
        : `I can't answer this right now: ${service} is switched off on this appliance. Ask an administrator.`;
    default:
      return zh
        ? '现在无法回答这个问题：所需的功能暂时不可用。请联系管理员。'
        : "I can't answer this right now: the function it needs is not available. Ask an administrator.";
  }
}
