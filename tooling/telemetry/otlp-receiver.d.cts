export interface ReceivedSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  status: { code?: number; message?: string };
  startNs: string;
  endNs: string;
}

export interface OtlpReceiver {
  url: string;
  spans(traceId?: string): ReceivedSpan[];
  clear(): void;
  received(): number;
  close(): Promise<void>;
}

export function startOtlpReceiver(options?: { port?: number; host?: string; maxSpans?: number }): Promise<OtlpReceiver>;
export function flatten(body: unknown): ReceivedSpan[];
