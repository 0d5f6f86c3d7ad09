import { useEffect, useState } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { AdminApiError, fieldIssues } from './api-errors.ts';
import { useUnsavedChanges } from './unsaved-changes.ts';

export interface EditorOptions<Values extends FieldValues, Row extends { version: number }> {
  /** The domain's schema of what the form sends (without `version`): it validates as people type. */
  schema: z.ZodMiniType<Values>;
  /** The row being edited; null for a new one. */
  row: Row | null;
  /** How a row fills the form (also after a save, and when loading someone else's version). */
  toValues: (row: Row) => Values;
  /** A new row's form. */
  empty: Values;
  /** The row's schema: a conflict's `current` is parsed with it. */
  rowSchema: z.ZodMiniType<Row>;
  /** Sends the values with the version they were read at (null: create). */
  save: (values: Values, version: number | null) => Promise<Row>;
  onSaved?: (row: Row) => void;
  /** Server error codes that belong beside one field (`postcode_taken` → `postcode`). */
  fieldForCode?: Readonly<Record<string, Path<Values>>>;
}

/**
 * A back-office form (docs/product/back-office.md): validated as people type with the domain's schema; server
 * errors beside their field or above the button, never losing what was typed; a save sends the version
 * the row was read at, and a 409 offers to load the other person's version or to overwrite it. Leaving
 * with unsaved changes asks first.
 */
export function useEditor<Values extends FieldValues, Row extends { version: number }>(
  options: EditorOptions<Values, Row>,
) {
  const { schema, row, toValues, empty, rowSchema, save, onSaved, fieldForCode } = options;
  const form = useForm<Values>({
    // The resolver's types cannot see through a generic schema; it is the domain schema of `Values`.
    resolver: zodResolver(schema as never) as unknown as Resolver<Values>,
    defaultValues: (row ? toValues(row) : empty) as DefaultValues<Values>,
    mode: 'onTouched',
  });
  const [version, setVersion] = useState<number | null>(row?.version ?? null);
  const [conflict, setConflict] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(form.formState.isDirty);

  // A field showing an error is checked again as it changes, not only when it loses focus: a message
  // that vanished on blur would move the button being clicked from under the pointer.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name && get(form.formState.errors, name)) void form.trigger(name as Path<Values>);
        },
      }),
    [form],
  );

  /** A submit handler that saves over `readVersion` (made in the event, never during render). */
  const sendOver = (readVersion: number | null) =>
    form.handleSubmit(async (values) => {
      setError(null);
      setSaved(false);
      try {
        const answer = await save(values, readVersion);
        setVersion(answer.version);
        form.reset(toValues(answer));
        setSaved(true);
        onSaved?.(answer);
      } catch (failure) {
        if (failure instanceof AdminApiError && failure.code === 'version_conflict') {
          const current = rowSchema.safeParse(failure.body['current']);
          if (current.success) {
            setConflict(current.data);
            return;
          }
        }
        const issues = fieldIssues(failure);
        for (const issue of issues) form.setError(issue.field as Path<Values>, { message: issue.message });
        const field = failure instanceof AdminApiError ? fieldForCode?.[failure.code] : undefined;
        if (field && failure instanceof Error) form.setError(field, { message: failure.message });
        else if (issues.length === 0) setError(failure instanceof Error ? failure.message : String(failure));
      }
    });

  return {
    form,
    /** The form's `onSubmit`. */
    submit: (event?: React.BaseSyntheticEvent) => void sendOver(version)(event),
    saving: form.formState.isSubmitting,
    saved: saved && !form.formState.isDirty,
    /** A message for the whole form (the server refused it for a reason no field explains). */
    error,
    /** The row as someone else saved it meanwhile, while the person decides. */
    conflict,
    /** Take the other person's version: the form shows it, what was typed is dropped. */
    reload() {
      if (!conflict) return;
      setVersion(conflict.version);
      form.reset(toValues(conflict));
      setConflict(null);
    },
    /** Keep what was typed and save it over the other person's version. */
    overwrite() {
      if (!conflict) return;
      setVersion(conflict.version);
      setConflict(null);
      void sendOver(conflict.version)();
    },
  };
}

export type Editor<Values extends FieldValues, Row extends { version: number }> = ReturnType<
  typeof useEditor<Values, Row>
>;
