/**
 * Reading Prometheus's text format in tests: a sample's value by name and labels (0 when the series is
 * not there yet: a counter nobody moved), and the metric families an output declares (`# TYPE name`).
 */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

/** Every metric family the output declares; a histogram's name also stands for its _bucket, _sum and _count. */
export function familiesOf(text: string): Set<string> {
  const families = new Set<string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\w+)$/gm)) {
    const [, name, type] = match as unknown as [string, string, string];
    families.add(name);
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) families.add(name + suffix);
  }
  return families;
}

/** The label values a metric's samples carry for one label (e.g. every `route` timed). */
export function labelValuesOf(text: string, name: string, label: string): string[] {
  const values = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const value = new RegExp(`${label}="((?:[^"\\\\]|\\\\.)*)"`).exec(line)?.[1];
    if (value !== undefined) values.add(value);
  }
  return [...values];
}
