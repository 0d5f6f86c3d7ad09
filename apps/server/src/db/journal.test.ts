import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, type NewJournalEntry } from './journal.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pizzeria-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function entry(orderId: number, revision = 0): NewJournalEntry {
  return {
    kind: 'order',
    change: revision === 0 ? 'placed' : 'updated',
    order: { id: orderId, revision, note: 'x'.repeat(200) },
    items: [{ id: orderId * 10, order_id: orderId }],
    events: [],
    redemption: null,
  };
}

async function files(): Promise<string[]> {
  return (await readdir(dir)).sort();
}

describe('the order journal', () => {
  it('numbers what it appends, says how far it has synced and reads back what follows a seq', async () => {
    const journal = await Journal.open(dir);
    expect(journal.position()).toBe(0);
    // Appended together: one sync for those that queue behind the first, each resolving with its own seq.
    const seqs = await Promise.all([1, 2, 3].map((id) => journal.append(entry(id))));
    expect(seqs).toEqual([1, 2, 3]);
    expect(journal.position()).toBe(3);
    expect((await journal.entriesAfter(1)).map((read) => [read.seq, read.order.id])).toEqual([
      [2, 2],
      [3, 3],
    ]);
    await journal.close();

    // Opened again it goes on after the last seq, in a new file.
    const again = await Journal.open(dir);
    expect(again.position()).toBe(3);
    expect(await again.append(entry(4))).toBe(4);
    expect((await again.entriesAfter(0)).map((read) => read.seq)).toEqual([1, 2, 3, 4]);
    expect(await files()).toEqual(['journal-000000000001.jsonl', 'journal-000000000004.jsonl']);
    await again.close();
  });

  it('rotates by size and removes only whole files a snapshot holds', async () => {
    const journal = await Journal.open(dir, { rotateBytes: 600 });
    for (let id = 1; id <= 6; id += 1) await journal.append(entry(id));
    // Each line is about 330 bytes: two to a file.
    expect(await files()).toEqual([
      'journal-000000000001.jsonl',
      'journal-000000000003.jsonl',
      'journal-000000000005.jsonl',
    ]);
    // Seq 3 is in the second file with 4: only the first file is wholly at or before it.
    expect(await journal.removeThrough(3)).toBe(1);
    expect((await journal.entriesAfter(0)).map((read) => read.seq)).toEqual([3, 4, 5, 6]);
    // The file being written to stays, even when a snapshot holds all of it.
    expect(await journal.removeThrough(6)).toBe(1);
    expect(await files()).toEqual(['journal-000000000005.jsonl']);
    expect(await journal.append(entry(7))).toBe(7);
    await journal.close();
  });

  it('leaves out a last line a crash cut short, says so once, and never writes after it', async () => {
    const journal = await Journal.open(dir);
    await journal.append(entry(1));
    await journal.append(entry(2));
    await journal.close();
    const [first = ''] = await files();
    await appendFile(path.join(dir, first), '{"seq":3,"at":"2026-11-28T07:00:00.000Z","kind":"order","change":"pla');

    const warnings: string[] = [];
    const reopened = await Journal.open(dir, { warn: (message) => warnings.push(message) });
    expect(reopened.position()).toBe(2);
    expect(warnings).toEqual([expect.stringContaining('ends in a line cut short') as unknown]);
    expect(await reopened.append(entry(3))).toBe(3);
    const read: string[] = [];
    const entries = await reopened.entriesAfter(0, (message) => read.push(message));
    expect(entries.map((one) => [one.seq, one.order.id])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    // Said once: opening it said so already.
    expect(read).toEqual([]);
    await reopened.close();
  });

  it('skips a damaged line in the middle of a file with a warning', async () => {
    const journal = await Journal.open(dir);
    await journal.append(entry(1));
    await journal.close();
    const [first = ''] = await files();
    await appendFile(path.join(dir, first), 'not json\n{"seq":3}\n');
    const warnings: string[] = [];
    const reopened = await Journal.open(dir, { warn: (message) => warnings.push(message) });
    expect((await reopened.entriesAfter(0, (message) => warnings.push(message))).map((one) => one.seq)).toEqual([1]);
    expect(warnings).toEqual([
      expect.stringContaining('damaged line 2') as unknown,
      expect.stringContaining('damaged line 3') as unknown,
    ]);
    await reopened.entriesAfter(0, (message) => warnings.push(message));
    expect(warnings).toHaveLength(2);
    await reopened.close();
  });

  it('refuses appends once closed', async () => {
    const journal = await Journal.open(dir);
    await journal.close();
    await expect(journal.append(entry(1))).rejects.toThrow('closed');
  });
});
