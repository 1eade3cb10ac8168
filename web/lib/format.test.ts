import { formatPrice } from '@common/price';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime } from './format';

const now = new Date('2026-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatPrice', () => {
  it('formats RON the Romanian way, with bani only when the price has them', () => {
    expect(formatPrice(4500).replace(/\s/g, ' ')).toBe('4.500 RON');
    expect(formatPrice(3900).replace(/\s/g, ' ')).toBe('3.900 RON');
    expect(formatPrice(7450.5).replace(/\s/g, ' ')).toBe('7.450,50 RON');
    expect(formatPrice(12.5).replace(/\s/g, ' ')).toBe('12,50 RON');
    expect(formatPrice(0.07).replace(/\s/g, ' ')).toBe('0,07 RON');
    expect(formatPrice(0).replace(/\s/g, ' ')).toBe('0 RON');
  });

  it('groups digits the English way for English readers (issue 26)', () => {
    expect(formatPrice(3900, 'en').replace(/\s/g, ' ')).toBe('RON 3,900');
    expect(formatPrice(7450.5, 'en').replace(/\s/g, ' ')).toBe('RON 7,450.50');
    expect(formatPrice(3900, 'ro').replace(/\s/g, ' ')).toBe('3.900 RON');
  });
});

describe('formatDate', () => {
  it('writes the day in the reader’s language', () => {
    expect(formatDate('2026-11-20T10:00:00Z', 'ro')).toBe('20 noiembrie 2026');
    expect(formatDate('2026-11-20T10:00:00Z', 'en')).toBe('November 20, 2026');
    expect(formatDateTime('2026-11-20T10:05:00Z', 'ro')).toMatch(/^20 noiembrie 2026.*\d{2}:05$/);
  });
});

describe('formatRelativeTime', () => {
  it('picks the largest whole unit, seconds through years, in Romanian', () => {
    expect(formatRelativeTime(ago(30), 'ro', now)).toBe('acum 30 de secunde');
    expect(formatRelativeTime(ago(5 * 60), 'ro', now)).toBe('acum 5 minute');
    expect(formatRelativeTime(ago(3 * 3600), 'ro', now)).toBe('acum 3 ore');
    expect(formatRelativeTime(ago(2 * 86400), 'ro', now)).toBe('alaltăieri');
    expect(formatRelativeTime(ago(3 * 86400), 'ro', now)).toBe('acum 3 zile');
    expect(formatRelativeTime(ago(2 * 7 * 86400), 'ro', now)).toBe('acum 2 săptămâni');
    expect(formatRelativeTime(ago(65 * 86400), 'ro', now)).toBe('acum 2 luni');
    expect(formatRelativeTime(ago(800 * 86400), 'ro', now)).toBe('acum 2 ani');
  });

  it('speaks English too', () => {
    expect(formatRelativeTime(ago(1), 'en', now)).toBe('1 second ago');
    expect(formatRelativeTime(ago(86400), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(400 * 86400), 'en', now)).toBe('last year');
    expect(formatRelativeTime(now.toISOString(), 'en', now)).toBe('now');
  });
});
