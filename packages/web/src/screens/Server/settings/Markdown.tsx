import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** Template text rendered as markdown; sanitised, since templates come from outside. */
export function Markdown({ text, size = 'sm' }: { text: string; size?: 'xs' | 'sm' }) {
  // DOMPurify needs a DOM and hands its input back unchanged without one (the first-screen render
  // runs in Node): there the text is drawn as text, escaped by React, never as HTML.
  const html = useMemo(() => (DOMPurify.isSupported ? DOMPurify.sanitize(marked.parse(text, { async: false })) : undefined), [text]);
  return <Typography fz={size} c="dimmed">
      {html === undefined ? <div>{text}</div> : <div dangerouslySetInnerHTML={{ __html: html }} />}
    </Typography>;
}
