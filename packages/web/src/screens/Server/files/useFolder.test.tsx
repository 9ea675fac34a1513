// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { FileListing } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerConnection } from '../../../live/ServerConnection';
import { useFolder } from './useFolder';

// The browser's WebSocket, stood in for: the test reads what was sent and answers by hand.
class StandInSocket {
  static readonly OPEN = 1;
  static last: StandInSocket;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  constructor() {
    StandInSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {}
  answer(listing: FileListing) {
    this.onmessage?.({ data: JSON.stringify({ type: 'file', data: listing }) });
  }
}

const entry = (name: string, isFile = false) => ({ name, isFile, size: 0, modifyTime: 0 });
let connection: ServerConnection;

beforeEach(() => {
  vi.stubGlobal('WebSocket', StandInSocket);
  connection = new ServerConnection('abcd1234');
  connection.open();
});

afterEach(() => {
  connection.close();
  vi.unstubAllGlobals();
});

function start() {
  const hook = renderHook(() => useFolder(connection));
  const socket = StandInSocket.last;
  act(() => {
    socket.readyState = 1;
    socket.onopen?.();
  });
  return { hook, socket, lastSent: () => socket.sent.at(-1) };
}

describe('useFolder', () => {
  it('lists the root first, with no way up', () => {
    const { hook, socket, lastSent } = start();
    expect(lastSent()).toEqual({ type: 'file', data: { action: 'get', path: '/' } });
    expect(hook.result.current.loading).toBe(true);
    act(() => socket.answer({ path: '/', files: [entry('plugins')] }));
    expect(hook.result.current.loading).toBe(false);
    expect(hook.result.current.path).toBe('/');
    expect(hook.result.current.up).toBeNull();
  });

  it('opens a folder by name and climbs back up', () => {
    const { hook, socket, lastSent } = start();
    act(() => socket.answer({ path: '/', files: [entry('plugins')] }));
    act(() => hook.result.current.open('plugins'));
    expect(lastSent()).toEqual({ type: 'file', data: { action: 'get', path: '/plugins' } });
    act(() => socket.answer({ path: '/plugins', files: [entry('a.jar', true)] }));
    expect(hook.result.current.path).toBe('/plugins');
    act(() => hook.result.current.up?.());
    expect(lastSent()).toEqual({ type: 'file', data: { action: 'get', path: '/' } });
  });

  it('creates and deletes inside the folder shown, and forgets the selection with each new listing', () => {
    const { hook, socket, lastSent } = start();
    act(() => socket.answer({ path: '/world', files: [entry('region'), entry('level.dat', true)] }));
    act(() => hook.result.current.setSelected(['level.dat']));
    act(() => hook.result.current.createFolder('data'));
    expect(lastSent()).toEqual({ type: 'file', data: { action: 'create', path: '/world/data' } });
    act(() => hook.result.current.remove('region'));
    expect(lastSent()).toEqual({ type: 'file', data: { action: 'delete', path: '/world/region' } });
    expect(hook.result.current.selected).toEqual(['level.dat']);
    act(() => socket.answer({ path: '/world', files: [entry('data'), entry('level.dat', true)] }));
    expect(hook.result.current.selected).toEqual([]);
  });
});
