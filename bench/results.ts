import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';

// Each benchmark of `npm run bench` records its headline figures here (one JSON file per benchmark in
// bench/.results/, not committed); `summary.ts` prints them as one table at the end of the run.

const RESULTS = fileURLToPath(new URL('./.results/', import.meta.url));

const figureSchema = z.object({
  /** What was measured: "menu reads, PostgreSQL: shop / ceiling". */
  figure: z.string(),
  /** As printed: "0.83", "12 ms", "1 order". */
  value: z.string(),
  /** The target beside it, when it sets one: "≥ 0.8". */
  target: z.optional(z.string()),
});
export type Figure = z.infer<typeof figureSchema>;

const resultSchema = z.object({ benchmark: z.string(), measuredAt: z.string(), figures: z.array(figureSchema) });
export type Result = z.infer<typeof resultSchema>;

/** Records `benchmark`'s figures of this run, replacing its earlier ones. */
export function recordFigures(benchmark: string, figures: Figure[]): void {
  mkdirSync(RESULTS, { recursive: true });
  const result: Result = { benchmark, measuredAt: new Date().toISOString(), figures };
  writeFileSync(path.join(RESULTS, `${benchmark}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

/** Every benchmark's recorded figures, in the order they were measured. */
export function readResults(): Result[] {
  let files: string[];
  try {
    files = readdirSync(RESULTS).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((file) => resultSchema.parse(JSON.parse(readFileSync(path.join(RESULTS, file), 'utf8'))))
    .sort((a, b) => a.measuredAt.localeCompare(b.measuredAt));
}

/** Forgets every recorded figure: the start of a run of all benchmarks. */
export function clearResults(): void {
  rmSync(RESULTS, { recursive: true, force: true });
}
