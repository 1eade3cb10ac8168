import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no variables at all: port 3000 on the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.demoData).toBe(true);
    // Issue 26, item 31: mail comes from the site's name.
    expect(config.mailFrom).toBe('ArmaMarket <no-reply@localhost>');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names the bad variable in its message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('runs several server processes only on PostgreSQL', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://x@y/z' }).webConcurrency).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: above 1 needs PostgreSQL/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://x@y/z' })).toThrow(
      /WEB_CONCURRENCY/,
    );
  });

  it('turns cron schedules into jobs unless QUEUE_SCHEDULES is off', () => {
    expect(loadConfig({}).queueSchedules).toBe(true);
    expect(loadConfig({ QUEUE_SCHEDULES: 'off' }).queueSchedules).toBe(false);
    expect(() => loadConfig({ QUEUE_SCHEDULES: 'no' })).toThrow(/QUEUE_SCHEDULES/);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://arme.example.ro/' }).publicUrl).toBe('https://arme.example.ro');
  });
});
