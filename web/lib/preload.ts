/**
 * The first data the server put in the page (server/seo/pages.ts): API answers keyed by the path the
 * app would ask, so the first render needs no second round trip. Each answer is used once, and only
 * while the page is fresh: later reads go to the network.
 */
type Answer = { status: number; body: unknown };

const FRESH_MS = 10_000;
let answers: Record<string, Answer> | null = null;

function read(): Record<string, Answer> {
  if (answers) return answers;
  answers = {};
  const element = typeof document === 'undefined' ? null : document.getElementById('preload');
  if (element?.textContent) {
    try {
      answers = JSON.parse(element.textContent) as Record<string, Answer>;
    } catch {
      // A damaged block costs a round trip, nothing more.
    }
  }
  return answers;
}

export function takePreloaded(path: string): Answer | undefined {
  if (typeof performance !== 'undefined' && performance.now() > FRESH_MS) return undefined;
  const all = read();
  const answer = all[path];
  if (answer) delete all[path];
  return answer;
}
