import { createHash } from 'node:crypto';
import { languageSchema, type Language } from '@pizzeria/domain';
import { encode, etagOf, type Encoded } from '../../http/caching.ts';
import type { Catalogue } from './model.ts';
import { CATALOGUE_RESOURCES, renderCatalogue, type CatalogueResource } from './representations.ts';

/** One resource of one store in one language, serialized once: the bytes to send and their ETag. */
export interface Representation {
  body: Buffer;
  /** The body compressed once when the catalogue loads, so no read compresses again. */
  encoded: Encoded;
  /** Strong ETag, quoted: a hash of the body. */
  etag: string;
  language: Language;
}

export interface CatalogueService {
  /** The store's catalogue as plain data in cents (what orders price against), or null for no such store. */
  get(storeId: number): Promise<Catalogue | null>;
  /**
   * A short fingerprint of everything the shop shows of the store (every resource in every language), or
   * null for no such store: it changes whenever the shop's menu does, so open shops know to read it again.
   */
  version(storeId: number): Promise<string | null>;
  /** One public resource in one language, ready to send, or null when the store does not exist. */
  representation(storeId: number, resource: CatalogueResource, language: Language): Promise<Representation | null>;
  /**
   * Forgets the store's catalogue: call it after every write to that store's catalogue. The app's service
   * also tells the other instances; the promise settles once they have been told (it never rejects).
   */
  invalidate(storeId: number): void | Promise<void>;
  /** Forgets every store's catalogue (after writes to shared tables: tax rates, allergens, additives). */
  invalidateAll(): void | Promise<void>;
}

interface Entry {
  catalogue: Catalogue;
  representations: ReadonlyMap<string, Representation>;
  version: string;
}

interface CachedEntry {
  entry: Promise<Entry | null>;
  loadedAt: number;
  /** When a "sold out today" in it ends (ms), once loaded: the catalogue is read again then. */
  validUntil?: number;
}

export interface CatalogueCacheOptions {
  /**
   * True while invalidations from other instances may go unheard (the pub/sub is not connected): then
   * a catalogue is read again once it is `inDoubtMaxAgeMs` old.
   */
  inDoubt?: () => boolean;
  inDoubtMaxAgeMs?: number;
  /** Milliseconds now; replaceable in tests. */
  now?: () => number;
  /** Milliseconds now by the store's clock, which decides when a "sold out today" ends; `now` if left out. */
  storeNow?: () => number;
}

/** Long enough that a busy shop reads the catalogue a few times a minute, not once per request. */
const IN_DOUBT_MAX_AGE_MS = 5_000;

const key = (resource: CatalogueResource, language: Language) => `${resource}:${language}`;

/**
 * Catalogue reads served from memory: each store's catalogue is loaded once, rendered and serialized
 * once per language, and kept until invalidated (or, while invalidations may go unheard, until it is a
 * few seconds old). Unknown stores are not remembered, so arbitrary ids cannot fill the memory.
 * Concurrent first reads share one load.
 */
export function createCatalogueService(
  load: (storeId: number) => Promise<Catalogue | null>,
  options: CatalogueCacheOptions = {},
): CatalogueService {
  const entries = new Map<number, CachedEntry>();
  const now = options.now ?? Date.now;
  const inDoubtMaxAgeMs = options.inDoubtMaxAgeMs ?? IN_DOUBT_MAX_AGE_MS;

  const storeNow = options.storeNow ?? now;
  const trusted = (cached: CachedEntry) =>
    (cached.validUntil === undefined || storeNow() < cached.validUntil) &&
    (!options.inDoubt?.() || now() - cached.loadedAt < inDoubtMaxAgeMs);

  const entryFor = (storeId: number): Promise<Entry | null> => {
    const cached = entries.get(storeId);
    if (cached && trusted(cached)) return cached.entry;
    const pending = load(storeId).then(build);
    const loaded: CachedEntry = { entry: pending, loadedAt: now() };
    entries.set(storeId, loaded);
    void pending.then(
      (entry) => {
        if (entry?.catalogue.validUntil) loaded.validUntil = entry.catalogue.validUntil.getTime();
      },
      () => undefined,
    );
    // Forget failures and unknown stores; an entry invalidated meanwhile is already gone.
    const forget = () => {
      if (entries.get(storeId) === loaded) entries.delete(storeId);
    };
    pending.then((entry) => {
      if (!entry) forget();
    }, forget);
    return pending;
  };

  return {
    async get(storeId) {
      return (await entryFor(storeId))?.catalogue ?? null;
    },
    async version(storeId) {
      return (await entryFor(storeId))?.version ?? null;
    },
    async representation(storeId, resource, language) {
      const entry = await entryFor(storeId);
      return entry?.representations.get(key(resource, language)) ?? null;
    },
    invalidate(storeId) {
      entries.delete(storeId);
    },
    invalidateAll() {
      entries.clear();
    },
  };
}

async function build(catalogue: Catalogue | null): Promise<Entry | null> {
  if (!catalogue) return null;
  const representations = new Map<string, Representation>();
  const pending: Promise<void>[] = [];
  for (const language of languageSchema.options) {
    const view = renderCatalogue(catalogue, language);
    for (const resource of CATALOGUE_RESOURCES) {
      const body = Buffer.from(JSON.stringify(view[resource]));
      pending.push(
        encode(body).then((encoded) => {
          representations.set(key(resource, language), { body, encoded, etag: etagOf(body), language });
        }),
      );
    }
  }
  await Promise.all(pending);
  const fingerprint = createHash('sha256');
  for (const entryKey of [...representations.keys()].sort())
    fingerprint.update(representations.get(entryKey)?.etag ?? '');
  return { catalogue, representations, version: fingerprint.digest('base64url').slice(0, 16) };
}
