/**
 * Letters of Cyrillic, Greek and Armenian, and a few of Latin's own, that a reader takes for a
 * plain Latin letter: a small skeleton table in the manner of Unicode's confusables (UTS #39),
 * enough for the look-alikes of an address in Latin letters. Keys are lower-case, as stored emails are.
 */
const confusables: Record<string, string> = {
  // Cyrillic
  а: 'a', е: 'e', һ: 'h', і: 'i', ј: 'j', к: 'k', ӏ: 'l', о: 'o', р: 'p', ԛ: 'q', с: 'c', ѕ: 's', у: 'y', ү: 'y', х: 'x', ԁ: 'd', ԝ: 'w', ѵ: 'v',
  // Greek
  α: 'a', γ: 'y', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w', ϲ: 'c', ϳ: 'j', μ: 'u',
  // Armenian
  օ: 'o', ս: 'u', հ: 'h', ո: 'n', ց: 'g', զ: 'q',
  // Latin's own look-alikes
  ı: 'i', ɑ: 'a', ɡ: 'g', ɩ: 'i',
};

/** What an email looks like: two addresses with the same skeleton read the same. `email` is in stored form. */
export function emailSkeleton(email: string): string {
  return Array.from(email, (c) => confusables[c] ?? c).join('');
}

const scripts = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Cherokee', 'Coptic', 'Hebrew', 'Arabic', 'Devanagari', 'Thai', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo'].map(
  (name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }),
);
// Japanese, Chinese and Korean text mixes these with each other and with Latin as a matter of course.
const combining = new Set(['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo']);

function mixes(part: string): boolean {
  const found = scripts.filter(({ name, pattern }) => !combining.has(name) && pattern.test(part));
  return found.length > 1;
}

/**
 * True when the local part, or one label of the domain, mixes letters of two scripts (a Cyrillic
 * `а` among Latin letters): nobody writes an address so but to pass for another.
 */
export function mixesScripts(email: string): boolean {
  const at = email.lastIndexOf('@');
  return [email.slice(0, at), ...email.slice(at + 1).split('.')].some(mixes);
}
