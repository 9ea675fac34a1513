import { describe, expect, it } from 'vitest';
import { BUILTIN_VARIABLES, builtinVariables, substitute, variableValues } from './substitute.js';

describe('substitute', () => {
  it('replaces ${name} with the value, numbers and booleans as text', () => {
    expect(substitute('java -Xmx${memory}M -port ${port} eula=${eula}', { memory: 1024, port: '25565', eula: true })).toBe(
      'java -Xmx1024M -port 25565 eula=true',
    );
  });

  it('leaves unknown names for the shell', () => {
    expect(substitute('cd ${HOME} && echo ${name}', { name: 'x' })).toBe('cd ${HOME} && echo x');
  });

  it('does not expand a value twice', () => {
    expect(substitute('${a}', { a: '${b}', b: 'no' })).toBe('${b}');
  });

  it('replaces every occurrence and ignores $name without braces', () => {
    expect(substitute('${x}/${x} $x', { x: 'y' })).toBe('y/y $x');
  });

  it('escapes each value for the text it lands in when asked, never the template around it', () => {
    expect(substitute('^${a}$', { a: 'x.y' }, (value) => value.replace(/\./g, '\\.'))).toBe('^x\\.y$');
  });

  it('does not treat object prototype names as variables', () => {
    expect(substitute('${constructor}', {})).toBe('${constructor}');
  });
});

describe('built-in variables', () => {
  it('name the server, its folder and the node in template terms', () => {
    expect(builtinVariables({ serverId: 'ab12cd34', rootDir: '/srv/ab12cd34', platform: 'win32', arch: 'x64' })).toEqual({
      serverId: 'ab12cd34',
      rootDir: '/srv/ab12cd34',
      nodeOs: 'windows',
      nodeArch: 'amd64',
    });
    expect(BUILTIN_VARIABLES).toEqual(['serverId', 'rootDir', 'nodeOs', 'nodeArch']);
  });

  it('go with the values of server data', () => {
    const values = { ...variableValues({ port: { value: 7777 }, none: {} }), ...builtinVariables({ serverId: 's', rootDir: '/r', platform: 'linux', arch: 'arm64' }) };
    expect(substitute('${rootDir}/${serverId}:${port} ${nodeOs}/${nodeArch} ${none}', values)).toBe('/r/s:7777 linux/arm64 ${none}');
  });
});
