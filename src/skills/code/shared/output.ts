/**
 * The building blocks of the code skills' output schemas (each skill's
 * output.ts): the data an answer carries, checked by the engine on every run
 * (src/skills/contract.ts). An honest refusal ("there is no line E", "that
 * period is in the future") is data too: `error` names it, and the rest of
 * its shape is checked as strictly as an answer's. Objects are loose (a skill
 * may add a field without breaking its callers); the fields named here are
 * the contract.
 */
import { z } from 'zod';

export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
export const pieces = z.number().int('a count of pieces is a whole number').min(0, 'a count cannot be negative');
/** a percentage: defect rate, yield, a share */
export const percent = z.number().min(0, 'a rate cannot be negative').max(100, 'a rate cannot exceed 100 %');
export const argumentsOut = z.record(z.string(), z.unknown());
export const unitOut = z.object({ counts: z.literal('pieces'), rates: z.literal('percent') });
export const periodOut = z.looseObject({ from: isoDay, to: isoDay });
/** the period a figure covers, as the quality skills echo it */
export const askedPeriodOut = z.looseObject({
  from: isoDay,
  to: isoDay,
  requested_to: isoDay,
  label: z.string().nullable(),
  days: z.number().int().min(1),
});

/** inspected ≥ defective, checked wherever both are given */
function counted<T extends z.ZodType<{ inspected: number; defective: number }>>(schema: T): T {
  return schema.refine((value) => value.defective <= value.inspected, {
    message: 'more defective pieces than inspected',
    path: ['defective'],
  }) as unknown as T;
}

export const lineFiguresOut = counted(
  z.looseObject({
    line_id: z.string().min(1),
    name: z.string(),
    name_en: z.string().nullable(),
    has_data: z.boolean(),
    batches: pieces,
    inspected: pieces,
    defective: pieces,
    defect_rate: percent.nullable(),
    yield: percent.nullable(),
  }),
);

/** inspected, defective, batches and the rate (null without data) */
export const figuresOut = counted(
  z.looseObject({ inspected: pieces, defective: pieces, batches: pieces, defect_rate: percent.nullable() }),
);

export const workOrderOut = z.looseObject({
  order_id: z.number().int().min(1),
  priority: z.string(),
  title: z.string(),
  opened_at: z.string(),
});

/** an answer: no `error` */
export function answered<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.looseObject({ arguments: argumentsOut, error: z.undefined().optional(), ...shape });
}

/** an honest refusal named by `error` */
export function refused<Code extends string, Shape extends z.ZodRawShape>(code: Code, shape: Shape) {
  return z.looseObject({ arguments: argumentsOut, error: z.literal(code), ...shape });
}

export const unknownLineOut = refused('unknown_line', {
  unknown_lines: z.array(z.string()),
  known_lines: z.array(z.string()),
});
export const futurePeriodOut = refused('future_period', { period: periodOut, today: isoDay });
export const reversedPeriodOut = refused('reversed_period', { period: periodOut });
export const unknownShiftOut = refused('unknown_shift', { shifts: z.array(z.string()) });
