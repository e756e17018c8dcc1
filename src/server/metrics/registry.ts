/**
 * A small Prometheus registry: counters, gauges and histograms with labels, rendered in the
 * text exposition format 0.0.4 (https://prometheus.io/docs/instrumenting/exposition_formats/).
 * Written here rather than pulling prom-client: the service needs a dozen series, no default
 * process collectors, and one `render(): string` any HTTP layer can serve.
 */

export type Labels = Readonly<Record<string, string>>;

/** Standard latency buckets, seconds: 1 ms … 10 s. */
export const DEFAULT_SECONDS_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const escapeLabelValue = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const escapeHelp = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");

export function formatNumber(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (n === Infinity) return "+Inf";
  if (n === -Infinity) return "-Inf";
  return String(n);
}

function labelText(names: readonly string[], values: readonly string[], extra?: [string, string]): string {
  const parts = names.map((n, i) => `${n}="${escapeLabelValue(values[i] ?? "")}"`);
  if (extra) parts.push(`${extra[0]}="${escapeLabelValue(extra[1])}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
}

function labelsOf(names: readonly string[], values: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? ""]));
}

const NAME_RE = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_RE = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

abstract class Metric {
  protected constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly type: "counter" | "gauge" | "histogram",
  ) {
    if (!NAME_RE.test(name)) throw new Error(`invalid metric name ${name}`);
    for (const l of labelNames) if (!LABEL_RE.test(l) || l === "le") throw new Error(`invalid label name ${l} on ${name}`);
  }

  protected key(labels: Labels): { key: string; values: string[] } {
    const values = this.labelNames.map((n) => labels[n] ?? "");
    return { key: values.join("\u0000"), values };
  }

  header(): string {
    return `# HELP ${this.name} ${escapeHelp(this.help)}\n# TYPE ${this.name} ${this.type}\n`;
  }

  abstract lines(): string;
}

export class Counter extends Metric {
  private readonly series = new Map<string, { values: string[]; value: number }>();

  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    super(name, help, labelNames, "counter");
  }

  inc(labels: Labels = {}, by = 1): void {
    if (!(by >= 0)) throw new Error(`counter ${this.name} can only increase`);
    const { key, values } = this.key(labels);
    const s = this.series.get(key);
    if (s) s.value += by;
    else this.series.set(key, { values, value: by });
  }

  get(labels: Labels = {}): number {
    return this.series.get(this.key(labels).key)?.value ?? 0;
  }

  /** Every series with its labels (the JSON form of /metrics reads them). */
  entries(): Array<{ labels: Record<string, string>; value: number }> {
    return [...this.series.values()].map((s) => ({ labels: labelsOf(this.labelNames, s.values), value: s.value }));
  }

  lines(): string {
    let out = "";
    for (const s of this.series.values()) out += `${this.name}${labelText(this.labelNames, s.values)} ${formatNumber(s.value)}\n`;
    return out;
  }
}

export class Gauge extends Metric {
  private readonly series = new Map<string, { values: string[]; value: number }>();

  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    super(name, help, labelNames, "gauge");
  }

  set(labels: Labels, value: number): void {
    const { key, values } = this.key(labels);
    this.series.set(key, { values, value });
  }

  get(labels: Labels = {}): number | undefined {
    return this.series.get(this.key(labels).key)?.value;
  }

  entries(): Array<{ labels: Record<string, string>; value: number }> {
    return [...this.series.values()].map((s) => ({ labels: labelsOf(this.labelNames, s.values), value: s.value }));
  }

  lines(): string {
    let out = "";
    for (const s of this.series.values()) out += `${this.name}${labelText(this.labelNames, s.values)} ${formatNumber(s.value)}\n`;
    return out;
  }
}

export class Histogram extends Metric {
  private readonly series = new Map<string, { values: string[]; counts: number[]; sum: number; count: number }>();
  readonly buckets: readonly number[];

  constructor(name: string, help: string, labelNames: readonly string[] = [], buckets: readonly number[] = DEFAULT_SECONDS_BUCKETS) {
    super(name, help, labelNames, "histogram");
    this.buckets = [...buckets].sort((a, b) => a - b);
  }

  observe(labels: Labels, value: number): void {
    const { key, values } = this.key(labels);
    let s = this.series.get(key);
    if (!s) {
      s = { values, counts: new Array<number>(this.buckets.length).fill(0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    // Counts are per bucket here and made cumulative when rendered.
    const i = this.buckets.findIndex((b) => value <= b);
    if (i >= 0) s.counts[i]! += 1;
    s.sum += value;
    s.count += 1;
  }

  /** Every series: labels, count, sum and the cumulative count at or below each bucket bound. */
  entries(): Array<{ labels: Record<string, string>; count: number; sum: number; cumulative: number[] }> {
    return [...this.series.values()].map((s) => {
      let c = 0;
      return { labels: labelsOf(this.labelNames, s.values), count: s.count, sum: s.sum, cumulative: s.counts.map((n) => (c += n)) };
    });
  }

  /**
   * The q-quantile (0 < q ≤ 1) of a series' observations, as the upper bound of the bucket it
   * falls in (what Prometheus' histogram_quantile would bound it by); null without observations,
   * +Infinity beyond the last bucket.
   */
  quantileBound(entry: { count: number; cumulative: readonly number[] }, q: number): number | null {
    if (entry.count === 0) return null;
    const rank = q * entry.count;
    const i = entry.cumulative.findIndex((c) => c >= rank);
    return i >= 0 ? this.buckets[i]! : Infinity;
  }

  /** Observation count of a series (for tests and summaries). */
  count(labels: Labels = {}): number {
    return this.series.get(this.key(labels).key)?.count ?? 0;
  }

  lines(): string {
    let out = "";
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((b, i) => {
        cumulative += s.counts[i]!;
        out += `${this.name}_bucket${labelText(this.labelNames, s.values, ["le", formatNumber(b)])} ${cumulative}\n`;
      });
      out += `${this.name}_bucket${labelText(this.labelNames, s.values, ["le", "+Inf"])} ${s.count}\n`;
      out += `${this.name}_sum${labelText(this.labelNames, s.values)} ${formatNumber(s.sum)}\n`;
      out += `${this.name}_count${labelText(this.labelNames, s.values)} ${s.count}\n`;
    }
    return out;
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();
  private readonly collectors: Array<() => void> = [];

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.add(new Counter(name, help, labelNames));
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return this.add(new Gauge(name, help, labelNames));
  }

  histogram(name: string, help: string, labelNames: readonly string[] = [], buckets?: readonly number[]): Histogram {
    return this.add(new Histogram(name, help, labelNames, buckets));
  }

  /** A callback run at every render, to refresh gauges from live state (cache sizes, memory). */
  onCollect(collect: () => void): void {
    this.collectors.push(collect);
  }

  /** Runs the collectors (gauges from live state); render() does it itself. */
  collect(): void {
    for (const c of this.collectors) c();
  }

  /** Prometheus text exposition of every metric. Serve as `text/plain; version=0.0.4; charset=utf-8`. */
  render(): string {
    this.collect();
    let out = "";
    for (const m of this.metrics.values()) out += m.header() + m.lines();
    return out;
  }

  private add<M extends Metric>(metric: M): M {
    if (this.metrics.has(metric.name)) throw new Error(`metric ${metric.name} registered twice`);
    this.metrics.set(metric.name, metric);
    return metric;
  }
}

export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
