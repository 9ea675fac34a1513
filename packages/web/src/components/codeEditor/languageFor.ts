import { LanguageDescription } from '@codemirror/language';
import { languages } from '@codemirror/language-data';

// Extensions CodeMirror's list knows under another name; server configs are mostly these.
const aliases: Record<string, string> = { conf: 'properties', cnf: 'properties', cfg: 'properties', env: 'properties', mcmeta: 'json', json5: 'json' };

/** The language description for a file name by its extension, or null (plain text). */
export function languageFor(fileName: string): LanguageDescription | null {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const name = Object.hasOwn(aliases, ext) ? `file.${aliases[ext]}` : fileName;
  return LanguageDescription.matchFilename(languages, name);
}
