import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_REPORT_DAYS, reportDays, type CsvDecimal } from '@pizzeria/domain';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { FormField } from '../../auth/ui.ts';
import { downloadOrdersCsv, type CsvFile, type OrdersCsvRequest } from './api/download-orders-csv.ts';
import './register-texts.ts';
import './reports.css';

/** A local date as `YYYY-MM-DD`. */
function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first and last day of the current month, where this device is. */
function currentMonth(now = new Date()): { from: string; to: string } {
  return {
    from: isoDate(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: isoDate(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  };
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
function saveFile({ blob, filename }: CsvFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

type RangeProblem = 'date_required' | 'range_reversed' | 'range_too_long';

/** The server's own checks, made before asking it (it still makes them). */
function rangeProblem(from: string, to: string): RangeProblem | null {
  if (!from || !to) return 'date_required';
  const days = reportDays(from, to);
  if (days < 1) return 'range_reversed';
  if (days > MAX_REPORT_DAYS) return 'range_too_long';
  return null;
}

/**
 * The accountant's export: a date range (the current month to start with) and the decimal
 * separator, then a CSV of the range's orders with their VAT per rate, saved by the browser.
 */
export function CsvExport() {
  const { t } = useTranslation('adminReports');
  const decimalName = useId();
  const errorId = useId();
  const [range, setRange] = useState(currentMonth);
  const [decimal, setDecimal] = useState<CsvDecimal>('comma');
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const download = useMutation({
    mutationFn: (request: OrdersCsvRequest) => downloadOrdersCsv(request),
    onSuccess: saveFile,
  });

  const message = (() => {
    if (problem) return t(`csv.${problem}`, { days: MAX_REPORT_DAYS });
    const error = download.error;
    if (!error) return null;
    if (error instanceof ApiRequestError && error.code === 'report_range_reversed') return t('csv.range_reversed');
    if (error instanceof ApiRequestError && error.code === 'report_range_too_long') {
      return t('csv.range_too_long', { days: MAX_REPORT_DAYS });
    }
    return t('csv.failed');
  })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(range.from, range.to);
    setProblem(found);
    if (found) return;
    download.mutate({ ...range, decimal });
  };

  return (
    <section className="card admin-panel reports-csv" aria-labelledby="reports-csv-heading">
      <div className="reports-head">
        <h2 id="reports-csv-heading">{t('csv.heading')}</h2>
        <p className="admin-muted">{t('csv.intro')}</p>
      </div>
      <form className="reports-csv-form" onSubmit={submit} noValidate aria-describedby={message ? errorId : undefined}>
        <FormField
          label={t('csv.from')}
          type="date"
          required
          value={range.from}
          max={range.to || undefined}
          onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
        />
        <FormField
          label={t('csv.to')}
          type="date"
          required
          value={range.to}
          min={range.from || undefined}
          onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
        />
        <fieldset className="reports-decimal">
          <legend className="field-label">{t('csv.decimal')}</legend>
          {(['comma', 'point'] as const).map((choice) => (
            <label key={choice} className="reports-choice">
              <input
                type="radio"
                name={decimalName}
                value={choice}
                checked={decimal === choice}
                onChange={() => setDecimal(choice)}
              />
              {t(`csv.decimal_${choice}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary reports-csv-submit" disabled={download.isPending}>
          {download.isPending ? t('csv.downloading') : t('csv.download')}
        </button>
      </form>
      {message ? (
        <p id={errorId} className="reports-error" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}
