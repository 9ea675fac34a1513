// Checks every template that ships in this folder: it parses, reads through the shared model
// exactly as the panel's import does, survives the editor's form conversion both ways, refers
// only to variables that exist, builds its command lines from its defaults, and is in index.json.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_VARIABLES,
  checkDefinitionValues,
  coerceVariableValue,
  readDefinition,
  toApiForm,
  toEditorForm,
  normalizeDefinition,
  type ServerDefinition,
  type Step,
} from '@outpost/shared';

const folder = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(folder).filter((name) => name.endsWith('.json') && name !== 'index.json').sort();

const EXPECTED = [
  'bedrock', 'bungeecord', 'cs2', 'discord-bot', 'fabric', 'factorio', 'forge', 'generic-tcp', 'java', 'minecraft-java',
  'nodejs', 'palworld', 'paper', 'project-zomboid', 'purpur', 'python', 'rust', 'satisfactory', 'spigot', 'terraria',
  'tmodloader', 'valheim', 'velocity',
];

/** Every text of a step that the daemon substitutes variables into. */
function stepTexts(step: Step): string[] {
  return Object.entries(step)
    .filter(([key]) => key !== 'type')
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string');
}

/** Every text of a template in which ${name} is substituted. */
function substitutedTexts(def: ServerDefinition): string[] {
  const run = def.run;
  const steps = [...(def.install ?? []), ...(run.pre ?? []), ...(run.post ?? [])];
  return [
    ...(Array.isArray(run.command) ? run.command : [run.command]),
    run.stop ?? '',
    run.workingDirectory ?? '',
    ...Object.values(run.environmentVars ?? {}),
    ...steps.flatMap(stepTexts),
  ];
}

function referencedNames(text: string): string[] {
  return [...text.matchAll(/\$\{([^${}\s]+)\}/g)].map((match) => match[1]);
}

function load(file: string): ServerDefinition {
  return JSON.parse(readFileSync(join(folder, file), 'utf8')) as ServerDefinition;
}

describe('shipped templates', () => {
  it('include the templates Outpost promises (more may be added)', () => {
    expect(files.map((file) => file.replace(/\.json$/, ''))).toEqual(expect.arrayContaining(EXPECTED));
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it('are each listed once in index.json, which lists nothing else, with the display and type of the file', () => {
    const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8')) as { id: string; display: string; type: string }[];
    expect(index.map((entry) => entry.id)).toEqual(files.map((file) => file.replace(/\.json$/, '')));
    for (const entry of index) {
      const template = load(`${entry.id}.json`);
      expect(entry, entry.id).toEqual({ id: template.id, display: template.display, type: template.type });
    }
  });

  describe.each(files)('%s', (file) => {
    const raw = readFileSync(join(folder, file), 'utf8');
    const template = load(file);

    it('is valid JSON whose id is its file name (lowercase, hyphens)', () => {
      expect(() => JSON.parse(raw)).not.toThrow();
      expect(template.id).toBe(file.replace(/\.json$/, ''));
      expect(template.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    });

    it('passes the shared model as the panel reads it (normalise and validate)', () => {
      expect(() => readDefinition(template)).not.toThrow();
    });

    it('is already in canonical API form, so an editor round trip changes nothing', () => {
      const normal = normalizeDefinition(template);
      expect(normal).toEqual(template);
      expect(toApiForm(toEditorForm(normal))).toEqual(normal);
    });

    it('comes back from its editor form through JSON to the same editor form', () => {
      const form = toEditorForm(readDefinition(template));
      const json = JSON.stringify(toApiForm(form));
      expect(toEditorForm(readDefinition(JSON.parse(json)))).toEqual(form);
    });

    it('builds its run command and every command step from its defaults (a required empty value filled in)', () => {
      const filled = Object.fromEntries(
        Object.entries(template.data ?? {}).map(([name, variable]) => [name, variable.value === '' && variable.required !== false ? { ...variable, value: 'filled' } : variable]),
      );
      const builtins = { serverId: '0badc0de', rootDir: '/srv/outpost/0badc0de', nodeOs: 'linux', nodeArch: 'amd64' };
      expect(() => checkDefinitionValues({ ...template, data: filled }, builtins)).not.toThrow();
    });

    it('has a name, display name, type, run command, stop and at least one environment', () => {
      expect(template.name).toBeTruthy();
      expect(template.display).toBeTruthy();
      expect(template.type).toBeTruthy();
      expect(template.readme).toBeTruthy();
      const command = template.run.command;
      expect(Array.isArray(command) ? command.length : command.trim().length).toBeGreaterThan(0);
      expect(template.run.stop !== undefined || template.run.stopCode !== undefined).toBe(true);
      expect(template.supportedEnvironments?.length ?? 0).toBeGreaterThan(0);
      expect(template.environment).toBeDefined();
      expect(template.supportedEnvironments?.map((env) => env.type)).toContain(template.environment?.type);
    });

    it('refers only to its own variables and the built-in ones', () => {
      const known = new Set<string>([...Object.keys(template.data ?? {}), ...BUILTIN_VARIABLES]);
      const unknown = substitutedTexts(template).flatMap(referencedNames).filter((name) => !known.has(name));
      expect(unknown).toEqual([]);
    });

    it('has a readme with a title and more than a line to say, and a port variable when the program listens on one', () => {
      expect(template.readme).toMatch(/^# \S.*\n\n/);
      expect(template.readme!.length).toBeGreaterThan(300);
      const ports = Object.entries(template.data ?? {}).filter(([name]) => /port/i.test(name));
      for (const [name, variable] of ports) {
        expect(variable.type, name).toBe('integer');
        expect(variable.value as number, name).toBeGreaterThan(0);
        expect(variable.value as number, name).toBeLessThan(65536);
      }
      if (!['discord-bot', 'java'].includes(template.id!)) expect(ports.length).toBeGreaterThan(0);
    });

    it('describes every variable, and each default is a value the variable accepts', () => {
      for (const [name, variable] of Object.entries(template.data ?? {})) {
        expect(variable.display, `${name}.display`).toBeTruthy();
        expect(variable.desc, `${name}.desc`).toBeTruthy();
        expect(variable.type, `${name}.type`).toBeDefined();
        if (variable.type === 'option') {
          const values = (variable.options ?? []).map((option) => String(option.value));
          expect(values.length, `${name}.options`).toBeGreaterThan(0);
          expect(values, `${name} default`).toContain(String(variable.value));
        }
        const empty = variable.value === undefined || variable.value === '';
        if (!empty) expect(coerceVariableValue(name, variable, variable.value), `${name} default`).toEqual(variable.value);
        if (variable.type === 'integer') expect(Number.isInteger(variable.value), `${name} default`).toBe(true);
        if (variable.type === 'boolean') expect(typeof variable.value, `${name} default`).toBe('boolean');
      }
    });

    it('keeps shell scripts free of single quotes inside sh -c, which would end the script early', () => {
      const commands = [...(template.install ?? []), ...(template.run.pre ?? [])]
        .flatMap((step) => (step.type === 'command' ? step.commands : []));
      for (const command of commands.filter((c) => c.startsWith("sh -c '"))) {
        expect(command.endsWith("'"), command).toBe(true);
        expect(command.slice("sh -c '".length, -1), command).not.toContain("'");
      }
    });
  });
});

describe('the Node.js template', () => {
  const template = load('nodejs.json');

  it('needs no network when no repository is set: every install step is a local command or file', () => {
    expect(template.data?.repository?.value).toBe('');
    expect(template.data?.repository?.required).toBe(false);
    expect(template.install?.every((step) => step.type === 'command' || step.type === 'writefile')).toBe(true);
  });

  it('runs the main file with node and stops with SIGTERM', () => {
    expect(template.run.command).toBe('node "${main}"');
    expect(template.data?.main?.value).toBe('index.js');
    expect(template.run.stopCode).toBe(15);
  });
});

describe('the Minecraft templates', () => {
  it.each(['minecraft-java', 'paper', 'fabric', 'forge', 'purpur', 'spigot'])(
    '%s writes eula.txt from the eula variable, keeps port and player limit in server.properties, fetches its Java and stops with "stop"',
    (id) => {
      const template = load(`${id}.json`);
      expect(template.data?.eula?.type).toBe('boolean');
      expect(template.data?.eula?.value).toBe(false);
      const eula = template.run.pre?.find((step) => step.type === 'writefile' && step.target === 'eula.txt');
      expect(eula && 'text' in eula ? eula.text : '').toContain('eula=${eula}');
      const altered = template.run.pre?.flatMap((step) => (step.type === 'alterfile' && step.file === 'server.properties' ? [step.replace] : []));
      expect(altered).toEqual(['server-port=${port}', 'max-players=${maxPlayers}']);
      expect(template.run.stop).toBe('stop');
      const java = template.install?.find((step) => step.type === 'javadl');
      expect(java && 'version' in java ? java.version : undefined).toBe(id === 'forge' ? 17 : 21);
      expect(template.install?.[0].type).toBe('javadl');
    },
  );

  it('Bedrock refuses to start until its EULA is accepted, and keeps its settings in server.properties', () => {
    const template = load('bedrock.json');
    expect(template.data?.eula).toMatchObject({ type: 'boolean', value: false });
    const first = template.run.pre?.[0];
    expect(first?.type === 'command' ? first.commands[0] : '').toContain('"${eula}" != true');
    expect(template.run.stop).toBe('stop');
    expect(template.data?.port?.value).toBe(19132);
  });

  it.each([['velocity', 'end'], ['bungeecord', 'end']])('the %s proxy stops with "%s"', (id, stop) => {
    const template = load(`${id}.json`);
    expect(template.run.stop).toBe(stop);
    expect(template.data?.port?.value).toBe(25577);
  });
});

describe('the Steam games', () => {
  const steam: [string, string][] = [['valheim', '896660'], ['cs2', '730'], ['satisfactory', '1690800'], ['palworld', '2394010'], ['project-zomboid', '380870'], ['rust', '258550']];

  it.each(steam)('%s installs Steam app %s with steamgamedl on x86-64 Linux with steamcmd', (id, appId) => {
    const template = load(`${id}.json`);
    expect(template.install).toEqual([{ type: 'steamgamedl', appId }]);
    expect(template.requirements).toMatchObject({ os: 'linux', arch: 'amd64', binaries: ['steamcmd'] });
  });

  it('Valheim stops with SIGINT so the world is saved', () => {
    const template = load('valheim.json');
    expect(template.run.stopCode).toBe(2);
    expect(template.run.environmentVars?.SteamAppId).toBe('892970');
  });
});
