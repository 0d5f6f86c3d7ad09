import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangedField } from './changed-fields.ts';

interface ShownChange {
  path: string;
  label: string;
  theirs: string;
  yours: string;
}

/**
 * The fields someone else changed, as this form names and shows them: each field's label (after its
 * group's legend: "Name – Deutsch"), their value and the one typed here. Labels and choices are read
 * from the form itself, so every editor gets this without listing its fields twice; what the form
 * shows no field for (a removed size, a size's id) is counted in one line.
 */
export function ConflictChanges({ changes }: { changes: readonly ChangedField[] }) {
  const { t, i18n } = useTranslation('adminForms');
  const list = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<{ rows: ShownChange[]; more: number } | null>(null);

  useLayoutEffect(() => {
    const form = list.current?.closest('form');
    if (!form) return;
    const language = i18n.language === 'en' ? 'en-GB' : 'de-DE';
    const texts = { empty: t('conflict.empty'), yes: t('conflict.yes'), no: t('conflict.no') };
    const rows: ShownChange[] = [];
    let more = 0;
    for (const change of changes) {
      const field = Array.from(form.elements).find(
        (element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
          (element instanceof HTMLInputElement ||
            element instanceof HTMLSelectElement ||
            element instanceof HTMLTextAreaElement) &&
          element.name === change.path,
      );
      const label = field ? labelOf(field) : '';
      if (!field || !label) {
        more += 1;
        continue;
      }
      rows.push({
        path: change.path,
        label,
        theirs: shownValue(field, change.theirs, language, texts),
        yours: shownValue(field, change.yours, language, texts),
      });
    }
    setShown({ rows, more });
  }, [changes, i18n.language, t]);

  if (changes.length === 0) return null;
  return (
    <div ref={list} className="admin-conflict-changes">
      {shown && shown.rows.length > 0 ? (
        <table className="admin-conflict-table">
          <caption className="admin-conflict-caption">{t('conflict.changes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('conflict.field')}</th>
              <th scope="col">{t('conflict.theirs')}</th>
              <th scope="col">{t('conflict.yours')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row) => (
              <tr key={row.path}>
                <th scope="row">{row.label}</th>
                <td data-label={t('conflict.theirs')}>{row.theirs}</td>
                <td data-label={t('conflict.yours')}>{row.yours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {shown && shown.more > 0 ? <p>{t('conflict.more', { count: shown.more })}</p> : null}
    </div>
  );
}

/** A field's label, after its group's legend when it has one ("Name – Deutsch"). */
function labelOf(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string {
  const own = field.labels?.[0]?.textContent?.trim() ?? field.getAttribute('aria-label') ?? '';
  const legend = field.closest('fieldset')?.querySelector(':scope > legend')?.textContent?.trim();
  return legend && own && legend !== own ? `${legend} – ${own}` : own;
}

/** A value as the field shows it: a choice's text, yes or no, an amount with its unit. */
function shownValue(
  field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  value: unknown,
  language: string,
  texts: { empty: string; yes: string; no: string },
): string {
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isNaN(value)))
    return texts.empty;
  if (field instanceof HTMLSelectElement) {
    const choice = Array.from(field.options).find((option) => option.value === String(value));
    return choice?.textContent ?? String(value);
  }
  if (typeof value === 'number') {
    // An amount field shows its unit beside it (`fields.tsx`): euros with cents, percentages as typed.
    const unit = field.closest('.admin-money')?.querySelector('span')?.textContent ?? '';
    const number = new Intl.NumberFormat(language, {
      minimumFractionDigits: unit === '€' ? 2 : 0,
      maximumFractionDigits: 2,
      useGrouping: false,
    }).format(value);
    return unit ? `${number} ${unit}` : number;
  }
  return String(value);
}
