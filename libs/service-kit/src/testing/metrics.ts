/** One series of a Prometheus scrape. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** GET /metrics at `url` (a metrics port), parsed from the text format Prometheus scrapes; anything but a 200 in that format throws. */
export async function scrapeMetrics(url: string): Promise<MetricSample[]> {
  const res = await fetch(url);
  if (res.status !== 200 || !res.headers.get('content-type')?.includes('text/plain')) {
    throw new Error(`${url} answered ${res.status} ${res.headers.get('content-type')}, not Prometheus text`);
  }
  return (await res.text())
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line)!;
      return { name, labels: Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v])), value: Number(value) };
    });
}

/** The value of the series `name` whose labels include `labels`, else undefined. */
export const metricValue = (samples: MetricSample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
