import { describe, expect, it } from 'vitest';
import { convertV1Template, isV1Template } from './convertV1Template.js';
import { minecraft } from './exampleDefinitions.js';
import { readDefinition } from './readDefinition.js';

// The shape templates had in the pufferd days.
const v1 = {
  pufferd: {
    type: 'java',
    display: 'Vanilla - Minecraft',
    install: {
      commands: [
        { type: 'download', files: 'https://launcher.example/server.jar' },
        { type: 'command', commands: ['echo eula=true > eula.txt'] },
      ],
    },
    run: {
      stop: 'stop',
      pre: [],
      post: [],
      arguments: ['-Xmx${memory}M', '-jar', 'server.jar', 'nogui'],
      program: 'java',
      environmentVars: { LANG: 'C' },
    },
    data: {
      memory: { value: '1024', required: true, desc: 'How much memory', display: 'Memory (MB)', internal: false },
      secret: { value: 'abc', required: true, desc: 'Internal', display: 'Secret', internal: true },
      players: { value: 20, display: 'Players' },
    },
    environment: { type: 'system' },
  },
};

describe('version-1 templates', () => {
  it('are detected, wrapped or not', () => {
    expect(isV1Template(v1)).toBe(true);
    expect(isV1Template(v1.pufferd)).toBe(true);
    expect(isV1Template({ 'minecraft-vanilla': v1.pufferd })).toBe(true);
  });

  it('current templates are not mistaken for version 1', () => {
    expect(isV1Template(minecraft)).toBe(false);
    expect(isV1Template({ run: { command: 'x' } })).toBe(false);
    expect(isV1Template({ a: 1, b: 2 })).toBe(false);
    expect(isV1Template('text')).toBe(false);
    expect(convertV1Template(minecraft)).toBe(minecraft);
  });

  it('convert program and arguments into the command, and install.commands into the install list', () => {
    const def = readDefinition(v1);
    expect(def.run.command).toEqual(['java', '-Xmx${memory}M', '-jar', 'server.jar', 'nogui']);
    expect(def.install).toEqual([
      { type: 'download', files: ['https://launcher.example/server.jar'] },
      { type: 'command', commands: ['echo eula=true > eula.txt'] },
    ]);
    expect(def.run).toMatchObject({ stop: 'stop', environmentVars: { LANG: 'C' } });
    expect(def.run).not.toHaveProperty('program');
    expect(def.run).not.toHaveProperty('arguments');
    expect(def).toMatchObject({ type: 'java', display: 'Vanilla - Minecraft', environment: { type: 'standard' } });
    expect(def.name).toBeUndefined();
  });

  it('turn internal variables into ones users cannot edit, and keep values', () => {
    const def = readDefinition(v1);
    expect(def.data?.memory).toMatchObject({ type: 'string', value: '1024', userEdit: true, display: 'Memory (MB)', desc: 'How much memory' });
    expect(def.data?.secret).toMatchObject({ userEdit: false });
    expect(def.data?.secret).not.toHaveProperty('internal');
    expect(def.data?.players).toMatchObject({ type: 'integer', value: 20 });
  });

  it('take their name from the wrapper key', () => {
    expect(readDefinition({ 'minecraft-vanilla': v1.pufferd }).name).toBe('minecraft-vanilla');
  });

  it('keep a single-text argument line as a command line', () => {
    const def = readDefinition({ run: { program: './srcds_run', arguments: '-game csgo +map de_dust2' } });
    expect(def.run.command).toBe('./srcds_run -game csgo +map de_dust2');
  });
});
