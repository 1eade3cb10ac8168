type Person = { email: string; profile: { firstName: string; lastName: string } };

/** The first letter of a word, whole even when it is written with a combining mark. */
const firstLetter = (word: string) => Array.from(word.trim().normalize('NFC'))[0] ?? '';

/**
 * The avatar's two letters: first and last name ("ID" for Ioana Dumitrescu), else the first two
 * letters of the e-mail, else U.
 */
export function initialsOf(person: Person | null | undefined): string {
  if (!person) return 'U';
  const fromNames = firstLetter(person.profile.firstName) + firstLetter(person.profile.lastName);
  if (Array.from(fromNames).length === 2) return fromNames.toLocaleUpperCase('ro');
  const fromEmail = Array.from(person.email).slice(0, 2).join('');
  return fromEmail ? fromEmail.toLocaleUpperCase('ro') : 'U';
}
