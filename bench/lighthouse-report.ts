import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import prettier from 'prettier';
import type { Result } from 'lighthouse';
import { OPTIONS_PRODUCT, QUICK_ADD_PRODUCT, type Interactions } from './lighthouse-shop.ts';

// The summary of lighthouse.ts: medians over the runs, as Markdown for the terminal and for
// docs/BENCHMARKS.md, where it owns the section between its two markers.

/** The categories whose failed audits are listed (performance's are the metrics above). */
const AUDITED = ['accessibility', 'best-practices', 'seo'] as const;

export interface RunContext {
  date: Date;
  chromium: string;
  runs: number;
  cores: number;
  cpu: string;
  command: string;
}

export interface PageRuns {
  name: string;
  path: string;
  reports: Result[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);
const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
const ms = (value: number) => (Number.isNaN(value) ? '–' : Math.round(value).toLocaleString('en-US'));
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

interface NodeDetails {
  nodeLabel?: string;
  snippet?: string;
}

/** The first `{type: 'node'}` item anywhere in an audit's details. */
function findNode(value: unknown): NodeDetails | null {
  if (typeof value !== 'object' || value === null) return null;
  if ((value as { type?: unknown }).type === 'node') return value as NodeDetails;
  for (const child of Object.values(value)) {
    const found = findNode(child);
    if (found) return found;
  }
  return null;
}

/**
 * The LCP element: Lighthouse 13 reports it in the LCP breakdown insight, which replaced the
 * `largest-contentful-paint-element` audit (still read when present).
 */
function lcpElement(lhr: Result): string {
  const node =
    findNode(lhr.audits['largest-contentful-paint-element']?.details) ??
    findNode(lhr.audits['lcp-breakdown-insight']?.details);
  return node ? describeNode(node) : 'none reported';
}

function describeNode(node: NodeDetails): string {
  const snippet = (node.snippet ?? '').replace(/\s+/g, ' ');
  const short = snippet.length > 160 ? `${snippet.slice(0, 157)}…` : snippet;
  return `${node.nodeLabel ?? '(no label)'} — \`${short}\``;
}

/** The first element the CLS culprits insight names (its worst shift comes first). */
function clsCulprit(lhr: Result): string {
  const node = findNode(lhr.audits['cls-culprits-insight']?.details);
  return node ? describeNode(node) : 'none reported';
}

/** The run whose performance score is the median one (the lower middle for an even count). */
function medianRun(reports: Result[]): Result {
  const sorted = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run) throw new Error('no runs');
  return run;
}

interface FailedAudit {
  category: string;
  id: string;
  title: string;
  runs: number;
}

/** Audits of accessibility, best practices and SEO scored below 1 in any run, with how many runs. */
function failedAudits(reports: Result[]): FailedAudit[] {
  const failed = new Map<string, FailedAudit>();
  for (const lhr of reports) {
    for (const category of AUDITED) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        if (audit.scoreDisplayMode !== 'binary' && audit.scoreDisplayMode !== 'numeric') continue;
        const key = `${category} ${ref.id}`;
        const seen = failed.get(key) ?? { category, id: ref.id, title: audit.title, runs: 0 };
        seen.runs += 1;
        failed.set(key, seen);
      }
    }
  }
  return [...failed.values()];
}

/** The section's Markdown (not yet formatted). */
export function renderSection(context: RunContext, pages: PageRuns[], interactions: Interactions[]): string {
  const lighthouseVersion = pages[0]?.reports[0]?.lighthouseVersion ?? 'unknown';
  const benchmarkIndex = median(pages.flatMap((page) => page.reports.map((lhr) => lhr.environment.benchmarkIndex)));
  const lines: string[] = [
    '## Lighthouse (phone)',
    '',
    `${context.date.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${context.chromium} · Lighthouse ${lighthouseVersion} · ` +
      `N = ${context.runs} runs · ${context.cores} cores (${context.cpu}), Lighthouse benchmark index ${Math.round(benchmarkIndex)} · ` +
      `\`${context.command}\``,
    '',
    'Lighthouse mobile defaults (simulated slow 4G, 4× CPU, moto g power screen), a fresh Chromium per run; ' +
      'medians over the runs, performance as median (min–max), CLS as median (max).',
    '',
    '| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | FCP ms | Speed Index ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { name, path, reports } of pages) {
    const scores = (category: string) => reports.map((lhr) => score(lhr, category));
    const performance = scores('performance');
    const cls = reports.map((lhr) => metric(lhr, 'cumulative-layout-shift'));
    const metricMedian = (audit: string) => ms(median(reports.map((lhr) => metric(lhr, audit))));
    lines.push(
      `| ${name} (\`${path}\`) | ${Math.round(median(performance))} (${Math.min(...performance)}–${Math.max(...performance)}) | ` +
        `${Math.round(median(scores('accessibility')))} | ${Math.round(median(scores('best-practices')))} | ` +
        `${Math.round(median(scores('seo')))} | ` +
        `${metricMedian('largest-contentful-paint')} | ${metricMedian('total-blocking-time')} | ` +
        `${median(cls).toFixed(3)} (${Math.max(...cls).toFixed(3)}) | ${metricMedian('first-contentful-paint')} | ` +
        `${metricMedian('speed-index')} |`,
    );
  }
  lines.push(
    '',
    'LCP element and the first layout-shift culprit Lighthouse names (run with the median performance score):',
    '',
  );
  for (const { name, reports } of pages) {
    const run = medianRun(reports);
    lines.push(`- ${name}: LCP ${cell(lcpElement(run))}; layout shift ${cell(clsCulprit(run))}`);
  }

  const latency = (pick: (run: Interactions) => number) => {
    const values = interactions.map(pick);
    const show = (value: number) => (value < 16 ? '< 16' : ms(value));
    return `${show(median(values))} | ${show(Math.min(...values))} | ${show(Math.max(...values))}`;
  };
  lines.push(
    '',
    'Interaction latency (Event Timing API, longest event per interaction) on a 4× slowed CPU, after a cold load ' +
      'of the menu in the phone layout; report only:',
    '',
    '| interaction | median ms | min ms | max ms |',
    '| --- | --- | --- | --- |',
    `| quick-add (${QUICK_ADD_PRODUCT}) | ${latency((run) => run.quickAdd)} |`,
    `| open the options dialog (${OPTIONS_PRODUCT}) | ${latency((run) => run.openOptions)} |`,
  );

  const failed = pages.flatMap(({ name, reports }) =>
    failedAudits(reports).map((audit) => ({ ...audit, page: name, of: reports.length })),
  );
  lines.push('', 'Failed audits (accessibility, best practices, SEO) in any run:', '');
  if (failed.length === 0) lines.push('None.');
  else {
    lines.push('| page | category | audit | title | runs |', '| --- | --- | --- | --- | --- |');
    for (const audit of failed) {
      lines.push(
        `| ${audit.page} | ${audit.category} | \`${audit.id}\` | ${cell(audit.title)} | ${audit.runs}/${audit.of} |`,
      );
    }
  }
  return lines.join('\n');
}

/** The section formatted by Prettier, as the repository's Markdown is. */
export async function formatMarkdown(markdown: string, file: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(markdown, { ...options, filepath: file });
}

/** Writes the section into `file` between its markers, leaving the rest of the file as it is. */
export async function writeSection(file: string, section: string, name = 'lighthouse'): Promise<void> {
  const START = `<!-- ${name}:start -->`;
  const END = `<!-- ${name}:end -->`;
  const block = `${START}\n\n${section.trim()}\n\n${END}`;
  let text: string;
  if (!existsSync(file)) {
    text =
      '# Benchmarks\n\nResults of the benchmarks in [bench/](../bench/README.md), each section written by its ' +
      'script on its last run. Absolute numbers depend on the machine: compare runs on the same one.\n\n' +
      `${block}\n`;
  } else {
    const current = readFileSync(file, 'utf8');
    const start = current.indexOf(START);
    const end = current.indexOf(END);
    text =
      start !== -1 && end > start
        ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
        : `${current.trimEnd()}\n\n${block}\n`;
  }
  writeFileSync(file, await formatMarkdown(text, file));
}
