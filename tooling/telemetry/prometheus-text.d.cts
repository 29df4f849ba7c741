export interface MetricSample {
  /** Its full name: a histogram's `_bucket`, `_sum` and `_count` samples are its family's. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: MetricSample[];
}

/** Throws, naming the line, on text a Prometheus scrape would refuse. */
export function parsePrometheusText(text: string): MetricFamily[];
/** The value of the first sample named `name` whose labels include `labels`. */
export function sampleValue(families: MetricFamily[], name: string, labels?: Record<string, string>): number | undefined;
