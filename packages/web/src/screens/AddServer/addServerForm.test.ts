import type { Template } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { checkAddServer, environmentsOf, type AddServerInput } from './addServerForm';

const template = {
  run: { command: 'node index.js' },
  environment: { type: 'tty' },
  supportedEnvironments: [{ type: 'standard' }, { type: 'tty' }],
  data: {
    main: { display: 'Main file', value: 'index.js' },
    port: { type: 'integer', required: true },
    motd: { required: false, value: '' },
    debug: { type: 'boolean', value: false },
    secret: { value: 'admin only', userEdit: false },
  },
} as unknown as Template;

const filled: AddServerInput = { name: 'My server', nodeId: '1', templateId: 'nodejs', envType: null, values: { port: 3000 } };

describe('environmentsOf', () => {
  it('offers the supported environments, else the one environment, else none', () => {
    expect(environmentsOf(template).map((env) => env.type)).toEqual(['standard', 'tty']);
    expect(environmentsOf({ environment: { type: 'docker' } } as unknown as Template).map((env) => env.type)).toEqual(['docker']);
    expect(environmentsOf(undefined)).toEqual([]);
  });
});

describe('checkAddServer', () => {
  it('sends the name trimmed, the node as a number, the default environment and only the variables that have a value', () => {
    expect(checkAddServer({ ...filled, name: ' My server ' }, template, false).request).toEqual({
      name: 'My server',
      node: 1,
      template: 'nodejs',
      environment: { type: 'tty' },
      variables: { main: 'index.js', port: 3000, debug: false },
      installNow: true,
    });
  });

  it('sends the environment picked by hand', () => {
    expect(checkAddServer({ ...filled, envType: 'standard' }, template, false).request?.environment).toEqual({ type: 'standard' });
  });

  it('hides and never sends variables users may not edit, unless the user is an admin', () => {
    const user = checkAddServer({ ...filled, values: { port: 1, secret: 'typed anyway' } }, template, false);
    expect(Object.keys(user.variables)).not.toContain('secret');
    expect(user.request?.variables).not.toHaveProperty('secret');
    expect(checkAddServer(filled, template, true).request?.variables).toMatchObject({ secret: 'admin only' });
  });

  it('stops on a required variable left empty, but not on an optional one or a switch', () => {
    const check = checkAddServer({ ...filled, values: { main: '' } }, template, false);
    expect(check.missing).toEqual(['main', 'port']);
    expect(check.request).toBeNull();
  });

  it('names each field that stops the form', () => {
    expect(checkAddServer({ name: '', nodeId: null, templateId: null, envType: null, values: {} }, undefined, false).problems).toEqual({ name: 'required', node: 'required', template: 'required' });
    expect(checkAddServer({ ...filled, name: 'bad/name' }, template, false).problems).toEqual({ name: 'invalid' });
    expect(checkAddServer(filled, { ...template, environment: undefined, supportedEnvironments: [] }, false).problems).toEqual({ environment: 'required' });
  });

  it('sends nothing while the chosen template is still loading', () => {
    const check = checkAddServer(filled, undefined, false);
    expect(check.problems).toEqual({ environment: 'required' });
    expect(check.request).toBeNull();
  });

  it("shows the template's limits until changed, and sends limits only when changed by someone who may set them", () => {
    const limited = { ...template, limits: { memory: 256, cpu: 0 } } as Template;
    expect(checkAddServer(filled, limited, false).limits).toEqual({ memory: 256 });
    expect(checkAddServer(filled, limited, true, true).request?.limits).toBeUndefined();
    const changed = { ...filled, limits: { memory: 1024, processes: 64 } };
    expect(checkAddServer(changed, limited, true, true).limits).toEqual({ memory: 1024, processes: 64 });
    expect(checkAddServer(changed, limited, true, true).request?.limits).toEqual({ memory: 1024, processes: 64 });
    // Every box emptied: the server has no limits, not the template's.
    expect(checkAddServer({ ...filled, limits: {} }, limited, true, true).request?.limits).toEqual({});
    expect(checkAddServer(changed, limited, false, false).request?.limits).toBeUndefined();
  });
});
