// Runs after `vite build`: reports what the home page loads first, against its gzip budget
// (HOME_JS_BUDGET_GZIP).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOME_JS_BUDGET_GZIP, homeInitialLoad } from './lib/bundle-size';

const dist = path.resolve('dist/web');
const report = homeInitialLoad(dist);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const file of report.files)
  console.log(`  ${file.file.padEnd(44)} ${kb(file.bytes).padStart(10)}  gzip ${kb(file.gzip)}`);
console.log(
  `Home page initial JavaScript: ${kb(report.jsGzip)} gzip (budget ${kb(HOME_JS_BUDGET_GZIP)}), CSS ${kb(report.cssGzip)} gzip`,
);
writeFileSync(path.join(dist, 'bundle-report.json'), `${JSON.stringify(report, null, 2)}\n`);
