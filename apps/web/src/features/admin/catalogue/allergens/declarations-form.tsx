import './register-texts.ts';
import './declarations.css';
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Controller, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { AdminDeclaration } from '@pizzeria/domain';
import { EditorFooter } from '../../forms/editor-footer.tsx';
import { useEditor } from '../../forms/use-editor.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { declarationsQuery } from '../queries.ts';
import type { DeclaredCodes } from './api/declared-codes.ts';
import { useLocalized } from './use-localized.ts';

const EMPTY: DeclaredCodes = { allergen_codes: [], additive_codes: [] };

/**
 * A product's or topping's allergens and additives as two groups of checkboxes, saved together with the
 * version the row was read at (a conflict offers their version or overwriting). Above the button, the
 * line the shop will show.
 */
export function DeclarationsForm<Row extends DeclaredCodes & { version: number }>({
  title,
  row,
  schema,
  rowSchema,
  save,
  saveLabel,
}: {
  title: string;
  row: Row;
  schema: z.ZodMiniType<DeclaredCodes>;
  rowSchema: z.ZodMiniType<Row>;
  save: (codes: DeclaredCodes, version: number | null) => Promise<Row>;
  /** The button's words where the page has more than one save ("Allergene speichern"). */
  saveLabel?: string;
}) {
  const { t } = useTranslation('adminDeclarations', { keyPrefix: 'assign' });
  const lists = useQuery(declarationsQuery());
  const editor = useEditor<DeclaredCodes, Row>({
    schema,
    row,
    toValues: (current) => ({ allergen_codes: current.allergen_codes, additive_codes: current.additive_codes }),
    empty: EMPTY,
    rowSchema,
    save,
  });
  return (
    <form className="card admin-form" aria-labelledby="declarations-title" noValidate onSubmit={editor.submit}>
      <h2 id="declarations-title">{title}</h2>
      {!lists.data ? (
        <QueryState query={lists} />
      ) : (
        <>
          <CodeChecklist
            form={editor.form}
            name="allergen_codes"
            legend={t('allergens')}
            options={lists.data.allergens}
          />
          <CodeChecklist
            form={editor.form}
            name="additive_codes"
            legend={t('additives')}
            options={lists.data.additives}
            empty={t('no_additives')}
          />
          <ShopSummary form={editor.form} />
        </>
      )}
      <EditorFooter editor={editor} label={saveLabel} />
    </form>
  );
}

/** Keeps the codes in the menu's order (a, c, g; 1, 4), however they were ticked. */
function inListOrder(codes: readonly string[], options: readonly AdminDeclaration[]): string[] {
  const position = new Map(options.map((option, index) => [option.code, index]));
  return [...codes].sort((a, b) => (position.get(a) ?? Infinity) - (position.get(b) ?? Infinity));
}

/**
 * The allergens (or additives) as checkboxes bound to a list of codes in any form: a row's declarations
 * here, a new topping's in the product editor's dialog.
 */
export function CodeChecklist<Values extends FieldValues>({
  form,
  name,
  legend,
  options,
  empty,
}: {
  form: UseFormReturn<Values>;
  name: Path<Values>;
  legend: string;
  options: readonly AdminDeclaration[];
  empty?: string;
}) {
  const localized = useLocalized();
  const errorId = `${useId()}-error`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: { value, onChange, onBlur }, fieldState }) => {
        const field = { value: value as string[], onChange, onBlur };
        return (
          <fieldset
            className="declaration-checklist"
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? errorId : undefined}
          >
            <legend className="field-label">{legend}</legend>
            {options.length === 0 && empty ? <p className="admin-muted">{empty}</p> : null}
            <div className="declaration-checks">
              {options.map((option) => (
                <label key={option.id} className="declaration-check">
                  <input
                    type="checkbox"
                    checked={field.value.includes(option.code)}
                    onChange={(event) => {
                      const others = field.value.filter((code) => code !== option.code);
                      field.onChange(inListOrder(event.target.checked ? [...others, option.code] : others, options));
                    }}
                    onBlur={field.onBlur}
                  />
                  <span className="declaration-code">{option.code}</span> <span>{localized(option.name)}</span>
                </label>
              ))}
            </div>
            {fieldState.error ? (
              <p id={errorId} className="form-error">
                {fieldState.error.message}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}

/** "Contains: a, g · Additives: 1": what the shop prints beside the name, as the boxes are ticked. */
function ShopSummary({ form }: { form: UseFormReturn<DeclaredCodes> }) {
  const { t } = useTranslation('adminDeclarations', { keyPrefix: 'assign' });
  const [allergens, additives] = useWatch({ control: form.control, name: ['allergen_codes', 'additive_codes'] });
  return (
    <div className="declaration-summary">
      <p className="field-label">{t('summary_title')}</p>
      <p>
        {allergens.length > 0 ? t('contains', { codes: allergens.join(', ') }) : t('contains_none')}
        {' · '}
        {additives.length > 0 ? t('additives_summary', { codes: additives.join(', ') }) : t('additives_none')}
      </p>
    </div>
  );
}
