// @vitest-environment node
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

// What the first-screen renderer meets: the app drawn in Node, where no DOM exists.
describe('Markdown drawn without a DOM', () => {
  it('draws a hostile readme as escaped text: no script, no handler, no markup of its own', () => {
    expect(typeof window).toBe('undefined');
    const readme = '# Title\n\n<script>alert(1)</script><img src=x onerror="alert(2)"> **bold** <a href="javascript:alert(3)">x</a>';
    const html = renderToString(
      <MantineProvider>
        <Markdown text={readme} />
      </MantineProvider>,
    );
    expect(html).not.toMatch(/<script|<img|<a[\s>]|<h1|<strong/i);
    // No tag carries a handler or a javascript: link; they are only text.
    expect(html).not.toMatch(/<[^>]*(onerror|javascript:)/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
