import type { NodeEvent } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { NodeEventJournal } from './NodeEventJournal.js';

const crash = (n: number): NodeEvent => ({ event: 'server.crashed', server: 'abcd1234', data: { exitCode: n, lines: [`line ${n}`] } });
const codes = (events: { event: NodeEvent }[]) => events.map(({ event }) => (event.event === 'server.crashed' ? event.data.exitCode : null));

describe('NodeEventJournal', () => {
  it('numbers events from 1 and answers those after the reader’s number, with the next number to ask from', async () => {
    const journal = new NodeEventJournal();
    for (let n = 1; n <= 3; n++) journal.append(crash(n));
    const all = await journal.read({ after: 0 });
    expect(all).toMatchObject({ boot: journal.boot, next: 3 });
    expect(all.events.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(all.lost).toBeUndefined();
    expect(Date.parse(all.events[0].time)).toBeGreaterThan(Date.now() - 5000);
    // How long ago this boot began, in seconds of its own uptime.
    expect(all.age).toBeGreaterThanOrEqual(0);
    expect(all.age).toBeLessThan(5);
    const rest = await journal.read({ after: 2, boot: journal.boot });
    expect(codes(rest.events)).toEqual([3]);
    expect(await journal.read({ after: 3, boot: journal.boot })).toEqual({ boot: journal.boot, age: expect.any(Number), events: [], next: 3 });
  });

  it('keeps only the last events, and counts those a slow reader missed', async () => {
    const journal = new NodeEventJournal({ maxEvents: 5 });
    for (let n = 1; n <= 12; n++) journal.append(crash(n));
    const read = await journal.read({ after: 3, boot: journal.boot });
    expect(read.events.map((entry) => entry.seq)).toEqual([8, 9, 10, 11, 12]);
    expect(read.lost).toBe(4);
    expect(read.next).toBe(12);
  });

  it('keeps the default of 10,000 events', async () => {
    const journal = new NodeEventJournal({ maxRead: 20_000 });
    for (let n = 1; n <= 10_050; n++) journal.append({ event: 'server.recovered', server: 'abcd1234', data: {} });
    const read = await journal.read({ after: 0 });
    expect(read.events).toHaveLength(10_000);
    expect(read.events[0].seq).toBe(51);
    expect(read.lost).toBe(50);
  });

  it('drops the oldest events once they take more than their bytes, keeping the last one', async () => {
    const journal = new NodeEventJournal({ maxBytes: 1000 });
    for (let n = 1; n <= 50; n++) journal.append(crash(n));
    const read = await journal.read({ after: 0 });
    expect(read.events.length).toBeLessThan(15);
    expect(read.events.at(-1)?.seq).toBe(50);
    expect(read.lost).toBe(50 - read.events.length);
  });

  it('reads from the oldest kept event when the number is beyond its last or from another boot', async () => {
    const journal = new NodeEventJournal();
    journal.append(crash(1));
    journal.append(crash(2));
    expect(journal.boot).not.toBe(new NodeEventJournal().boot);
    const beyond = await journal.read({ after: 40, boot: journal.boot });
    expect(codes(beyond.events)).toEqual([1, 2]);
    const otherBoot = await journal.read({ after: 1, boot: 'a-journal-before-a-restart' });
    expect(codes(otherBoot.events)).toEqual([1, 2]);
    expect(otherBoot.next).toBe(2);
  });

  it('starts a reader with no number from now on, telling it so without waiting', async () => {
    const journal = new NodeEventJournal();
    journal.append(crash(1));
    const started = Date.now();
    expect(await journal.read({ waitMs: 5000 })).toEqual({ boot: journal.boot, age: expect.any(Number), events: [], next: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers at most maxRead events at a time, the rest on the next read', async () => {
    const journal = new NodeEventJournal({ maxRead: 2 });
    for (let n = 1; n <= 3; n++) journal.append(crash(n));
    const first = await journal.read({ after: 0 });
    expect(codes(first.events)).toEqual([1, 2]);
    expect(codes((await journal.read({ after: first.next, boot: first.boot })).events)).toEqual([3]);
  });

  it('holds a read until an event comes, or until its wait has passed', async () => {
    const journal = new NodeEventJournal();
    const started = Date.now();
    const waiting = journal.read({ after: 0, waitMs: 5000 });
    setTimeout(() => journal.append(crash(7)), 100);
    const read = await waiting;
    expect(codes(read.events)).toEqual([7]);
    expect(Date.now() - started).toBeLessThan(2000);

    const quiet = Date.now();
    expect((await journal.read({ after: 1, waitMs: 300 })).events).toEqual([]);
    expect(Date.now() - quiet).toBeGreaterThanOrEqual(290);
  });

  it('answers waiting reads at once when closed or when the reader goes away', async () => {
    const journal = new NodeEventJournal();
    const started = Date.now();
    const abort = new AbortController();
    const left = journal.read({ after: 0, waitMs: 10_000, signal: abort.signal });
    abort.abort();
    expect((await left).events).toEqual([]);
    const waiting = journal.read({ after: 0, waitMs: 10_000 });
    journal.close();
    expect((await waiting).events).toEqual([]);
    expect((await journal.read({ after: 0, waitMs: 10_000 })).events).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
