import { useEffect, useMemo, useState } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import type { LanguageSupport } from '@codemirror/language';
import CodeMirror from '@uiw/react-codemirror';
import { languageFor } from './languageFor';

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
  // Each language is its own small chunk, fetched the first time a file of its kind opens.
  const [language, setLanguage] = useState<LanguageSupport | null>(null);
  useEffect(() => {
    setLanguage(null);
    let live = true;
    languageFor(fileName)
      ?.load()
      .then((support) => live && setLanguage(support))
      .catch(() => undefined); // No highlighting is better than no editor.
    return () => {
      live = false;
    };
  }, [fileName]);
  const extensions = useMemo(() => (language ? [language] : []), [language]);
  return <CodeMirror value={value} onChange={onChange} extensions={extensions} theme={scheme} height={height} basicSetup={{ foldGutter: true }} readOnly={readOnly} data-testid="code-editor" />;
}
