import { useEffect, useMemo, useState } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import type { LanguageSupport } from '@codemirror/language';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { languageFor } from './languageFor';
import { accessibleDark } from './accessibleDark';

interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Picks the highlighting by extension, e.g. "template.json". */
  fileName: string;
  height?: string;
  /** For users who may look but not change (e.g. a template without the edit scope). */
  readOnly?: boolean;
  /** The editor's accessible name, e.g. the file's name. */
  label: string;
  /** Takes the keyboard focus when it appears (a dialog's editor, rather than its close button). */
  autoFocus?: boolean;
}

/** CodeMirror with highlighting picked from the file name, in the page's colour scheme. */
export function CodeEditor({ value, onChange, fileName, height = '60vh', readOnly = false, label, autoFocus = false }: CodeEditorProps) {
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
  const extensions = useMemo(() => [EditorView.contentAttributes.of({ 'aria-label': label }), ...(language ? [language] : [])], [language, label]);
  // Tab moves on to the next control rather than indenting, so the keyboard never gets stuck in here.
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={scheme === 'dark' ? accessibleDark : 'light'}
      height={height}
      basicSetup={{ foldGutter: true }}
      indentWithTab={false}
      readOnly={readOnly}
      autoFocus={autoFocus}
      data-testid="code-editor"
    />
  );
}
