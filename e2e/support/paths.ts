import path from 'node:path';

/**
 * Where one run of the browser tests keeps its server's data and its own output, by port: two runs
 * on one machine (E2E_PORT) each wipe only their own (the server's data is emptied at start, and so
 * is Playwright's output folder).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = path.resolve('.e2e-data', String(E2E_PORT));
export const E2E_OUTPUT_DIR = path.resolve(E2E_PORT === 3100 ? 'test-results' : `test-results-${E2E_PORT}`);
