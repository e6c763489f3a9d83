/** What the app records per request (data reads, session read), in milliseconds. */
export interface RequestTiming {
  data: number;
  calls: number;
  session: number;
}

export function newTiming(): RequestTiming {
  return { data: 0, calls: 0, session: 0 };
}

const ms = (n: number) => n.toFixed(1);

/** The `Server-Timing` value: cache state, render time, and the data/session parts when known. */
export function serverTimingHeader(cache: string, renderMs?: number, timing?: RequestTiming): string {
  const parts = [`cache;desc=${cache}`];
  if (renderMs !== undefined) parts.push(`render;dur=${ms(renderMs)}`);
  if (timing && timing.calls > 0) parts.push(`data;dur=${ms(timing.data)};desc="${timing.calls} uncached reads (sum)"`);
  if (timing && timing.session > 0) parts.push(`session;dur=${ms(timing.session)}`);
  return parts.join(", ");
}
