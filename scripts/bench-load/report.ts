// Turns the recorder's samples into the per-action table and the JSON report's figures.
import { ACTIONS, type Action, percentile, READS, type Recorder } from './http';

export type ActionStats = {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers served by the list micro-cache (x-cache: hit or shared). */
  cached: number;
};

function stats(times: number[], errors: number, cached: number): ActionStats {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    errors,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
    cached,
  };
}

export function summarize(recorder: Recorder) {
  const actions: Partial<Record<Action, ActionStats>> = {};
  for (const action of ACTIONS) {
    const times = recorder.samples.get(action)!;
    if (times.length === 0) continue;
    actions[action] = stats(times, recorder.errors.get(action)!, recorder.cacheHits.get(action)!);
  }
  const readTimes = READS.flatMap((action) => recorder.samples.get(action)!);
  const reads = stats(
    readTimes,
    READS.reduce((sum, action) => sum + recorder.errors.get(action)!, 0),
    READS.reduce((sum, action) => sum + recorder.cacheHits.get(action)!, 0),
  );
  const requests = ACTIONS.reduce((sum, action) => sum + recorder.samples.get(action)!.length, 0);
  const errors = ACTIONS.reduce((sum, action) => sum + recorder.errors.get(action)!, 0);
  const steadyReads = stats(recorder.steadyReads, recorder.steadyErrors, recorder.steadyCached);
  return { actions, reads, steadyReads, requests, errors };
}

export function printTable(rows: Array<[string, ActionStats]>) {
  const header = ['action', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'cached'];
  const lines = rows.map(([name, s]) => [
    name,
    s.requests.toLocaleString('en-US'),
    String(s.errors),
    s.p50.toFixed(1),
    s.p95.toFixed(1),
    s.p99.toFixed(1),
    s.max.toFixed(1),
    s.requests ? `${Math.round((s.cached / s.requests) * 100)}%` : '-',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}
