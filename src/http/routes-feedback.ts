/**
 * The API of issue 16, under /api: feedback on answers (operators mark right
 * or wrong; admins review, export as agent-test cases, teach phrasings),
 * hand-overs to an engineer (the queue, the answer back into the operator's
 * conversation), taught phrasings (listed, versioned, removable, explained),
 * report files (listed, downloaded), and maintenance scripts with the audit
 * of their runs. Engineers answer hand-overs with admin accounts (the roles
 * are operator and admin).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { localDateTime, now } from '../clock.js';
import { FeedbackStore, HandoverStore, describeTried, exportCases, taskFacts } from '../feedback/store.js';
import { teachPhrasing } from '../feedback/teach.js';
import { TaughtPhrasings, bestMatch, decisionOf } from '../skills/router/taught.js';
import { CONTENT_TYPES, listReports, readReport, writeReport } from '../reports/writer.js';
import { ReportOwners } from '../reports/owners.js';
import { answerReport } from '../reports/answer-report.js';
import { loadScripts, scriptVersionFor } from '../maint-scripts/manifest.js';
import { ScriptRunStore } from '../maint-scripts/store.js';
import type { User } from './accounts.js';
import { parseBody, requireAdmin, requireUser, validate, type HttpEnv } from './context.js';
import type { Service } from './service.js';

const TASK_ID = z.string().min(1).max(100);
const feedbackBody = z
  .object({ task_id: TASK_ID, verdict: z.enum(['right', 'wrong']), correction: z.string().max(4000).optional() })
  .strict();
const reviewBody = z
  .object({
    dismiss: z.boolean().optional(),
    expected_skill: z.string().max(100).optional(),
    expected_args: z.record(z.string(), z.unknown()).optional(),
    expected_output: z.array(z.string().min(1).max(500)).max(20).optional(),
  })
  .strict();
const teachBody = z.object({ phrase: z.string().min(2).max(500).optional() }).strict();
const phrasingBody = z
  .object({
    phrase: z.string().min(2).max(500),
    skill: z.string().min(1).max(100),
    args: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
const handoverBody = z.object({ task_id: TASK_ID, note: z.string().max(2000).optional() }).strict();
const answerBody = z
  .object({
    answer: z.string().trim().min(1, 'the answer is empty').max(8000),
    action_taken: z.string().max(4000).optional(),
  })
  .strict();
const saveBody = z
  .object({
    task_id: TASK_ID,
    format: z.enum(['md', 'html', 'csv']),
    name: z.string().min(1).max(120).optional(),
    overwrite: z.boolean().default(false),
  })
  .strict();
const stateQuery = z.object({ state: z.string().max(20).optional() });
const idParam = z.coerce.number().int().min(1);

function ownTask(service: Service, user: User, taskId: string) {
  const facts = taskFacts(service.deps.db, taskId);
  const owner = service.deps.db.prepare('SELECT user_id FROM tasks WHERE task_id = ?').get(taskId) as
    { user_id: number | null } | undefined;
  if (!facts || !owner || (user.role !== 'admin' && owner.user_id !== user.user_id)) {
    throw new AppError('NOT_FOUND', `no task ${taskId.slice(0, 64)}`, {
      hint: 'use the task_id of the answer (POST /api/tasks returned it)',
    });
  }
  return facts;
}

export function feedbackRoutes(service: Service): Hono<HttpEnv> {
  const api = new Hono<HttpEnv>();
  const { db, config } = service.deps;
  const feedback = new FeedbackStore(db);
  const handovers = new HandoverStore(db);
  const phrasings = new TaughtPhrasings(db);

  // ---- feedback -------------------------------------------------------------------
  api.post('/feedback', async (context) => {
    const user = requireUser(context, service);
    const body = await parseBody(context, feedbackBody);
    const facts = ownTask(service, user, body.task_id);
    if (facts.answer === null && !facts.error)
      throw new AppError('BAD_REQUEST', 'this task has no answer yet', { hint: 'give feedback once it has answered' });
    const row = feedback.add({
      question: facts.question,
      answer: facts.answer,
      skill: facts.skill,
      arguments: facts.arguments,
      verdict: body.verdict,
      correction: body.correction,
      givenBy: user.username,
      sessionId: facts.session_id,
      taskId: facts.task_id,
      traceId: facts.trace_id,
    });
    context.get('log').info({ feedback: row.feedback_id, verdict: row.verdict }, 'feedback-given');
    return context.json({ feedback: row }, 201);
  });

  api.get('/feedback', (context) => {
    requireAdmin(context, service);
    const query = validate(stateQuery, context.req.query(), 'query');
    return context.json({ feedback: feedback.list({ state: query.state }) });
  });

  api.get('/feedback/export', (context) => {
    requireAdmin(context, service);
    if ((context.req.query('format') ?? 'agent-test') !== 'agent-test')
      throw new AppError('BAD_REQUEST', 'format: agent-test is the one export format');
    const { yaml } = exportCases(feedback.list({ state: 'reviewed', limit: 1000 }).reverse(), {
      timezone: config.plant.timezone,
    });
    return context.body(yaml, 200, {
      'Content-Type': 'application/yaml; charset=utf-8',
      'Content-Disposition': 'attachment; filename="feedback-cases.yaml"',
    });
  });

  api.post('/feedback/:id/review', async (context) => {
    const admin = requireAdmin(context, service);
    const id = validate(idParam, context.req.param('id'), 'path');
    const body = await parseBody(context, reviewBody);
    const row = feedback.review(id, {
      reviewer: admin.username,
      dismiss: body.dismiss,
      expectedSkill: body.expected_skill,
      expectedArgs: body.expected_args,
      expectedOutput: body.expected_output,
    });
    return context.json({ feedback: row });
  });

  api.post('/feedback/:id/teach', async (context) => {
    const admin = requireAdmin(context, service);
    const id = validate(idParam, context.req.param('id'), 'path');
    const body = await parseBody(context, teachBody);
    const row = feedback.get(id);
    if (!row) throw new AppError('NOT_FOUND', `no feedback #${id}`);
    if (row.state !== 'reviewed' || !row.expected_skill)
      throw new AppError('BAD_REQUEST', `feedback #${id} has no reviewed skill to teach`, {
        hint: 'review it first with the skill and arguments that answer it',
      });
    const taught = teachPhrasing({
      config,
      db,
      phrase: body.phrase ?? row.question,
      skill: row.expected_skill,
      args: row.expected_args ?? {},
      taughtBy: admin.username,
      feedbackId: id,
      skills: service.deps.skills.list(),
    });
    context.get('log').info({ phrasing: taught.id, skill: taught.skill, by: admin.username }, 'phrasing-taught');
    return context.json({ phrasing: taught }, 201);
  });

  // ---- taught phrasings -----------------------------------------------------------
  api.get('/phrasings', (context) => {
    requireAdmin(context, service);
    return context.json({
      version: phrasings.version(),
      phrasings: phrasings.list({ includeRemoved: context.req.query('all') === '1' }),
    });
  });

  api.post('/phrasings', async (context) => {
    const admin = requireAdmin(context, service);
    const body = await parseBody(context, phrasingBody);
    const taught = teachPhrasing({
      config,
      db,
      phrase: body.phrase,
      skill: body.skill,
      args: body.args,
      taughtBy: admin.username,
      skills: service.deps.skills.list(),
    });
    return context.json({ phrasing: taught }, 201);
  });

  api.delete('/phrasings/:id', (context) => {
    const admin = requireAdmin(context, service);
    const id = validate(idParam, context.req.param('id'), 'path');
    const removed = phrasings.remove(id, admin.username);
    if (!removed) throw new AppError('NOT_FOUND', `no live taught phrasing #${id}`);
    return context.json({ phrasing: removed, version: phrasings.version() });
  });

  api.get('/phrasings/explain', async (context) => {
    requireAdmin(context, service);
    await service.deps.skills.prepare?.();
    const question = context.req.query('q') ?? '';
    if (!question.trim()) throw new AppError('BAD_REQUEST', 'give the question as ?q=');
    const clock = { now: now(), timezone: config.plant.timezone };
    const match = bestMatch(question, phrasings.active(), clock);
    return context.json({
      route: service.deps.skills.route(question, {}),
      taught_match: match ? { ...match, decision: decisionOf(question, match, clock) } : null,
    });
  });

  // ---- hand-over to a person -----------------------------------------------------------
  api.post('/handovers', async (context) => {
    const user = requireUser(context, service);
    const body = await parseBody(context, handoverBody);
    const facts = ownTask(service, user, body.task_id);
    // an unfinished task offered its hand-over pre-filled (task manager): send exactly that
    const offer = facts.handover_offer;
    const tried = offer?.tried ?? describeTried(facts);
    const row = handovers.open({
      question: facts.question,
      tried,
      dataSeen: offer ? offer.data_seen : facts.data,
      note: body.note,
      requestedBy: user.username,
      sessionId: facts.session_id,
      taskId: facts.task_id,
      traceId: facts.trace_id,
    });
    context.get('log').info({ handover: row.handover_id, task: facts.task_id }, 'handover-opened');
    return context.json({ handover: row }, 201);
  });

  api.get('/handovers', (context) => {
    const user = requireUser(context, service);
    const query = validate(
      stateQuery.extend({ session_id: z.string().max(100).optional() }),
      context.req.query(),
      'query',
    );
    let rows = handovers.list({ state: query.state, sessionId: query.session_id });
    if (user.role !== 'admin') rows = rows.filter((row) => row.requested_by === user.username);
    return context.json({ handovers: rows });
  });

  api.post('/handovers/:id/answer', async (context) => {
    const engineer = requireAdmin(context, service);
    const id = validate(idParam, context.req.param('id'), 'path');
    const body = await parseBody(context, answerBody);
    const row = handovers.answer(id, {
      engineer: engineer.username,
      answer: body.answer,
      actionTaken: body.action_taken,
    });
    context.get('log').info({ handover: id, by: engineer.username }, 'handover-answered');
    return context.json({ handover: row });
  });

  // ---- report files ------------------------------------------------------------------
  api.get('/reports', (context) => {
    requireUser(context, service);
    const owners = new ReportOwners(db).names();
    return context.json({
      reports: listReports(config.reports.dir).map((report) => ({ ...report, owner: owners.get(report.name) ?? null })),
    });
  });

  api.post('/reports', async (context) => {
    const user = requireUser(context, service);
    const body = await parseBody(context, saveBody);
    const facts = ownTask(service, user, body.task_id);
    if (!facts.answer)
      throw new AppError('BAD_REQUEST', 'this task has no answer to save', { hint: 'save it once it has answered' });
    const created = (
      db.prepare('SELECT created_at FROM tasks WHERE task_id = ?').get(body.task_id) as { created_at: string }
    ).created_at;
    const stem =
      facts.question
        .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60) || 'answer';
    // the plant's date and time, not UTC's: a report saved at 07:00 in Shanghai is that day's
    const askedLocal = localDateTime(new Date(created), config.plant.timezone);
    const name = body.name ?? `${stem} ${askedLocal.slice(0, 10)}.${body.format}`;
    const content = answerReport(body.format, {
      question: facts.question,
      answer: facts.answer,
      askedAt: `${askedLocal.replace('T', ' ').slice(0, 16)} (${config.plant.timezone})`,
      by: user.username,
      traceId: facts.trace_id,
      plant: config.plant.name,
      charts: facts.charts,
    });
    // a report belongs to its author: replacing another's needs an admin (the write is synchronous: no race here)
    const owners = new ReportOwners(db);
    if (body.overwrite && listReports(config.reports.dir).some((report) => report.name === name))
      owners.assertMayReplace(name, user);
    const written = writeReport({
      dir: config.reports.dir,
      name,
      content,
      maxBytes: config.reports.max_kb * 1024,
      maxTotalBytes: config.reports.total_max_mb * 1024 * 1024,
      overwrite: body.overwrite,
    });
    owners.wrote(written.name, user);
    context.get('log').info({ report: written.name, bytes: written.bytes }, 'report-written');
    return context.json(
      {
        report: {
          name: written.name,
          format: written.format,
          bytes: written.bytes,
          url: `/api/reports/${encodeURIComponent(written.name)}`,
        },
      },
      201,
    );
  });

  api.get('/reports/:name', (context) => {
    requireUser(context, service);
    const name = context.req.param('name');
    const { data, format } = readReport(config.reports.dir, name);
    return context.body(new Uint8Array(data), 200, {
      'Content-Type': CONTENT_TYPES[format],
      // a download, never a page of this origin: an HTML report cannot run anything here
      'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });

  // ---- maintenance scripts -----------------------------------------------------------------
  api.get('/scripts', (context) => {
    requireUser(context, service);
    const entries = loadScripts(config);
    const pins = config.skills.pins;
    return context.json({
      // every installed version; `default`: the one a question runs when it pins none (skills.pins, else the newest)
      scripts: entries.map((entry) => ({
        name: entry.name,
        version: entry.manifest?.version ?? null,
        default: entry.manifest !== undefined && scriptVersionFor(entries, entry.name, { pins }) === entry,
        pinned: pins?.[entry.name] ?? null,
        enabled: entry.manifest !== undefined,
        reason: entry.error ?? null,
        description: entry.manifest?.description ?? null,
        needs_approval: entry.manifest?.needs_approval ?? null,
        timeout_s: entry.manifest?.timeout_s ?? null,
        args: entry.manifest?.args ?? null,
        phrasings: entry.manifest?.phrasings.map((phrasing) => phrasing.text) ?? [],
      })),
    });
  });

  api.get('/script-runs', (context) => {
    requireAdmin(context, service);
    const limit = validate(z.coerce.number().int().min(1).max(500).default(50), context.req.query('limit'), 'query');
    return context.json({ runs: new ScriptRunStore(db).list({ limit, script: context.req.query('script') }) });
  });

  return api;
}
