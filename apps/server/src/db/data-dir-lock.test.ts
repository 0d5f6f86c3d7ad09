import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir, startTimeOf } from './data-dir-lock.ts';

const folders: string[] = [];
const children: ChildProcess[] = [];

function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'pizzeria-lock-'));
  folders.push(made);
  return made;
}

/** Another live process, standing in for a second server. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child;
}

function pidOf(child: ChildProcess): number {
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

function heldBy(dataDir: string, pid: number, started: string | null): void {
  writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid, started }));
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe('the DATA_DIR lock', () => {
  it('takes a free directory for this process and gives it back', () => {
    const dataDir = folder();
    const release = lockDataDir(dataDir);
    const file = path.join(dataDir, LOCK_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a directory a live server holds, naming its process, and takes it once that process is gone', async () => {
    const dataDir = folder();
    const other = await otherProcess();
    heldBy(dataDir, pidOf(other), startTimeOf(pidOf(other)));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dataDir)).toThrow(`in use by another server (process ${pidOf(other)})`);

    other.kill('SIGKILL');
    await once(other, 'exit');
    const release = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('takes over a file a crash left: a dead process, a pid another process has now, or a file cut short', async () => {
    const dataDir = folder();
    const gone = await otherProcess();
    const gonePid = pidOf(gone);
    gone.kill('SIGKILL');
    await once(gone, 'exit');
    heldBy(dataDir, gonePid, '1');
    lockDataDir(dataDir)();

    // Linux only: the start time tells a reused pid from the process that wrote the file.
    const other = await otherProcess();
    if (startTimeOf(pidOf(other))) {
      heldBy(dataDir, pidOf(other), 'an earlier start');
      lockDataDir(dataDir)();
    }

    writeFileSync(path.join(dataDir, LOCK_FILE), '{"pid": 12');
    lockDataDir(dataDir)();
  });
});
