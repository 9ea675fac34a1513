// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Router, useLocation } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import { useGuardedBrowserLocation, useLeaveGuard } from './leaveGuard';

// A screen with edits that may be unsaved, under the app's own router hook (the browser's
// location, guarded), as App.tsx mounts it.
let hold = true;
let guard: ReturnType<typeof useLeaveGuard>;
let navigate: (to: string) => void;

function Editor() {
  guard = useLeaveGuard(() => hold);
  const [location, go] = useLocation();
  navigate = go;
  return (
    <>
      <output data-testid="location">{location}</output>
      {guard.held && <p role="alertdialog">Leave without saving?</p>}
    </>
  );
}

function open(path: string) {
  history.replaceState(null, '', path);
  hold = true;
  render(
    <Router hook={useGuardedBrowserLocation}>
      <Editor />
    </Router>,
  );
}

const shown = () => screen.getByTestId('location').textContent;
const asking = () => screen.queryByRole('alertdialog') !== null;

afterEach(() => cleanup());

describe('the leave guard', () => {
  it('holds a move away from a screen with unsaved edits and asks; going on makes the move', () => {
    open('/templates/a');
    act(() => navigate('/servers'));
    expect(shown()).toBe('/templates/a');
    expect(location.pathname).toBe('/templates/a');
    expect(asking()).toBe(true);

    act(() => guard.proceed());
    expect(shown()).toBe('/servers');
    expect(location.pathname).toBe('/servers');
    expect(asking()).toBe(false);
  });

  it('stays when the user says stay, and asks again at the next move', () => {
    open('/templates/a');
    act(() => navigate('/servers'));
    act(() => guard.reset());
    expect(asking()).toBe(false);
    expect(shown()).toBe('/templates/a');

    act(() => navigate('/nodes'));
    expect(asking()).toBe(true);
    expect(shown()).toBe('/templates/a');
  });

  it('lets a move through when nothing is unsaved, and a move to the same path (a new query) always', () => {
    open('/templates/a');
    act(() => navigate('/templates/a?tab=json'));
    expect(asking()).toBe(false);
    expect(location.search).toBe('?tab=json');

    hold = false;
    act(() => navigate('/servers'));
    expect(asking()).toBe(false);
    expect(shown()).toBe('/servers');
  });

  it('holds the back button: the address is put back, and going on goes back', async () => {
    open('/servers');
    hold = false;
    act(() => navigate('/templates/a'));
    hold = true;
    expect(shown()).toBe('/templates/a');

    act(() => history.back());
    await waitFor(() => expect(asking()).toBe(true));
    expect(location.pathname).toBe('/templates/a');
    expect(shown()).toBe('/templates/a');

    act(() => guard.proceed());
    expect(shown()).toBe('/servers');
    expect(location.pathname).toBe('/servers');
  });

  it('holds the forward button too', async () => {
    open('/servers');
    hold = false;
    act(() => navigate('/templates/a'));
    act(() => history.back());
    await waitFor(() => expect(shown()).toBe('/servers'));

    hold = true;
    act(() => history.forward());
    await waitFor(() => expect(asking()).toBe(true));
    expect(location.pathname).toBe('/servers');
    expect(shown()).toBe('/servers');

    act(() => guard.reset());
    expect(shown()).toBe('/servers');
    expect(asking()).toBe(false);
  });
});
