// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Switch } from 'wouter';
import { Scopes } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/sessionStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import TemplateScreen from './TemplateScreen';

const current = {
  display: 'Game',
  readme: '# Read me <script>window.ran = 1</script>',
  run: { command: 'game --port ${port}', stop: 'quit' },
  data: { port: { display: 'Port', type: 'integer', value: 7777 } },
  environment: { type: 'standard' },
  supportedEnvironments: [{ type: 'standard' }],
};
const v1 = { pufferd: { display: 'Old game', run: { program: 'game', arguments: ['--old'] } } };

// The panel, as far as this screen talks to it: fetch is the browser's edge, stood in for here.
let saved: unknown[] = [];
beforeEach(() => {
  saved = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    if (key.startsWith('PUT /api/templates/')) {
      saved.push(JSON.parse(String(init.body)));
      return new Response('{}', { status: 200 });
    }
    const answers: Record<string, unknown> = { 'GET /api/templates/game': current, 'GET /api/templates/old': v1 };
    if (key in answers) return new Response(JSON.stringify(answers[key]), { status: 200 });
    return new Response(JSON.stringify({ error: { code: 'ErrNotFound', msg: key } }), { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(id: string) {
  sessionStore.save([Scopes.TemplatesView, Scopes.TemplatesEdit]);
  renderWithProviders(
    <>
      <Link to="/template">elsewhere</Link>
      <Switch>
        <Route path="/template/:id" component={TemplateScreen} />
        <Route path="/template">{null}</Route>
      </Switch>
    </>,
    { path: `/template/${id}` },
  );
}

const variableRows = () => screen.queryAllByTestId('variables-item').map((row) => row.textContent);

describe('TemplateScreen', () => {
  it('shows the readme as sanitised markdown', async () => {
    open('game');
    const preview = await screen.findByTestId('readme-preview');
    expect(within(preview).getByRole('heading', { name: 'Read me' })).toBeTruthy();
    expect(preview.querySelector('script')).toBeNull();
  });

  it('adds a variable only on Save in its overlay and drops a new one on Cancel', async () => {
    open('game');
    fireEvent.click(await screen.findByTestId('section-variables'));
    await waitFor(() => expect(variableRows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('variables-add'));
    fireEvent.change(await screen.findByTestId('variable-name'), { target: { value: 'dropped' } });
    fireEvent.click(screen.getByTestId('variable-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('variable-name')).toBeNull());
    expect(variableRows()).toHaveLength(1);

    // An edit to an existing one that is cancelled leaves it as it was.
    fireEvent.click(screen.getByRole('button', { name: 'Edit port' }));
    fireEvent.change(await screen.findByTestId('variable-display'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByTestId('variable-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('variable-display')).toBeNull());
    expect(variableRows()[0]).toContain('Port');

    fireEvent.click(screen.getByTestId('variables-add'));
    fireEvent.change(await screen.findByTestId('variable-name'), { target: { value: 'world' } });
    fireEvent.click(screen.getByTestId('variable-dialog-save'));
    await waitFor(() => expect(variableRows()).toHaveLength(2));

    fireEvent.click(screen.getByTestId('save-template'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ run: { command: 'game --port ${port}', stop: 'quit' }, data: { port: { value: 7777 }, world: { type: 'string', required: true, userEdit: true } } });
  });

  it('names the field and sends nothing when the form would be refused', async () => {
    open('game');
    fireEvent.click(await screen.findByTestId('section-run'));
    fireEvent.change(await screen.findByTestId('run-command'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('save-template'));
    expect((await screen.findByTestId('template-invalid')).textContent).toContain('run.command');
    expect(saved).toEqual([]);
  });

  it('shows the options list when a variable becomes a choice', async () => {
    open('game');
    fireEvent.click(await screen.findByTestId('section-variables'));
    fireEvent.click(await screen.findByTestId('variables-add'));
    expect(await screen.findByTestId('variable-options')).toBeTruthy();
    fireEvent.click(screen.getByTestId('variable-type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Switch' }));
    await waitFor(() => expect(screen.queryByTestId('variable-options')).toBeNull());
    fireEvent.click(screen.getByTestId('variable-type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Choice' }));
    expect(await screen.findByTestId('variable-options')).toBeTruthy();
  });

  it('asks before leaving with unsaved edits, and stays when told to', async () => {
    open('game');
    fireEvent.change(await screen.findByTestId('general-display'), { target: { value: 'Edited' } });
    fireEvent.click(screen.getByText('elsewhere'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('leave-unsaved')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/template/game');

    fireEvent.click(screen.getByText('elsewhere'));
    fireEvent.click(await screen.findByTestId('leave-unsaved'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/template'));
  });

  it('leaves without asking when nothing changed', async () => {
    open('game');
    await screen.findByTestId('general-display');
    fireEvent.click(screen.getByText('elsewhere'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/template'));
  });

  it('keeps a version-1 template unconverted and unsaveable until Convert', async () => {
    open('old');
    await screen.findByTestId('v1-banner');
    expect((screen.getByTestId('save-template') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('v1-convert'));
    expect(((await screen.findByTestId('general-display')) as HTMLInputElement).value).toBe('Old game');
    expect((screen.getByTestId('save-template') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('save-template'));
    await waitFor(() => expect(saved).toEqual([{ display: 'Old game', run: { command: ['game', '--old'] } }]));
  });
});
