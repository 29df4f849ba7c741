// How the Releases page writes its numbers: shares with one decimal, times in whole milliseconds.

export const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
export const clockSeconds = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A share (0–1) as `12.5 %`; a dash when nothing was counted. */
export const percentText = (rate: number | null): string => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);

/** Milliseconds as `1,234 ms`; a dash with no sample. */
export const msText = (value: number | null): string => (value === null ? '—' : `${whole.format(value)} ms`);

/** `1 network`, `3 networks`. */
export const countText = (n: number, noun: string): string => `${whole.format(n)} ${n === 1 ? noun : `${noun}s`}`;

/** A weighted count of cohorts, whole. */
export const cohortsText = (weight: number): string => countText(Math.round(weight), 'cohort');

/** `5 → 25 → 50 → 100 %` */
export const stagesText = (stages: number[]): string => `${stages.join(' → ')} %`;

/** Minutes as people say them: `90 s`, `1 minute`, `45 minutes`, `2 hours`. */
export function durationText(minutes: number): string {
  if (minutes < 1) return `${Math.round(minutes * 60)} s`;
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  const rounded = Number(minutes.toFixed(2));
  return rounded === 1 ? '1 minute' : `${rounded} minutes`;
}
