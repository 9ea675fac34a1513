import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** Template text rendered as markdown; sanitised, since templates come from outside. */
export function Markdown({ text, size = 'sm' }: { text: string; size?: 'xs' | 'sm' }) {
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(text, { async: false })), [text]);
  return <Typography fz={size} c="dimmed">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>;
}
