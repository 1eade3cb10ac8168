import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

const person = (firstName: string, lastName: string, email = 'ux.tester@example.ro') => ({
  email,
  profile: { firstName, lastName },
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last name', () => {
    expect(initialsOf(person('Ioana', 'Dumitrescu'))).toBe('ID');
    expect(initialsOf(person('ștefan', 'țurcanu'))).toBe('ȘȚ');
    expect(initialsOf(person('  Ana ', ' pop'))).toBe('AP');
  });

  it('falls back to the e-mail, then to U', () => {
    expect(initialsOf(person('', 'Dumitrescu'))).toBe('UX');
    expect(initialsOf(person('', '', ''))).toBe('U');
    expect(initialsOf(null)).toBe('U');
  });
});
