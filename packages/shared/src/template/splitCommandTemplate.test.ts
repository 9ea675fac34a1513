import { describe, expect, it } from 'vitest';
import { splitCommandTemplate } from './splitCommandTemplate.js';
import type { CommandWord } from './splitCommandTemplate.js';

/** A word as text, references shown as {name} (quoted) or <name> (unquoted). */
const shown = (word: CommandWord) => word.map((part) => ('text' in part ? part.text : part.quoted ? `{${part.ref}}` : `<${part.ref}>`)).join('');
const split = (command: string | string[]) => splitCommandTemplate(command).map(shown);

describe('splitCommandTemplate', () => {
  it('splits words on whitespace', () => {
    expect(split('java  -Xmx1G -jar server.jar nogui')).toEqual(['java', '-Xmx1G', '-jar', 'server.jar', 'nogui']);
  });

  it('keeps quoted spaces and empty quoted words', () => {
    expect(split(`run "a b" 'c "d"' "" x\\ y`)).toEqual(['run', 'a b', 'c "d"', '', 'x y']);
  });

  it('honours escapes inside double quotes only for quote and backslash', () => {
    expect(split('echo "say \\"hi\\" \\n"')).toEqual(['echo', 'say "hi" \\n']);
  });

  it('keeps references as pieces of their word, saying whether they were quoted', () => {
    expect(split(`node "\${main}" -Xmx\${memory}M \${args} '\${a}'\${b}`)).toEqual(['node', '{main}', '-Xmx<memory>M', '<args>', '{a}<b>']);
  });

  it('finds references inside the script of sh -c as the template wrote them', () => {
    expect(split(`sh -c 'echo "\${x}" > f'`)).toEqual(['sh', '-c', 'echo "{x}" > f']);
  });

  it('takes a list as argv, every reference counting as quoted', () => {
    expect(split(['node', 'a b.js', '${x}', ''])).toEqual(['node', 'a b.js', '{x}']);
  });

  it('leaves an escaped $ and broken references as text', () => {
    expect(split('echo \\${x} ${ y} $x')).toEqual(['echo', '${x}', '${', 'y}', '$x']);
  });
});
