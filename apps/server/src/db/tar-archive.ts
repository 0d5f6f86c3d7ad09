// The ustar format (POSIX.1-1988) as far as a database's directory needs it: regular files and directories,
// names up to 255 bytes. PGlite's own `dumpDataDir` writes the same layout and its `loadDataDir` reads it.

const BLOCK = 512;
const SLICE = 256 * 1024;

export interface TarEntry {
  /** The path inside the archive, with `/` between its parts and no leading `/`. */
  name: string;
  kind: 'file' | 'directory';
  /** The permission bits. */
  mode: number;
  /** Seconds since the epoch. */
  mtime: number;
  data: Uint8Array;
}

function writeString(header: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`"${value}" is too long for a tar header field`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** ustar keeps a long name as a prefix (up to 155 bytes) and a name (up to 100), split at a `/`. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`the path ${name} is too long for a tar archive`);
}

function header(entry: TarEntry): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.kind === 'directory' ? `${entry.name}/` : entry.name);
  writeString(block, 0, 100, base);
  writeOctal(block, 100, 8, entry.mode & 0o7777);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, entry.kind === 'file' ? entry.data.length : 0);
  writeOctal(block, 136, 12, Math.floor(entry.mtime));
  block.fill(' ', 148, 156);
  writeString(block, 156, 1, entry.kind === 'file' ? '0' : '5');
  writeString(block, 257, 6, 'ustar\0');
  writeString(block, 263, 2, '00');
  writeString(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** An entry whose contents are read only when the archive gets to it. */
export interface LazyTarEntry extends Omit<TarEntry, 'data'> {
  read(): Promise<Uint8Array>;
}

/**
 * The archive of `entries`, in their order, as the chunks to write or compress one after another; each
 * file is read when its turn comes, so one file at a time is in memory.
 */
export async function* tarChunks(entries: Iterable<TarEntry | LazyTarEntry>): AsyncGenerator<Uint8Array> {
  for (const entry of entries) {
    const data = entry.kind === 'directory' ? new Uint8Array(0) : 'data' in entry ? entry.data : await entry.read();
    yield header({ ...entry, data });
    if (data.length > 0) {
      // In slices: a compressor handed a 16 MB WAL segment at once holds the event loop for longer.
      for (let start = 0; start < data.length; start += SLICE) yield data.subarray(start, start + SLICE);
      const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
      if (padding > 0) yield Buffer.alloc(padding);
    }
  }
  yield Buffer.alloc(2 * BLOCK);
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number, what: string): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error(`not a tar archive (a header's ${what} is not a number)`);
  return text === '' ? 0 : parseInt(text, 8);
}

/**
 * The regular files and directories of a ustar archive. Refuses a damaged header (its checksum), an archive
 * cut short, and any name that would leave the directory it is unpacked into.
 */
export function untar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + BLOCK <= archive.length;) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return entries;
    let sum = 0;
    for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 32 : (block[index] ?? 0);
    if (sum !== readOctal(block, 148, 8, 'checksum')) throw new Error('not a tar archive, or a damaged one');
    const size = readOctal(block, 124, 12, 'size');
    const type = readString(block, 156, 1);
    const prefix = readString(block, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + readString(block, 0, 100);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new Error('the archive is cut short');
    const clean = name.replace(/^\/+/, '').replace(/\/+$/, '');
    if (clean.split('/').some((part) => part === '..')) throw new Error(`the archive names a path outside: ${name}`);
    if (type === '0' || type === '' || type === '5') {
      entries.push({
        name: clean,
        kind: type === '5' ? 'directory' : 'file',
        mode: readOctal(block, 100, 8, 'mode'),
        mtime: readOctal(block, 136, 12, 'time'),
        data: archive.subarray(start, start + size),
      });
    }
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('the archive is cut short');
}
