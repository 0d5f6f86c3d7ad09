import { clearResults, readResults } from './results.ts';

// `node summary.ts clear` at the start of `npm run bench`, `node summary.ts` at its end: the headline
// figures of every benchmark that ran, with the targets beside them. Nothing passes or fails.

if (process.argv[2] === 'clear') {
  clearResults();
} else {
  const rows = readResults().flatMap(({ benchmark, figures }) =>
    figures.map(({ figure, value, target }) => [benchmark, figure, value, target ?? '']),
  );
  if (rows.length === 0) {
    console.log('no figures recorded: run the benchmarks first');
  } else {
    const header = ['benchmark', 'figure', 'measured', 'target'];
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
    );
    const line = (cells: string[]) =>
      `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
    console.log(`\nnpm run bench: ${rows.length} figures (absolute numbers depend on the machine)\n`);
    console.log(line(header));
    console.log(line(widths.map((width) => '-'.repeat(width))));
    for (const row of rows) console.log(line(row));
  }
}
