/**
 * `npm run bench:parse`: the tool-call parser on every output of its corpora
 * (the project's own, the real set of issue 14, the engines' own parser
 * fixtures, the held-out batches W2/W4/W6 of issue 28 and the morph-XML
 * fixtures), plus a few long outputs. For each output: p50/p99 of parseToolCalls (or
 * readArguments for an arguments string) over many runs. Prints the slowest
 * outputs and the figures against the target:
 *   p99 < 1 ms for every output under 8 KB.
 * Also prints recovery on the real set (exact names and typed arguments).
 *   node --expose-gc --import tsx bench/parse.ts [--iterations N]
 * On a machine busy with other work the p99 measures the scheduler, not the
 * parser (a 66-byte output's p99 read 18 ms at load 20 on 2 cores). As root,
 * run it ahead of the other processes to see the parser's own tail:
 *   chrt -f 50 node --expose-gc --import tsx bench/parse.ts
 * (measured so at load 14–20: median p50 17 µs, worst p99 586 µs — target met).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { readArguments } from '../src/agent/toolcalls/arguments.js';
import { canonical, runFixture } from '../src/agent/toolcalls/conformance/fixture.js';
import { allFixtures } from '../src/agent/toolcalls/conformance/sources.js';
import { CORPUS } from '../src/agent/toolcalls/corpus.js';
import { parseToolCalls } from '../src/agent/toolcalls/extract.js';
import { MORPH_XML_FIXTURES } from '../src/agent/toolcalls/formats/morph-xml.fixtures.js';
import { HELD_OUT_W2 } from '../src/agent/toolcalls/held-out-w2.js';
import { HELD_OUT_W4 } from '../src/agent/toolcalls/held-out-w4.js';
import { HELD_OUT_W6 } from '../src/agent/toolcalls/held-out-w6.js';
import { REAL_CORPUS } from '../src/agent/toolcalls/real-corpus.js';
import { scoreRealCorpus, toolsFor } from '../src/agent/toolcalls/real-score.js';

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '400' } } });
const iterations = Math.max(10, Number(values.iterations));

interface Output {
  name: string;
  bytes: number;
  run: () => unknown;
}

const TOOLS = [
  'query_database',
  'describe_schema',
  'search_docs',
  'get_current_oncall',
  'is_public_holiday',
  'quality_metrics',
  'weekly_report',
  'fault_advice',
];
const outputs: Output[] = [];
for (const entry of CORPUS) {
  const options = entry.knownTools ? { knownTools: entry.knownTools } : {};
  outputs.push({
    name: `corpus: ${entry.name}`,
    bytes: Buffer.byteLength(entry.text),
    run: () => parseToolCalls(entry.text, options),
  });
}
for (const entry of REAL_CORPUS) {
  const options = { knownTools: toolsFor(entry) };
  outputs.push({
    name: `real: ${entry.id}`,
    bytes: Buffer.byteLength(entry.text),
    run: entry.family === 'arguments' ? () => readArguments(entry.text) : () => parseToolCalls(entry.text, options),
  });
}
// the engines' own parser fixtures (conformance), the held-out batches and the morph-XML fixtures
for (const { engine, fixture } of allFixtures()) {
  const options = { knownTools: fixture.tools };
  outputs.push({
    name: `${engine}: ${fixture.format} ${fixture.name}`,
    bytes: Buffer.byteLength(fixture.text),
    run: () => parseToolCalls(fixture.text, options),
  });
}
const HELD_OUT = [...HELD_OUT_W2, ...HELD_OUT_W4, ...HELD_OUT_W6];
for (const entry of HELD_OUT) {
  const options = { knownTools: entry.tools };
  outputs.push({
    name: `held-out: ${entry.id}`,
    bytes: Buffer.byteLength(entry.text),
    run: () => parseToolCalls(entry.text, options),
  });
}
for (const entry of MORPH_XML_FIXTURES) {
  const options = { knownTools: entry.tools };
  outputs.push({
    name: `morph-xml: ${entry.name}`,
    bytes: Buffer.byteLength(entry.text),
    run: () => parseToolCalls(entry.text, options),
  });
}
// long outputs: a reasoning model's think block, a long answer, a call with a big argument
const reasoning =
  `<think>` +
  'The user wants the defect rate of line A last Wednesday. I need to query quality_data. '.repeat(80) +
  `</think>\n<tool_call>\n{"name": "query_database", "arguments": {"sql": "SELECT 1 LIMIT 1", "purpose": "rate"}}\n</tool_call>`;
const answer = `${'Line A produced 12,340 pieces this week with a defect rate of 1.21% (149 defects); the main defect was scratches. '.repeat(60)}`;
const bigArgument = `<tool_call>{"name": "search_docs", "arguments": {"query": "${'press 3 vibration bearing noise '.repeat(200)}"}}</tool_call>`;
const harmonyLong =
  `<|channel|>analysis<|message|>${'Need the weekly report for line B. '.repeat(150)}<|end|><|start` +
  `|>assistant<|channel|>commentary to=functions.weekly_report <|constrain|>json<|message|>{"line":` +
  `"B","week":"2026-W47"}<|call|>`;
for (const [name, text] of [
  ['long: think block then a call', reasoning],
  ['long: plain answer', answer],
  ['long: call with a 6 KB argument', bigArgument],
  ['long: Harmony analysis then a call', harmonyLong],
] as const) {
  outputs.push({ name, bytes: Buffer.byteLength(text), run: () => parseToolCalls(text, { knownTools: TOOLS }) });
}

/**
 * Round-robin: every output once per round, `iterations` rounds. A pause that is
 * not the parser's (a collection, another process on a shared machine) lands
 * on one sample of one output instead of a run of samples of the same output.
 */
function measureAll(list: Output[]): Array<{ p50: number; p99: number }> {
  for (const output of list) for (let index = 0; index < 20; index++) output.run();
  const samples = list.map(() => [] as number[]);
  for (let round = 0; round < iterations; round++) {
    list.forEach((output, index) => {
      const start = performance.now();
      output.run();
      samples[index]!.push(performance.now() - start);
    });
  }
  return samples.map((values) => {
    values.sort((a, b) => a - b);
    const at = (q: number): number => values[Math.min(values.length - 1, Math.floor(q * values.length))]!;
    return { p50: at(0.5), p99: at(0.99) };
  });
}

const measured = measureAll(outputs);
const results = outputs.map((output, index) => ({ ...output, ...measured[index]! }));
const small = results.filter((result) => result.bytes < 8192);
const worst = [...results].sort((a, b) => b.p99 - a.p99).slice(0, 8);
const fmt = (ms: number): string => `${(ms * 1000).toFixed(0).padStart(5)} µs`;
const all50 = [...results.map((result) => result.p50)].sort((a, b) => a - b);
const median = all50[Math.floor(all50.length / 2)]!;

console.log(
  `parseToolCalls over ${results.length} outputs (${CORPUS.length} corpus, ${REAL_CORPUS.length} real, ` +
    `${results.length - CORPUS.length - REAL_CORPUS.length - HELD_OUT.length - MORPH_XML_FIXTURES.length - 4} ` +
    `engine fixtures, ${HELD_OUT.length} held-out, ${MORPH_XML_FIXTURES.length} morph-XML, 4 long), ` +
    `${iterations} runs each`,
);
console.log(`  median of per-output p50: ${fmt(median)}`);
console.log('  slowest outputs (p99):');
for (const result of worst)
  console.log(
    `    ${fmt(result.p50)} p50  ${fmt(result.p99)} p99  ${String(result.bytes).padStart(6)} B  ${result.name}`,
  );
const over = small.filter((result) => result.p99 >= 1);
const maxSmall = Math.max(...small.map((result) => result.p99));
console.log(
  `  outputs under 8 KB: ${small.length}; worst p99 ${fmt(maxSmall)} — target p99 < 1 ms: ` +
    `${over.length === 0 ? 'met' : `MISSED by ${over.length} (${over.map((result) => result.name).join(', ')})`}`,
);

const score = scoreRealCorpus();
console.log(
  `real set: ${score.recovered}/${score.total} recovered exactly ` +
    `(${((100 * score.recovered) / score.total).toFixed(1)}%), ${score.executedNone} of ` +
    `${score.noneCases} prose/truncated/garbage outputs executed`,
);
for (const [family, counts] of Object.entries(score.byFamily))
  console.log(`  ${family.padEnd(14)} ${counts.recovered}/${counts.total}`);
const conformance = allFixtures().map(({ engine, fixture }) => runFixture(engine, fixture));
console.log(
  `engine fixtures: ${conformance.length}, ${conformance.filter((run) => run.passes && !run.fixture.differs).length} as the ` +
    `engine expects, ${conformance.filter((run) => !run.passes && run.listed).length} listed differences, ` +
    `${conformance.filter((run) => run.ranExtra).length} calls run that must not be`,
);
const heldOut = HELD_OUT_W2.map((entry) => {
  const got = parseToolCalls(entry.text, { knownTools: entry.tools }).calls.map((call) => [call.name, call.arguments]);
  const expected = entry.expect === 'none' ? [] : entry.expect;
  return { exact: canonical(got) === canonical(expected), extra: got.length > expected.length };
});
console.log(
  `held-out W2: ${heldOut.filter((entry) => entry.exact).length}/${heldOut.length} exact, ` +
    `${heldOut.filter((entry) => entry.extra).length} calls run that must not be`,
);
if (over.length > 0) process.exitCode = 1;
