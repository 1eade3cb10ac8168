// npx tsx scripts/cpu-profile-top.ts <file.cpuprofile> [top=25] [last-seconds] — where a V8 CPU profile
// (node --cpu-prof, as `BENCH_CPU_PROF=<dir> npm run bench:load` or `bench:ssr` writes for the server)
// spent its time: self time by function, and by package or source folder, in percent of the samples.
// With last-seconds, only the profile's last seconds count (the measured run, not the start-up and its
// index load). Used for issues 27 and 32.
import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx scripts/cpu-profile-top.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const lastSeconds = Number(process.argv[4] ?? Number.POSITIVE_INFINITY);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** Microseconds of self time per node id: each sample's delta goes to the node on top of the stack. */
const selfTime = new Map<number, number>();
const span = profile.timeDeltas.reduce((sum, us) => sum + us, 0);
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (span - at > lastSeconds * 1e6) return;
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfTime.values()].reduce((sum, us) => sum + us, 0);

/** node_modules/<package> (scoped too), a project folder (server/ads), or V8's own entries. */
function area(url: string): string {
  if (!url) return '(native / V8)';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return url;
  const project = url.match(/\/(server|common|web|scripts)\/([^/]+)/);
  return project ? `${project[1]}/${project[2]}` : url;
}
const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*?(node_modules\/|\/work\/[^/]+\/)/, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

function tally(key: (node: ProfileNode) => string) {
  const sums = new Map<string, number>();
  for (const [id, us] of selfTime) {
    const node = byId.get(id);
    if (!node) continue;
    const name = key(node);
    sums.set(name, (sums.get(name) ?? 0) + us);
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, top);
}
const print = (title: string, rows: Array<[string, number]>) => {
  console.log(`\n${title}`);
  for (const [name, us] of rows)
    console.log(
      `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(1).padStart(6)} s  ${name}`,
    );
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s of samples`);
print(
  'Self time by package or folder',
  tally((node) => area(node.callFrame.url)),
);
print('Self time by function', tally(label));

/** Time under each function, its callees included (a function counted once per sample, recursion or not). */
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, us] of selfTime) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at);
    if (node) seen.add(label(node));
  }
  for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
}
print('Inclusive time by function', [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top * 2));
