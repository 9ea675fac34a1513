import { describe, expect, it } from 'vitest';
import { parseTemplateText, templateText } from './templates';

describe('parseTemplateText', () => {
  it('reads a JSON object as a template', () => {
    expect(parseTemplateText('{"run":{"command":"node a.js"}}')).toEqual({ run: { command: 'node a.js' } });
  });

  it('answers null for text that is not JSON, so no call is made', () => {
    expect(parseTemplateText('{"run":')).toBeNull();
    expect(parseTemplateText('')).toBeNull();
  });

  it('answers null for JSON that is not an object', () => {
    for (const text of ['[]', '"text"', '3', 'null']) expect(parseTemplateText(text)).toBeNull();
  });

  it('reads back what templateText writes', () => {
    const template = { display: 'Node.js', run: { command: ['node', 'index.js'] } };
    expect(parseTemplateText(templateText(template))).toEqual(template);
  });
});
