import { useMemo } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import { langNames, loadLanguage, type LanguageName } from '@uiw/codemirror-extensions-langs';
import CodeMirror from '@uiw/react-codemirror';

// Extensions CodeMirror's list knows under another name; server configs are mostly these.
const aliases: Record<string, LanguageName> = { conf: 'properties', cnf: 'properties', env: 'properties', log: 'text', txt: 'text', mcmeta: 'json', json5: 'json' };

/** The language for a file name by its extension, or none (plain text). */
export function languageFor(fileName: string) {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const name = aliases[ext] ?? (langNames.includes(ext as LanguageName) ? (ext as LanguageName) : undefined);
  return name ? loadLanguage(name) : null;
}

interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Picks the highlighting by extension, e.g. "template.json". */
  fileName: string;
  height?: string;
  /** For users who may look but not change (e.g. a template without the edit scope). */
  readOnly?: boolean;
}

/** CodeMirror with highlighting picked from the file name, in the page's colour scheme. */
export function CodeEditor({ value, onChange, fileName, height = '60vh', readOnly = false }: CodeEditorProps) {
  const scheme = useComputedColorScheme('light');
  const extensions = useMemo(() => {
    const language = languageFor(fileName);
    return language ? [language] : [];
  }, [fileName]);
  return <CodeMirror value={value} onChange={onChange} extensions={extensions} theme={scheme} height={height} basicSetup={{ foldGutter: true }} readOnly={readOnly} data-testid="code-editor" />;
}
