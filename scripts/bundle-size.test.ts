import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_JS_BUDGET_GZIP, homeInitialLoad } from './lib/bundle-size';

const dist = path.resolve('dist/web');

describe('home page bundle', () => {
  it('loads at most HOME_JS_BUDGET_GZIP (140 KB) of gzipped JavaScript before it can render', () => {
    expect(existsSync(path.join(dist, 'index.html')), 'dist/web is missing: run npm run build first').toBe(
      true,
    );
    const report = homeInitialLoad(dist);
    expect(report.files.some((file) => file.file.endsWith('.js'))).toBe(true);
    expect(report.jsGzip).toBeLessThanOrEqual(HOME_JS_BUDGET_GZIP);
  });
});
