import { mkdir, open, readdir, readFile, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { syncToDisk } from './sync-to-disk.ts';

// The order journal (decision 014, "Update"): PGlite on Node never syncs its files, so what a customer
// was told about an order is also appended here, and synced, before the answer leaves. A start that finds
// the database damaged restores a snapshot and replays what follows it from here.

/** One JSON line: the order's rows as they were written, after a change (`order-journal.ts` reads and replays them). */
export const journalEntrySchema = z.object({
  seq: z.int().check(z.positive()),
  at: z.string(),
  kind: z.literal('order'),
  /** What happened: placed, or any later change (status, payment). */
  change: z.enum(['placed', 'updated']),
  order: z.record(z.string(), z.unknown()),
  items: z.array(z.record(z.string(), z.unknown())),
  events: z.array(z.record(z.string(), z.unknown())),
  redemption: z.nullable(z.record(z.string(), z.unknown())),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;
export type NewJournalEntry = Omit<JournalEntry, 'seq' | 'at'>;

/** A file is closed and the next begun once it is this large. */
export const ROTATE_BYTES = 4 * 1024 * 1024;

const FILE_PATTERN = /^journal-(\d{12})\.jsonl$/;

function fileName(firstSeq: number): string {
  return `journal-${String(firstSeq).padStart(12, '0')}.jsonl`;
}

interface JournalFile {
  file: string;
  /** The seq its first line has (its name says so). */
  firstSeq: number;
}

async function journalFiles(dir: string): Promise<JournalFile[]> {
  const names = await readdir(dir).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  });
  return names
    .flatMap((name) => {
      const match = FILE_PATTERN.exec(name);
      return match ? [{ file: path.join(dir, name), firstSeq: Number(match[1]) }] : [];
    })
    .sort((a, b) => a.firstSeq - b.firstSeq);
}

/** What is wrong with the journal's files, said once each by `read`. */
export type JournalWarning = (message: string) => void;

/**
 * The entries of one file. A last line without its end (or that does not parse) is a write a power cut
 * tore: it was never synced, so never answered, and is left out. A line before the last that does not
 * parse is damage, and is left out with a warning too.
 */
async function readFileEntries(file: string, warn: JournalWarning): Promise<JournalEntry[]> {
  const text = await readFile(file, 'utf8');
  const lines = text.split('\n');
  // After a whole last line the split leaves an empty string: no torn line.
  const torn = lines.pop();
  const entries: JournalEntry[] = [];
  lines.forEach((line, index) => {
    const parsed = parseLine(line);
    if (parsed) entries.push(parsed);
    else warn(`the order journal ${path.basename(file)} has a damaged line ${index + 1}; it is skipped`);
  });
  if (torn) {
    const parsed = parseLine(torn);
    if (parsed) entries.push(parsed);
    else
      warn(
        `the order journal ${path.basename(file)} ends in a line cut short (a write a crash interrupted); it is skipped`,
      );
  }
  return entries;
}

function parseLine(line: string): JournalEntry | null {
  try {
    const parsed = journalEntrySchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface Pending {
  seq: number;
  line: string;
  resolve: (seq: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Append-only JSON lines in `dir`, in files of about `ROTATE_BYTES` named by their first seq. Appends
 * that arrive while a sync is under way are written and synced together once it is done (one sync for
 * many orders under load); each resolves only after its line is synced.
 */
export class Journal {
  private handle: FileHandle | null = null;
  private size = 0;
  private nextSeq: number;
  private synced: number;
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** What was said about damaged lines already: each is said once, however often the files are read. */
  private readonly said = new Set<string>();

  readonly dir: string;
  private readonly rotateBytes: number;

  private constructor(dir: string, lastSeq: number, rotateBytes: number) {
    this.dir = dir;
    this.rotateBytes = rotateBytes;
    this.nextSeq = lastSeq + 1;
    this.synced = lastSeq;
  }

  /**
   * Opens the journal in `dir` (made if missing). New entries go to a new file, never after a line a
   * crash may have torn.
   */
  static async open(dir: string, options: { warn?: JournalWarning; rotateBytes?: number } = {}): Promise<Journal> {
    await mkdir(dir, { recursive: true });
    const files = await journalFiles(dir);
    let lastSeq = 0;
    const said: string[] = [];
    const last = files.at(-1);
    if (last) {
      const entries = await readFileEntries(last.file, (message) => {
        said.push(message);
        options.warn?.(message);
      });
      lastSeq = Math.max(last.firstSeq - 1, entries.at(-1)?.seq ?? 0);
    }
    const journal = new Journal(dir, lastSeq, options.rotateBytes ?? ROTATE_BYTES);
    for (const message of said) journal.said.add(message);
    return journal;
  }

  /** The seq of the last entry synced (0: none yet). */
  position(): number {
    return this.synced;
  }

  /** Writes the entry and syncs it; resolves with its seq once it is on the disk. */
  append(entry: NewJournalEntry): Promise<number> {
    if (this.closed) return Promise.reject(new Error('the order journal is closed'));
    const seq = this.nextSeq;
    this.nextSeq += 1;
    const line = `${JSON.stringify({ seq, at: new Date().toISOString(), ...entry })}\n`;
    return new Promise((resolve, reject) => {
      this.pending.push({ seq, line, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = this.flush().finally(() => {
      this.flushing = null;
      if (this.pending.length > 0) this.kick();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0);
    const first = batch[0];
    if (!first) return;
    try {
      const text = batch.map((pending) => pending.line).join('');
      const handle = await this.fileFor(first.seq);
      await handle.write(text);
      await handle.sync();
      this.size += Buffer.byteLength(text);
      this.synced = batch.at(-1)?.seq ?? this.synced;
      for (const pending of batch) pending.resolve(pending.seq);
    } catch (error) {
      // The file may hold part of the batch now: the next write goes to a new file, after that line.
      await this.handle?.close().catch(() => undefined);
      this.handle = null;
      for (const pending of batch) pending.reject(error);
    }
  }

  /** The file the batch starting at `seq` goes to: the open one, or a new one when it is full (or none is open). */
  private async fileFor(seq: number): Promise<FileHandle> {
    if (this.handle && this.size < this.rotateBytes) return this.handle;
    await this.handle?.close();
    this.handle = null;
    const handle = await open(path.join(this.dir, fileName(seq)), 'a');
    // The new file's name must outlive a power cut as well as its lines.
    await syncToDisk(this.dir);
    this.handle = handle;
    this.size = 0;
    return handle;
  }

  /** Every entry with a seq above `seq`, oldest first; `warn` hears of each damaged line not said before. */
  async entriesAfter(seq: number, warn: JournalWarning = () => {}): Promise<JournalEntry[]> {
    const once: JournalWarning = (message) => {
      if (this.said.has(message)) return;
      this.said.add(message);
      warn(message);
    };
    const files = await journalFiles(this.dir);
    const entries: JournalEntry[] = [];
    for (const [index, file] of files.entries()) {
      const next = files[index + 1];
      // A file whose successor starts at or before `seq + 1` holds nothing after `seq`.
      if (next && next.firstSeq <= seq + 1) continue;
      for (const entry of await readFileEntries(file.file, once)) if (entry.seq > seq) entries.push(entry);
    }
    return entries;
  }

  /**
   * Deletes the files whose every entry is at or before `seq` (a snapshot holds them), never the one
   * being written to. Resolves with how many went.
   */
  async removeThrough(seq: number): Promise<number> {
    const files = await journalFiles(this.dir);
    let removed = 0;
    for (const [index, file] of files.entries()) {
      const next = files[index + 1];
      if (!next || next.firstSeq - 1 > seq) break;
      await rm(file.file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Waits for the appends under way, then closes the file. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing) await this.flushing;
    await this.handle?.close();
    this.handle = null;
  }
}
