import { describe, expect, it } from 'vitest';
import { OutpostError } from '../errors.js';
import { minecraft, signalStopped } from './exampleDefinitions.js';
import { parseDefinition, readDefinition } from './readDefinition.js';
import { validateDefinition } from './validateDefinition.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof OutpostError ? `${error.code}: ${error.message}` : String(error);
  }
  return undefined;
}

const base = { run: { command: 'x' } };

describe('validateDefinition', () => {
  it('accepts the rich examples', () => {
    expect(() => validateDefinition(minecraft)).not.toThrow();
    expect(() => validateDefinition(signalStopped)).not.toThrow();
  });

  it('requires run.command', () => {
    expect(codeOf(() => validateDefinition({}))).toBe('ErrFieldRequired: run.command is required');
    expect(codeOf(() => validateDefinition({ run: { command: '  ' } }))).toMatch(/^ErrFieldRequired/);
    expect(codeOf(() => validateDefinition({ run: { command: [] } }))).toMatch(/^ErrFieldRequired/);
  });

  it('refuses variable names that are empty or contain spaces, with the spec message', () => {
    expect(codeOf(() => validateDefinition({ ...base, data: { '': {} } }))).toBe('ErrFieldRequired: variable name cannot be empty or contain spaces');
    expect(codeOf(() => validateDefinition({ ...base, data: { 'max players': {} } }))).toBe(
      'ErrFieldHasURICharacters: variable name cannot be empty or contain spaces',
    );
    expect(codeOf(() => validateDefinition({ run: { command: 'x', environmentVars: { 'A B': '1' } } }))).toMatch(/variable name cannot be empty/);
  });

  it('refuses unknown variable types', () => {
    expect(codeOf(() => validateDefinition({ ...base, data: { a: { type: 'float' } } }))).toBe(
      'ErrInvalidJson: data.a.type: must be one of string, boolean, integer, option',
    );
  });

  it('refuses an environment type listed twice', () => {
    const def = { ...base, supportedEnvironments: [{ type: 'docker' }, { type: 'standard' }, { type: 'docker', image: 'x' }] };
    expect(codeOf(() => validateDefinition(def))).toBe('ErrInvalidJson: supportedEnvironments: environment type docker appears more than once');
  });

  it('refuses unknown environment types, network modes and malformed port bindings', () => {
    expect(codeOf(() => validateDefinition({ ...base, environment: { type: 'vm' } }))).toMatch(/environment.type: must be one of standard, tty, docker/);
    expect(codeOf(() => validateDefinition({ ...base, environment: { type: 'docker', networkMode: 'wifi' } }))).toMatch(/networkMode/);
    expect(codeOf(() => validateDefinition({ ...base, environment: { type: 'docker', portBindings: ['25565'] } }))).toMatch(/portBindings/);
    expect(() => validateDefinition({ ...base, environment: { type: 'docker', portBindings: ['25565:25565', '0.0.0.0:1:2/udp'] } })).not.toThrow();
  });

  it('takes {ip} or an IP address as a port binding host, and refuses anything else with ErrFieldIsInvalidIP naming the field', () => {
    const hosts = ['{ip}', '127.0.0.1', '192.168.10.254', '::1', '[::1]', '[2001:db8::8]', 'fe80::1:2'];
    expect(() => validateDefinition({ ...base, environment: { type: 'docker', portBindings: hosts.map((host) => `${host}:25565:25565/tcp`) } })).not.toThrow();
    for (const host of ['example.com', 'localhost', '256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', '::g', '[::1', 'a:b', '{ip}x']) {
      let thrown: unknown;
      try {
        validateDefinition({ ...base, supportedEnvironments: [{ type: 'docker', portBindings: [`${host}:25565:25565`] }] });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, host).toMatchObject({ code: 'ErrFieldIsInvalidIP', status: 400, metadata: { field: 'supportedEnvironments[0].portBindings', value: `${host}:25565:25565` } });
    }
  });

  it('refuses unknown step types and steps missing their fields, naming where', () => {
    expect(codeOf(() => validateDefinition({ ...base, install: [{ type: 'teleport' }] }))).toMatch(/^ErrInvalidJson: install\[0\]\.type: unknown step type "teleport"/);
    expect(codeOf(() => validateDefinition({ run: { command: 'x', pre: [{ type: 'move', source: 'a' }] } }))).toBe(
      'ErrInvalidJson: run.pre[0].target: invalid or missing for a move step',
    );
    expect(codeOf(() => validateDefinition({ ...base, install: [{ type: 'download', files: 'one' }] }))).toMatch(/files/);
  });
});

describe('validateDefinition against the ServerDefinition schema', () => {
  it('names any field of the wrong type, down to list items and map entries', () => {
    expect(codeOf(() => validateDefinition({ ...base, data: { motd: { display: 5 } } }))).toBe('ErrInvalidJson: data.motd.display: must be text');
    expect(codeOf(() => validateDefinition({ ...base, data: { motd: { options: [{ display: 'A' }] } } }))).toBe('ErrInvalidJson: data.motd.options[0].value: is required');
    expect(codeOf(() => validateDefinition({ run: { command: 'x', stopCode: -1 } }))).toBe('ErrInvalidJson: run.stopCode: must be a signal number');
    expect(codeOf(() => validateDefinition({ run: { command: 'x', environmentVars: { A: 1 } } }))).toBe('ErrInvalidJson: run.environmentVars.A: must be text');
    expect(codeOf(() => validateDefinition({ ...base, requirements: { binaries: ['java', 7] } }))).toBe('ErrInvalidJson: requirements.binaries[1]: must be text');
    expect(codeOf(() => validateDefinition({ ...base, install: [{ type: 'javadl', version: '17' }] }))).toBe('ErrInvalidJson: install[0].version: invalid or missing for a javadl step');
  });

  it('keeps keys it does not know, at every level', () => {
    const def = { ...base, later: 1, run: { command: 'x', later: 2 }, install: [{ type: 'mkdir', target: 'a', later: 3 }] };
    expect(() => validateDefinition(def)).not.toThrow();
  });

  it('refuses a port binding whose ports are out of range', () => {
    expect(codeOf(() => validateDefinition({ ...base, supportedEnvironments: [{ type: 'docker', portBindings: ['1:70000'] }] }))).toBe(
      'ErrInvalidJson: supportedEnvironments[0].portBindings: "1:70000" is not host:outsidePort:insidePort/protocol',
    );
  });
});

describe('parseDefinition', () => {
  it('answers ErrInvalidJson for text that is not JSON', () => {
    expect(codeOf(() => parseDefinition('{ "run": '))).toMatch(/^ErrInvalidJson: The json data is invalid/);
  });

  it('normalises shorthands before validating', () => {
    const def = parseDefinition(JSON.stringify({ install: [{ type: 'download', files: 'https://x.test/a' }], run: { command: 'a' } }));
    expect(def.install).toEqual([{ type: 'download', files: ['https://x.test/a'] }]);
  });

  it('converts version-1 templates on the way in', () => {
    const def = readDefinition({ pufferd: { run: { program: 'java', arguments: ['-jar', 'a.jar'] }, install: { commands: [] } } });
    expect(def.run.command).toEqual(['java', '-jar', 'a.jar']);
  });
});
