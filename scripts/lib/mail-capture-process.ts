// The SMTP capture in a process of its own, for benchmarks: a real mail relay does not share the
// sender's CPU, and parsing thousands of mails in the benchmark's own event loop would be measured
// as the queue's cost.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startMailCapture } from '../../server/test/mail-capture';

type Report = { port?: number; count?: number; sample?: { subject: string; bytes: number } };

if (process.argv.includes('--capture-child') && process.send) {
  // Gone with the benchmark, however it ends.
  process.on('disconnect', () => process.exit(0));
  const capture = await startMailCapture();
  process.send({ port: capture.port } satisfies Report);
  setInterval(() => {
    const first = capture.mails[0];
    process.send?.({
      count: capture.mails.length,
      ...(first ? { sample: { subject: first.subject, bytes: first.raw.length } } : {}),
    } satisfies Report);
  }, 100);
}

export async function startMailCaptureProcess() {
  const child = fork(fileURLToPath(import.meta.url), ['--capture-child'], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  let latest: Report = {};
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (report: Report) => {
      if (report.port) resolve(report.port);
      else latest = report;
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Mails received so far (reported every 100 ms). */
    count: () => latest.count ?? 0,
    sample: () => latest.sample,
    close: () => {
      child.kill();
    },
  };
}
