import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import prettier from 'prettier';
import type { Result } from 'lighthouse';
import { OPTIONS_PRODUCT, QUICK_ADD_PRODUCT } from './lighthouse-shop.ts';

// The summary of lighthouse.ts: medians over the runs, every run's figures with the machine's load, and
// the targets beside the figures they are about (met or not; they never fail the run), as Markdown for
// the terminal and for docs/BENCHMARKS.md, where it owns the section between its two markers.

/** The categories whose failed audits are listed (performance's are the metrics above). */
const AUDITED = ['accessibility', 'best-practices', 'seo'] as const;

/** Total Blocking Time the menu's cold load and the dialog's tap should each stay within (median). */
const TBT_TARGET_MS = 150;
/** How far above the page without its scripts the menu's LCP should stay (medians). */
const LCP_CEILING_TARGET = 1.1;

export interface RunContext {
  date: Date;
  chromium: string;
  runs: number;
  cores: number;
  cpu: string;
  command: string;
  /** Gzip bytes of the first-load JavaScript of the build measured. */
  firstLoadJs: number;
}

/** One run: each measurement of the storefront as built, then of each build variant. */
export interface Run {
  /** The machine's load average over the last minute (`os.loadavg()[0]`) when the run started. */
  load: number;
  /** The menu's cold load: the options dialog flow's navigation. */
  menu: Result;
  /** The tap that opens the options dialog: the flow's timespan. */
  tap: Result;
  /** The open dialog: the flow's snapshot. */
  dialog: Result;
  /** The menu without its scripts, loaded cold the same way. */
  ceiling: Result;
  /** The menu's cold load with slow 4G and a 4× slower CPU applied to the browser (DevTools throttling). */
  menuThrottled: Result;
  /** The menu without its scripts, throttled the same way. */
  ceilingThrottled: Result;
  checkout: Result;
  /** INP (ms) of the quick-add on a 4× slowed CPU after a cold load; 0 under the 16 ms threshold. */
  quickAdd: number;
  /** The same for the tap that opens the options dialog. */
  openOptions: number;
  /** In the order of the variants. */
  variants: VariantRun[];
}

export interface Variant {
  name: string;
  /** Gzip bytes of its first-load JavaScript. */
  firstLoadJs: number;
}

export interface VariantRun {
  menu: Result;
  openOptions: number;
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
const cls = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(3));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const inp = (value: number) => (value < 16 ? '< 16' : ms(value));
const signed = (value: number, digits = 0) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(digits)}`;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const met = (yes: boolean) => (yes ? 'met' : '**not met**');
/** A CLS that shows as 0.00 (the target), i.e. below 0.005. */
const noShift = (value: number) => value < 0.005;

interface NodeDetails {
  nodeLabel?: string;
  selector?: string;
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
function lcpNode(lhr: Result): NodeDetails | null {
  return (
    findNode(lhr.audits['largest-contentful-paint-element']?.details) ??
    findNode(lhr.audits['lcp-breakdown-insight']?.details)
  );
}

function describeNode(node: NodeDetails | null): string {
  if (!node) return 'none reported';
  const snippet = (node.snippet ?? '').replace(/\s+/g, ' ');
  const short = snippet.length > 160 ? `${snippet.slice(0, 157)}…` : snippet;
  return `${node.nodeLabel ?? '(no label)'} — \`${short}\``;
}

/** The element in a few words: its selector's last part and the start of its text. */
function nameNode(node: NodeDetails | null): string {
  if (!node) return 'none';
  const element = (node.selector ?? node.snippet ?? '?').split(' > ').at(-1) ?? '?';
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').trim();
  return label ? `\`${element}\` “${label.length > 40 ? `${label.slice(0, 39)}…` : label}”` : `\`${element}\``;
}

/**
 * Whether the LCP element is the page's content: an element with text, or an image, outside the
 * loading screen that index.html shows until the app starts (an LCP there would time a placeholder).
 */
function isRealContent(node: NodeDetails | null): boolean {
  if (!node) return false;
  if (/loading/.test(`${node.selector ?? ''} ${node.snippet ?? ''}`)) return false;
  return Boolean(node.nodeLabel?.trim()) || /^<img\b/.test(node.snippet ?? '');
}

/** The first element the CLS culprits insight names (its worst shift comes first). */
function clsCulprit(lhr: Result): string {
  return describeNode(findNode(lhr.audits['cls-culprits-insight']?.details));
}

/** The report whose performance score is the median one (the lower middle for an even count). */
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

/** A row of the pages table; each column reads the reports of the step that measures it. */
interface PageRow {
  label: string;
  /** Its performance score, TBT and CLS. */
  performance: Result[];
  /** Its accessibility, best-practices and SEO scores. */
  categories: Result[];
  /** Its LCP. */
  lcp: Result[];
  /** Its FCP and Speed Index; null when it has no load of its own. */
  paints: Result[] | null;
}

function pageRow({ label, performance, categories, lcp, paints }: PageRow): string {
  const scores = (reports: Result[], category: string) => reports.map((lhr) => score(lhr, category));
  const medianScore = (category: string) => Math.round(median(scores(categories, category)));
  const medianOf = (reports: Result[] | null, audit: string) =>
    reports ? ms(median(reports.map((lhr) => metric(lhr, audit)))) : '–';
  const performanceScores = scores(performance, 'performance');
  const shifts = performance.map((lhr) => metric(lhr, 'cumulative-layout-shift'));
  return (
    `| ${label} | ${Math.round(median(performanceScores))} (${Math.min(...performanceScores)}–${Math.max(...performanceScores)}) | ` +
    `${medianScore('accessibility')} | ${medianScore('best-practices')} | ${medianScore('seo')} | ` +
    `${medianOf(lcp, 'largest-contentful-paint')} | ${medianOf(performance, 'total-blocking-time')} | ` +
    `${cls(median(shifts))} (${cls(Math.max(...shifts))}) | ${medianOf(paints, 'first-contentful-paint')} | ` +
    `${medianOf(paints, 'speed-index')} |`
  );
}

/** Each distinct LCP element of the reports, with in how many runs. */
function lcpElements(reports: Result[]): string {
  const counts = new Map<string, number>();
  for (const lhr of reports) {
    const name = nameNode(lcpNode(lhr));
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => `${name} (${count} of ${reports.length})`).join('; ');
}

/** The section's Markdown (not yet formatted). */
export function renderSection(context: RunContext, runs: Run[], variants: Variant[]): string {
  const all = <T>(pick: (run: Run) => T) => runs.map(pick);
  const menu = all((run) => run.menu);
  const tap = all((run) => run.tap);
  const dialog = all((run) => run.dialog);
  const ceiling = all((run) => run.ceiling);
  const checkout = all((run) => run.checkout);
  const lighthouseVersion = menu[0]?.lighthouseVersion ?? 'unknown';
  const benchmarkIndex = median([...menu, ...ceiling, ...checkout].map((lhr) => lhr.environment.benchmarkIndex));
  const loads = all((run) => run.load);

  const lines: string[] = [
    '## Lighthouse (phone)',
    '',
    `${context.date.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${context.chromium} · Lighthouse ${lighthouseVersion} · ` +
      `N = ${context.runs} runs · ${context.cores} cores (${context.cpu}), Lighthouse benchmark index ${Math.round(benchmarkIndex)} · ` +
      `load average ${median(loads).toFixed(2)} (median of the runs' starts; ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}) · ` +
      `first-load JS ${kb(context.firstLoadJs)} gzip · \`${context.command}\``,
    '',
    'Lighthouse mobile defaults (simulated slow 4G, 4× CPU, moto g power screen), a fresh Chromium per measurement; ' +
      'medians over the runs, performance as median (min–max), CLS as median (max). The options dialog is one ' +
      `user flow: the menu's cold load (the menu row), a tap on ${OPTIONS_PRODUCT}'s button until its dialog has ` +
      'shown (a timespan: its performance score, TBT and CLS, with the CPU slowed 4× and the network to slow 4G ' +
      'for real), then a snapshot of the open dialog (accessibility, best practices, SEO). A tap ends LCP: the ' +
      "dialog's is that of the cold load it was opened from. The menu without its scripts is the page the server " +
      'rendered less its module scripts and modulepreload links, same CSS and images, from a proxy in the bench. ' +
      'Both are also loaded throttled for real (DevTools throttling: slow 4G and the 4× slower CPU applied to the ' +
      'browser rather than simulated afterwards), the LCP a phone feels: the simulation counts every request ' +
      'that started before the first paint of the unthrottled trace, the first-load script among them, as needed for it.',
    '',
    '| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | FCP ms | Speed Index ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    pageRow({
      label: 'menu, cold load (`/order-online/`)',
      performance: menu,
      categories: menu,
      lcp: menu,
      paints: menu,
    }),
    pageRow({
      label: 'options dialog, tapped open after the cold load',
      performance: tap,
      categories: dialog,
      lcp: menu,
      paints: null,
    }),
    pageRow({
      label: 'menu without its scripts (the LCP ceiling)',
      performance: ceiling,
      categories: ceiling,
      lcp: ceiling,
      paints: ceiling,
    }),
    pageRow({
      label: 'checkout (`/order-online/checkout`)',
      performance: checkout,
      categories: checkout,
      lcp: checkout,
      paints: checkout,
    }),
  ];

  // Targets, beside the figures they judge.
  const lcp = (lhr: Result) => metric(lhr, 'largest-contentful-paint');
  const shifts = (reports: Result[]) => reports.map((lhr) => metric(lhr, 'cumulative-layout-shift'));
  const tbt = (reports: Result[]) => median(reports.map((lhr) => metric(lhr, 'total-blocking-time')));
  const realLcp = median(menu.map(lcp));
  const ceilingLcp = median(ceiling.map(lcp));
  const ratio = realLcp / ceilingLcp;
  const throttledLcp = median(all((run) => lcp(run.menuThrottled)));
  const throttledCeilingLcp = median(all((run) => lcp(run.ceilingThrottled)));
  const throttledRatio = throttledLcp / throttledCeilingLcp;
  const lcpNodes = menu.map(lcpNode);
  lines.push(
    '',
    'Targets (reported, never failing the run):',
    '',
    '| target | figure | |',
    '| --- | --- | --- |',
    `| menu: CLS 0.00 in every run | ${shifts(menu).map(cls).join(' · ')} | ${met(shifts(menu).every(noShift))} |`,
    `| options dialog (the tap): CLS 0.00 in every run | ${shifts(tap).map(cls).join(' · ')} | ${met(shifts(tap).every(noShift))} |`,
    `| menu: TBT ≤ ${TBT_TARGET_MS} ms | ${ms(tbt(menu))} ms | ${met(tbt(menu) <= TBT_TARGET_MS)} |`,
    `| options dialog (the tap): TBT ≤ ${TBT_TARGET_MS} ms | ${ms(tbt(tap))} ms | ${met(tbt(tap) <= TBT_TARGET_MS)} |`,
    `| LCP element is real content in every run (menu, and so the dialog's cold load) | ${cell(lcpElements(menu))} | ` +
      `${met(lcpNodes.every(isRealContent))} |`,
    `| LCP within ${Math.round((LCP_CEILING_TARGET - 1) * 100)} % of the menu without its scripts | ` +
      `${ms(realLcp)} / ${ms(ceilingLcp)} ms = ${ratio.toFixed(2)} | ${met(ratio <= LCP_CEILING_TARGET)} |`,
    `| the same, throttled for real (DevTools: slow 4G and 4× CPU applied to the browser, what a phone feels) | ` +
      `${ms(throttledLcp)} / ${ms(throttledCeilingLcp)} ms = ${throttledRatio.toFixed(2)} | ` +
      `${met(throttledRatio <= LCP_CEILING_TARGET)} |`,
  );

  lines.push(
    '',
    "Each run, with the machine's load average over the last minute when it started (`os.loadavg()[0]`); " +
      'INP on a 4× slowed CPU as below:',
    '',
    '| run | load | menu performance | menu LCP ms | without scripts LCP ms | LCP ratio | ' +
      'LCP ms throttled for real: menu / without scripts (ratio) | menu TBT ms | menu CLS | ' +
      'dialog performance | dialog TBT ms | dialog CLS | INP add to cart ms | INP options dialog ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(
      (run, index) =>
        `| ${index + 1} | ${run.load.toFixed(2)} | ${score(run.menu, 'performance')} | ${ms(lcp(run.menu))} | ` +
        `${ms(lcp(run.ceiling))} | ${(lcp(run.menu) / lcp(run.ceiling)).toFixed(2)} | ` +
        `${ms(lcp(run.menuThrottled))} / ${ms(lcp(run.ceilingThrottled))} ` +
        `(${(lcp(run.menuThrottled) / lcp(run.ceilingThrottled)).toFixed(2)}) | ` +
        `${ms(metric(run.menu, 'total-blocking-time'))} | ${cls(metric(run.menu, 'cumulative-layout-shift'))} | ` +
        `${score(run.tap, 'performance')} | ${ms(metric(run.tap, 'total-blocking-time'))} | ` +
        `${cls(metric(run.tap, 'cumulative-layout-shift'))} | ${inp(run.quickAdd)} | ${inp(run.openOptions)} |`,
    ),
  );

  lines.push(
    '',
    'LCP element (run with the median performance score):',
    '',
    `- menu: ${cell(describeNode(lcpNode(medianRun(menu))))}`,
    `- menu without its scripts: ${cell(describeNode(lcpNode(medianRun(ceiling))))}`,
    `- checkout: ${cell(describeNode(lcpNode(medianRun(checkout))))}`,
    '',
    'Layout shifts: the first culprit Lighthouse names, in every run with a CLS above 0:',
    '',
  );
  const shifted = [
    { name: 'menu', reports: menu },
    { name: 'options dialog (the tap)', reports: tap },
    { name: 'checkout', reports: checkout },
  ].flatMap(({ name, reports }) => {
    const byCulprit = new Map<string, string[]>();
    reports.forEach((lhr, index) => {
      const shift = metric(lhr, 'cumulative-layout-shift');
      if (!(shift > 0)) return;
      const culprit = clsCulprit(lhr);
      byCulprit.set(culprit, [...(byCulprit.get(culprit) ?? []), `${index + 1} (${cls(shift)})`]);
    });
    return [...byCulprit].map(([culprit, runs]) => `- ${name}, run ${runs.join(', ')}: ${cell(culprit)}`);
  });
  lines.push(...(shifted.length > 0 ? shifted : ['None.']));

  const latency = (values: number[]) =>
    `${inp(median(values))} | ${inp(Math.min(...values))} | ${inp(Math.max(...values))}`;
  lines.push(
    '',
    'Interaction to Next Paint on a 4× slowed CPU, after a cold load of the menu in the phone layout, each tap on ' +
      "a page of its own (the Event Timing API: the longest event of the tap's interaction); and, for comparison, " +
      "the INP Lighthouse measured in the options dialog flow's tap (4× CPU and slow 4G). Reported only:",
    '',
    '| interaction | median ms | min ms | max ms |',
    '| --- | --- | --- | --- |',
    `| add to cart (${QUICK_ADD_PRODUCT}) | ${latency(all((run) => run.quickAdd))} |`,
    `| open the options dialog (${OPTIONS_PRODUCT}) | ${latency(all((run) => run.openOptions))} |`,
    `| open the options dialog, Lighthouse's INP of the tap | ` +
      `${latency(tap.map((lhr) => metric(lhr, 'interaction-to-next-paint')).map((value) => (Number.isNaN(value) ? 0 : value)))} |`,
  );

  if (variants.length > 0) {
    const builds = [
      { name: 'as built', firstLoadJs: context.firstLoadJs, menu, openOptions: all((run) => run.openOptions) },
      ...variants.map((variant, index) => ({
        ...variant,
        menu: all((run) => run.variants[index]?.menu).filter((lhr) => lhr !== undefined),
        openOptions: all((run) => run.variants[index]?.openOptions ?? Number.NaN),
      })),
    ];
    const [base] = builds;
    const figures = (build: (typeof builds)[number]) => ({
      js: build.firstLoadJs / 1024,
      inp: median(build.openOptions),
      tbt: median(build.menu.map((lhr) => metric(lhr, 'total-blocking-time'))),
      lcp: median(build.menu.map(lcp)),
    });
    const reference = base ? figures(base) : undefined;
    lines.push(
      '',
      'Build variants, measured in the same runs, each right after the build as it is (first-load JS counted as ' +
        '`scripts/size.ts` counts it; medians, the difference to the build as it is in brackets):',
      '',
      '| build | first-load JS gzip KB | options dialog INP ms | menu TBT ms | menu LCP ms |',
      '| --- | --- | --- | --- | --- |',
      ...builds.map((build) => {
        const own = figures(build);
        const versus = (value: number, of: number, digits = 0) =>
          build === base || reference === undefined ? '' : ` (${signed(value - of, digits)})`;
        return (
          `| ${build.name} | ${own.js.toFixed(1)}${versus(own.js, reference?.js ?? 0, 1)} | ` +
          `${inp(own.inp)}${versus(own.inp, reference?.inp ?? 0)} | ${ms(own.tbt)}${versus(own.tbt, reference?.tbt ?? 0)} | ` +
          `${ms(own.lcp)}${versus(own.lcp, reference?.lcp ?? 0)} |`
        );
      }),
    );
  }

  const failed = [
    { name: 'menu', reports: menu },
    { name: 'options dialog', reports: dialog },
    { name: 'checkout', reports: checkout },
  ].flatMap(({ name, reports }) =>
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
