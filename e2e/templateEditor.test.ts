import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../packages/shared/src/i18n/en_US.json' with { type: 'json' };
import { admin, appWithBrowserPerTest, screenshot, signIn } from './support';

const rig = appWithBrowserPerTest();
const id = 'e2e-editor';

// What each step type's form is filled with, by the label the type is offered under. A type
// added to the contract later is still added: its required text fields get "x".
const stepValues: Record<string, Record<string, string>> = {
  [en.tasks.types.download]: { files: 'https://downloads.example/server.jar' },
  [en.tasks.types.command]: { commands: 'chmod +x start.sh' },
  [en.tasks.types.alterfile]: { file: 'server.properties', search: 'port=.*', replace: 'port=${port}' },
  [en.tasks.types.writefile]: { target: 'eula.txt', text: 'eula=true' },
  [en.tasks.types.move]: { source: 'a.jar', target: 'b.jar' },
  [en.tasks.types.mkdir]: { target: 'plugins' },
  [en.tasks.types.mojangdl]: { version: '1.21.1', target: 'server.jar' },
  [en.tasks.types.forgedl]: { version: '1.21.1-52.0.0', filename: 'forge-installer.jar' },
  [en.tasks.types.spongeforgedl]: { releaseType: 'recommended' },
  [en.tasks.types.fabricdl]: { targetFile: 'fabric.jar' },
  [en.tasks.types.javadl]: {},
  [en.tasks.types.steamgamedl]: { appId: '258550' },
};

const variables = [
  { name: 'motd', display: 'Message of the day', type: en.templateEditor.variableTypes.string, value: 'Hello from e2e' },
  { name: 'eula', display: 'Accept the EULA', type: en.templateEditor.variableTypes.boolean },
  { name: 'memory', display: 'Memory (MiB)', type: en.templateEditor.variableTypes.integer, value: '1024' },
  { name: 'mode', display: 'Game mode', type: en.templateEditor.variableTypes.option },
];

async function section(page: Page, name: string): Promise<void> {
  await page.getByTestId(`section-${name}`).click();
}

/** Picks `option` in the Mantine select whose input has the test id. */
async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The saved template as the panel answers it. */
const savedTemplate = (page: Page) => page.evaluate(async (templateId) => (await fetch(`/api/templates/${templateId}`)).json(), id) as Promise<Record<string, unknown>>;

async function addStep(page: Page, listTestId: string, type: string): Promise<void> {
  await page.getByTestId(`${listTestId}-add`).click();
  const dialog = page.getByTestId('step-dialog');
  await pick(page, 'step-type', type);
  const values = stepValues[type];
  if (values) {
    for (const [field, value] of Object.entries(values)) await dialog.getByTestId(`step-field-${field}`).fill(value);
  } else {
    for (const input of await dialog.locator('input[required]:not([readonly]), textarea[required]').all()) if (!(await input.inputValue())) await input.fill('x');
  }
  await page.getByTestId('step-dialog-save').click();
  await dialog.waitFor({ state: 'hidden' });
}

// The tests below run in order: the first creates the template the others use.
let offered: string[] = [];
let created: Record<string, unknown> = {};
const needsTemplate = () => expect(offered.length, 'the first test did not create the template').toBeGreaterThan(0);
const editedDisplay = 'E2E editor (from JSON)';

describe('the template editor', () => {
  // A long walk through every form: it gets more time than the default on a busy machine.
  it('builds a template by section: a variable of each type, a step of each type, a docker environment', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto(`${rig.app.url}/addtemplate`);
    await page.getByTestId('template-id').fill(id);

    // General: names and a readme shown as sanitised markdown.
    await page.getByTestId('general-display').fill('E2E editor');
    await page.getByTestId('general-readme').fill('# Editor readme\n\nSome **bold** text <img src=x onerror="window.hacked=1">');
    await page.getByTestId('readme-preview').getByRole('heading', { name: 'Editor readme' }).waitFor();
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await screenshot(page, 'template-editor-general');

    // Variables: a new one dropped on Cancel, then one of each type.
    await section(page, 'variables');
    await page.getByTestId('variables-add').click();
    await page.getByTestId('variable-name').fill('dropped');
    await page.getByTestId('variable-dialog-cancel').click();
    await expect.poll(() => page.getByTestId('variables-item').count()).toBe(0);
    for (const variable of variables) {
      await page.getByTestId('variables-add').click();
      await page.getByTestId('variable-name').fill(variable.name);
      await page.getByTestId('variable-display').fill(variable.display);
      await pick(page, 'variable-type', variable.type);
      if (variable.type === en.templateEditor.variableTypes.option) {
        // Becoming an option shows the options list.
        const options = page.getByTestId('variable-options');
        for (const [value, label] of [['survival', 'Survival'], ['creative', 'Creative']]) {
          await page.getByTestId('variable-options-add').click();
          await options.getByLabel(en.templateEditor.optionValue).last().fill(value!);
          await options.getByLabel(en.templateEditor.optionDisplay).last().fill(label!);
        }
        await pick(page, 'variable-value', 'Creative');
      } else if (variable.type === en.templateEditor.variableTypes.boolean) {
        await page.getByTestId('variable-value').check();
      } else {
        await page.getByTestId('variable-value').fill(variable.value!);
      }
      if (variable.name === 'mode') await screenshot(page, 'template-editor-variable');
      await page.getByTestId('variable-dialog-save').click();
      await page.getByTestId('variable-dialog').waitFor({ state: 'hidden' });
    }
    // A name in use is refused.
    await page.getByTestId('variables-add').click();
    await page.getByTestId('variable-name').fill('motd');
    await page.getByText(en.templateEditor.problems.nameTaken).waitFor();
    await expect(page.getByTestId('variable-dialog-save').isDisabled()).resolves.toBe(true);
    await page.getByTestId('variable-dialog-cancel').click();
    // Reordered with the keyboard: mode moves above memory.
    await page.getByRole('button', { name: 'Move mode up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('variables-item').allInnerTexts()).toEqual([
      expect.stringContaining('motd'),
      expect.stringContaining('eula'),
      expect.stringContaining('mode'),
      expect.stringContaining('memory'),
    ]);
    await screenshot(page, 'template-editor-variables');

    // Install steps: one of each type the editor offers; a step cannot be saved with a required field empty.
    await section(page, 'install');
    await page.getByTestId('install-steps-add').click();
    await pick(page, 'step-type', en.tasks.types.mkdir);
    await expect(page.getByTestId('step-dialog-save').isDisabled()).resolves.toBe(true);
    await page.getByTestId('step-dialog-cancel').click();
    await page.getByTestId('install-steps-add').click();
    await page.getByTestId('step-type').click();
    offered = await page.getByRole('option').allInnerTexts();
    await page.keyboard.press('Escape');
    await page.getByTestId('step-dialog-cancel').click();
    expect(offered).toEqual(expect.arrayContaining(Object.keys(stepValues)));
    for (const type of offered) await addStep(page, 'install-steps', type);
    await expect.poll(() => page.getByTestId('install-steps-item').count()).toBe(offered.length);
    await screenshot(page, 'template-editor-install');

    // Run configuration, shutdown, hooks, environment variables.
    await section(page, 'run');
    await page.getByTestId('run-command').fill('java -Xmx${memory}M -jar server.jar');
    await page.getByTestId('run-workdir').fill('game');
    await screenshot(page, 'template-editor-run');
    await section(page, 'shutdown');
    await page.getByTestId('stop-kind').getByText(en.templateEditor.stopCommand).click();
    await page.getByTestId('stop-command').fill('stop');
    await screenshot(page, 'template-editor-shutdown');
    await section(page, 'pre');
    await addStep(page, 'pre-steps', en.tasks.types.mkdir);
    await screenshot(page, 'template-editor-pre');
    await section(page, 'post');
    await addStep(page, 'post-steps', en.tasks.types.command);
    await screenshot(page, 'template-editor-post');
    await section(page, 'envVars');
    await page.getByTestId('env-vars-add').click();
    await page.getByTestId('env-vars').getByLabel(en.templateEditor.envName).fill('LANG');
    await page.getByTestId('env-vars').getByLabel(en.templateEditor.envValue).fill('C.UTF-8');
    await screenshot(page, 'template-editor-envvars');

    // Environments: docker added in its overlay, a malformed port binding refused until fixed.
    await section(page, 'environments');
    await page.getByTestId('environments-add').click();
    await page.getByTestId('environments-add-tty').click();
    await page.getByTestId('environments-add').click();
    await page.getByTestId('environments-add-docker').click();
    await page.getByTestId('docker-image').fill('eclipse-temurin:21');
    await pick(page, 'docker-network-mode', 'bridge');
    await page.getByTestId('docker-network-name').fill('games');
    await page.getByTestId('docker-bindings-add').click();
    await page.getByTestId('docker-bindings').getByLabel(en.templateEditor.bindingHost).fill('/data');
    await page.getByTestId('docker-bindings').getByLabel(en.templateEditor.bindingContainer).fill('/srv/data');
    await page.getByTestId('docker-port-add').click();
    const port = page.getByTestId('docker-port');
    await expect(port.getByLabel(en.templateEditor.portHost).inputValue()).resolves.toBe('{ip}');
    await port.getByLabel(en.templateEditor.outsidePort).fill('25565');
    await expect.poll(() => page.getByText(en.templateEditor.problems.port).count()).toBe(1);
    await expect(page.getByTestId('environment-dialog-save').isDisabled()).resolves.toBe(true);
    await port.getByLabel(en.templateEditor.insidePort).fill('25566');
    await port.getByRole('combobox', { name: en.templateEditor.protocol }).click();
    await page.getByRole('option', { name: 'udp', exact: true }).click();
    await screenshot(page, 'template-editor-docker');
    await page.getByTestId('environment-dialog-save').click();
    await page.getByTestId('environment-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('environments-item').count()).toBe(3);
    // Every type is in the list now: nothing more to add.
    await expect(page.getByTestId('environments-add').count()).resolves.toBe(0);
    await screenshot(page, 'template-editor-environments');

    await page.getByTestId('create-template').click();
    await page.waitForURL(`**/template/${id}`);
    created = await savedTemplate(page);
    expect(created).toMatchObject({
      display: 'E2E editor',
      run: { command: 'java -Xmx${memory}M -jar server.jar', workingDirectory: 'game', stop: 'stop', environmentVars: { LANG: 'C.UTF-8' } },
      supportedEnvironments: [{ type: 'standard' }, { type: 'tty' }, { type: 'docker', image: 'eclipse-temurin:21', networkMode: 'bridge', networkName: 'games', bindings: { '/data': '/srv/data' }, portBindings: ['{ip}:25565:25566/udp'] }],
    });
    expect(Object.keys(created.data as object)).toEqual(['motd', 'eula', 'mode', 'memory']);
    expect(created.data).toMatchObject({ eula: { type: 'boolean', value: true }, memory: { type: 'integer', value: 1024 }, mode: { type: 'option', value: 'creative', options: [{ value: 'survival' }, { value: 'creative' }] } });
    expect((created.install as unknown[]).length).toBe(offered.length);
  }, 180_000);

  it('edits the template as JSON and back in the editor without losing anything, and keeps it after a reload', async () => {
    needsTemplate();
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto(`${rig.app.url}/template/${id}`);
    await page.getByTestId('general-display').waitFor();

    // The JSON form: what the editor holds, edited there, and back in the editor with nothing lost.
    await page.getByTestId('editor-view').getByText(en.templateEditor.viewJson).click();
    await page.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+a');
    const edited = { ...created, display: editedDisplay };
    await page.keyboard.insertText(JSON.stringify(edited, null, 2));
    await screenshot(page, 'template-editor-json');
    await page.getByTestId('editor-view').getByText(en.templateEditor.viewEditor).click();
    await expect(page.getByTestId('general-display').inputValue()).resolves.toBe(editedDisplay);
    await page.getByTestId('save-template').click();
    await page.getByText(en.templates.saved).waitFor();
    expect(await savedTemplate(page)).toEqual(edited);

    // Reloaded, everything is still there.
    await page.reload();
    await page.getByTestId('general-display').waitFor();
    await expect(page.getByTestId('general-display').inputValue()).resolves.toBe(editedDisplay);
    await section(page, 'variables');
    await expect.poll(() => page.getByTestId('variables-item').count()).toBe(variables.length);
    await section(page, 'install');
    await expect.poll(() => page.getByTestId('install-steps-item').count()).toBe(offered.length);
    await section(page, 'environments');
    await expect.poll(() => page.getByTestId('environments-item').count()).toBe(3);
  });

  it('asks before leaving the template with unsaved edits', async () => {
    needsTemplate();
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto(`${rig.app.url}/template/${id}`);
    await page.getByTestId('general-display').fill('not saved');
    // Closing the tab: the browser's own question, answered with "stay".
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    // Within the app: the editor's own question.
    await page.getByTestId('nav-server').click();
    await page.getByTestId('leave-unsaved').waitFor();
    await screenshot(page, 'template-editor-leave');
    await page.getByTestId('leave-unsaved').click();
    await page.waitForURL('**/server');

    // The browser's back and forward buttons within the app: the same question, and the address
    // stays on the template until the answer is to leave.
    await page.goto(`${rig.app.url}/template/${id}`);
    await page.getByTestId('nav-template').click();
    await page.waitForURL('**/template');
    await page.evaluate(() => history.back());
    await page.waitForURL(`**/template/${id}`);
    await page.getByTestId('general-display').fill('not saved either');
    await page.evaluate(() => history.forward());
    await page.getByTestId('leave-unsaved').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/template/${id}`);
    await page.getByRole('button', { name: en.common.cancel }).click();
    await page.getByTestId('leave-unsaved').waitFor({ state: 'hidden' });
    await expect(page.getByTestId('general-display').inputValue()).resolves.toBe('not saved either');
    expect(new URL(page.url()).pathname).toBe(`/template/${id}`);
    await page.evaluate(() => history.back());
    await page.getByTestId('leave-unsaved').click();
    await page.waitForURL(/\/template$/);
  });

  it('serves a server whose Settings tab shows its variables, and edits that server\'s definition', async () => {
    needsTemplate();
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto(`${rig.app.url}/addserver`);
    await page.getByLabel('Server name').fill('e2e editor server');
    await page.getByRole('combobox', { name: 'Node' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: editedDisplay }).click();
    await page.getByLabel('Message of the day').waitFor();
    await page.getByRole('button', { name: 'Create server' }).click();
    await page.waitForURL(/\/server\/[0-9a-f]{8}$/);
    await page.locator('[data-tab=settings]').click();
    for (const variable of variables) await page.locator(`[data-variable=${variable.name}]`).first().waitFor();
    await expect(page.getByLabel('Message of the day').inputValue()).resolves.toBe('Hello from e2e');
    await screenshot(page, 'template-editor-server-settings');

    // The server's own definition in the editor's server mode (Admin tab): one environment, values not defaults.
    await page.locator('[data-tab=admin]').click();
    await page.getByRole('button', { name: en.serverAdmin.editDefinition }).click();
    await section(page, 'environments');
    await expect(page.getByTestId('server-environment').inputValue()).resolves.toBe(en.addServer.env.standard);
    await section(page, 'variables');
    await page.getByRole('button', { name: 'Edit motd' }).click();
    await page.getByText(en.templateEditor.variableValue, { exact: true }).waitFor();
    await page.getByTestId('variable-value').fill('Changed in the definition');
    await page.getByTestId('variable-dialog-save').click();
    await screenshot(page, 'template-editor-server-mode');
    // Cancel with an unsaved edit asks first; Save writes it.
    await page.getByTestId('definition-cancel').click();
    await page.getByTestId('discard-unsaved').waitFor();
    await page.getByRole('button', { name: en.common.cancel }).last().click();
    await page.getByTestId('definition-save').click();
    await page.getByText(en.toast.saved).first().waitFor();
    await page.getByRole('button', { name: en.serverAdmin.editDefinition }).click();
    await section(page, 'variables');
    await page.getByRole('button', { name: 'Edit motd' }).click();
    await expect(page.getByTestId('variable-value').inputValue()).resolves.toBe('Changed in the definition');
  });

  it('opens a version-1 template as it is and converts it only when asked', async () => {
    const { page } = rig.browser;
    await signIn(page, admin);
    await page.goto(`${rig.app.url}/addtemplate`);
    const v1 = { pufferd: { display: 'Old one', run: { stop: 'stop', program: 'java', arguments: ['-jar', 'server.jar'] }, data: { memory: { value: 1024, internal: true } } } };
    await page.getByTestId('open-file').waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'old.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(v1)) });
    await page.getByTestId('v1-banner').waitFor();
    await expect(page.getByTestId('create-template').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'template-editor-v1');
    await page.getByTestId('v1-convert').click();
    await expect(page.getByTestId('general-display').inputValue()).resolves.toBe('Old one');
    await section(page, 'run');
    await expect(page.getByTestId('run-command').inputValue()).resolves.toBe('java\n-jar\nserver.jar');
  });
});
