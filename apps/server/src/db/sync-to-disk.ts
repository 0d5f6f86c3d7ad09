import { open } from 'node:fs/promises';

/**
 * Asks the operating system to put a file, or a directory's entries (a file renamed or created in it), on
 * the disk before going on (`fsync`): what the snapshots and the order journal promise rests on it.
 */
export async function syncToDisk(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
