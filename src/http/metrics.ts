/**
 * Prometheus text exposition (format 0.0.4) without a client library:
 * counters and a latency histogram kept here, gauges read at scrape time.
 */
type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([key, value]) => `${key}="${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`).join(',')}}`;
}

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = labelText(labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }

  get(labels: Labels = {}): number {
    return this.values.get(labelText(labels))?.value ?? 0;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    if (this.values.size === 0) lines.push(`${this.name} 0`);
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines;
  }
}

class Histogram {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = labelText(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    this.buckets.forEach((bound, index) => {
      if (value <= bound) entry.counts[index]! += 1;
    });
    entry.sum += value;
    entry.count += 1;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      this.buckets.forEach((bound, index) =>
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${counts[index]}`),
      );
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${Math.round(sum * 1e6) / 1e6}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

export interface GaugeReading {
  name: string;
  help: string;
  values: Array<{ labels?: Labels; value: number }>;
}

export class Metrics {
  readonly requests = new Counter('airgap_http_requests_total', 'HTTP requests by route, method and status');
  readonly latency = new Histogram(
    'airgap_http_request_duration_seconds',
    'HTTP request latency (time to the response headers for streams)',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  );
  readonly taskDuration = new Histogram(
    'airgap_task_duration_seconds',
    'question latency from submission to the final answer, by lane',
    [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  );
  readonly modelCalls = new Counter('airgap_model_calls_total', 'model calls (steps of the model loop)');
  readonly toolCalls = new Counter('airgap_tool_calls_total', 'tool calls by tool and outcome');
  readonly cacheHits = new Counter('airgap_tool_cache_hits_total', 'tool calls answered from the query cache');
  readonly tasksFinished = new Counter('airgap_tasks_finished_total', 'tasks finished since start, by final state');
  readonly rejected = new Counter('airgap_queue_rejected_total', 'questions refused because the queue was full');

  constructor(private readonly gauges: () => GaugeReading[] = () => []) {}

  render(): string {
    const lines: string[] = [];
    for (const metric of [
      this.requests,
      this.latency,
      this.taskDuration,
      this.modelCalls,
      this.toolCalls,
      this.cacheHits,
      this.tasksFinished,
      this.rejected,
    ])
      lines.push(...metric.render());
    for (const gauge of this.gauges()) {
      lines.push(`# HELP ${gauge.name} ${gauge.help}`, `# TYPE ${gauge.name} gauge`);
      for (const { labels, value } of gauge.values) lines.push(`${gauge.name}${labelText(labels ?? {})} ${value}`);
    }
    return `${lines.join('\n')}\n`;
  }
}
