import './register-texts.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localizedNameInput, moneyInput } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { AdminApiError } from './api-errors.ts';
import { EditorFooter } from './editor-footer.tsx';
import { LocalizedFields, MoneyField } from './fields.tsx';
import { confirmLeave } from './unsaved-changes.ts';
import { useEditor } from './use-editor.ts';

const valuesSchema = z.object({ name: localizedNameInput(20), price: moneyInput() });
type Values = z.infer<typeof valuesSchema>;
const rowSchema = z.object({
  id: z.int(),
  name: z.object({ de: z.string(), en: z.string() }),
  price: z.number(),
  version: z.int(),
});
type Row = z.infer<typeof rowSchema>;

const MARGHERITA: Row = { id: 1, name: { de: 'Margherita', en: '' }, price: 8.5, version: 3 };

function Editor({
  save,
  row = MARGHERITA,
}: {
  save: (values: Values, version: number | null) => Promise<Row>;
  row?: Row;
}) {
  const editor = useEditor<Values, Row>({
    schema: valuesSchema,
    row,
    toValues: (current) => ({ name: current.name, price: current.price }),
    empty: { name: { de: '', en: '' }, price: 0 },
    rowSchema,
    save,
  });
  return (
    <form onSubmit={editor.submit} noValidate>
      <LocalizedFields form={editor.form} name="name" label="Name" />
      <MoneyField form={editor.form} name="price" label="Preis" />
      <EditorFooter editor={editor} />
    </form>
  );
}

const conflict = (current: Row) =>
  new AdminApiError(409, 'version_conflict', 'Jemand hat das inzwischen geändert.', {
    message: 'Jemand hat das inzwischen geändert.',
    code: 'version_conflict',
    current,
  });

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

/** The form saving with `save`, and a user to fill it in. */
function renderEditor(save: (values: Values, version: number | null) => Promise<Row>) {
  renderWithProviders(<Editor save={save} />);
  return userEvent.setup();
}

/** A server that saves what was sent as the next version. */
const savedAsNext = async (values: Values, version: number | null) => ({
  ...MARGHERITA,
  ...values,
  version: (version ?? 0) + 1,
});

describe('a back-office form', () => {
  it('checks as people type, in German, with the domain schema, and sends nothing invalid', async () => {
    const save = vi.fn<(values: Values, version: number | null) => Promise<Row>>();
    const user = renderEditor(save);
    const german = screen.getByRole('textbox', { name: 'Deutsch' });
    await user.clear(german);
    await user.tab();
    expect(await screen.findByText('Bitte den Namen auf Deutsch eingeben.')).toBeInTheDocument();
    expect(german).toHaveAttribute('aria-invalid', 'true');

    const price = screen.getByRole('textbox', { name: 'Preis' });
    expect(price).toHaveValue('8,50');
    await user.clear(price);
    await user.type(price, '8,555');
    await user.tab();
    expect(await screen.findByText('Höchstens zwei Nachkommastellen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the version it read, then the saved one; a German decimal comma is a price', async () => {
    const save = vi.fn(savedAsNext);
    const user = renderEditor(save);
    const price = screen.getByRole('textbox', { name: 'Preis' });
    await user.clear(price);
    await user.type(price, '9,20');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: { de: 'Margherita', en: '' }, price: 9.2 }, 3));
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(save).toHaveBeenLastCalledWith({ name: { de: 'Margherita', en: '' }, price: 9.2 }, 4));
  });

  it('on a conflict keeps what was typed and offers their version or overwriting with the current version', async () => {
    const theirs: Row = { ...MARGHERITA, name: { de: 'Margherita Classica', en: '' }, version: 4 };
    const save = vi
      .fn<(values: Values, version: number | null) => Promise<Row>>()
      .mockRejectedValueOnce(conflict(theirs))
      .mockImplementation(savedAsNext);
    const user = renderEditor(save);
    const german = screen.getByRole('textbox', { name: 'Deutsch' });
    await user.clear(german);
    await user.type(german, 'Margherita Bufala');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Inzwischen geändert')).toBeInTheDocument();
    expect(german).toHaveValue('Margherita Bufala');
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mit meinem Stand überschreiben' }));
    await waitFor(() =>
      expect(save).toHaveBeenLastCalledWith({ name: { de: 'Margherita Bufala', en: '' }, price: 8.5 }, 4),
    );
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  });

  it('loads the other version when asked, and it becomes the one the next save is checked against', async () => {
    const theirs: Row = { ...MARGHERITA, name: { de: 'Margherita Classica', en: 'Classic' }, price: 9, version: 7 };
    const save = vi
      .fn<(values: Values, version: number | null) => Promise<Row>>()
      .mockRejectedValueOnce(conflict(theirs))
      .mockImplementation(savedAsNext);
    const user = renderEditor(save);
    await user.type(screen.getByRole('textbox', { name: 'Deutsch' }), ' Extra');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await user.click(await screen.findByRole('button', { name: 'Deren Stand laden' }));
    expect(screen.getByRole('textbox', { name: 'Deutsch' })).toHaveValue('Margherita Classica');
    expect(screen.getByRole('textbox', { name: 'Englisch' })).toHaveValue('Classic');
    expect(screen.getByRole('textbox', { name: 'Preis' })).toHaveValue('9,00');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(save).toHaveBeenLastCalledWith({ name: { de: 'Margherita Classica', en: 'Classic' }, price: 9 }, 7),
    );
  });

  it('shows what the server refused beside the field, and the rest above the button, keeping the input', async () => {
    const save = vi
      .fn<(values: Values, version: number | null) => Promise<Row>>()
      .mockRejectedValueOnce(
        new AdminApiError(400, 'invalid_request', 'Die Anfrage ist ungültig.', {
          issues: [{ path: '/name/de', message: 'Diesen Namen gibt es schon.' }],
        }),
      )
      .mockRejectedValueOnce(
        new AdminApiError(503, 'database_unavailable', 'Unser System ist gerade nicht erreichbar.', {}),
      );
    const user = renderEditor(save);
    await user.type(screen.getByRole('textbox', { name: 'Deutsch' }), ' Neu');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Diesen Namen gibt es schon.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unser System ist gerade nicht erreichbar.');
    expect(screen.getByRole('textbox', { name: 'Deutsch' })).toHaveValue('Margherita Neu');
  });

  it('asks before leaving while something is unsaved, and not once it is saved', async () => {
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const save = vi.fn(savedAsNext);
    const user = renderEditor(save);
    expect(confirmLeave()).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Englisch' }), 'Margherita');
    expect(confirmLeave()).toBe(false);
    expect(ask).toHaveBeenCalledWith('Es gibt ungespeicherte Änderungen. Seite trotzdem verlassen?');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await screen.findByText('Gespeichert.');
    ask.mockClear();
    expect(confirmLeave()).toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });

  it('keeps a negative price as typed and says what is wrong with it, and with text that is no number', async () => {
    const save = vi.fn(savedAsNext);
    const user = renderEditor(save);
    const price = screen.getByRole('textbox', { name: 'Preis' });
    await user.clear(price);
    await user.type(price, '-1,50');
    await user.tab();
    expect(price).toHaveValue('-1,50');
    expect(price).toHaveAccessibleDescription('Der Preis darf nicht negativ sein.');

    await user.clear(price);
    await user.type(price, '8 Euro');
    await user.tab();
    expect(price).toHaveValue('8 Euro');
    expect(price).toHaveAccessibleDescription('Bitte eine Zahl wie 8,50 eingeben.');

    await user.clear(price);
    await user.tab();
    expect(price).toHaveAccessibleDescription('Bitte einen Preis eingeben.');
    await i18n.changeLanguage('en');
    await user.type(price, '-2');
    await user.tab();
    expect(price).toHaveAccessibleDescription('The price cannot be negative.');
    expect(save).not.toHaveBeenCalled();
  });

  it('a save with errors brings the first field to fix into view and into focus', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const save = vi.fn(savedAsNext);
    const user = renderEditor(save);
    const price = screen.getByRole('textbox', { name: 'Preis' });
    await user.clear(price);
    await user.type(price, '-1');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(price).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(price);

    // The first in the form's order when several are wrong: the German name above the price.
    await user.clear(screen.getByRole('textbox', { name: 'Deutsch' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Deutsch' })).toHaveFocus());
    expect(save).not.toHaveBeenCalled();
  });

  it('on a conflict shows what the other person changed, their version beside what was typed', async () => {
    const theirs: Row = { ...MARGHERITA, name: { de: 'Margherita Classica', en: '' }, price: 9, version: 4 };
    const save = vi
      .fn<(values: Values, version: number | null) => Promise<Row>>()
      .mockRejectedValueOnce(conflict(theirs));
    const user = renderEditor(save);
    const german = screen.getByRole('textbox', { name: 'Deutsch' });
    await user.clear(german);
    await user.type(german, 'Margherita Bufala');
    await user.type(screen.getByRole('textbox', { name: 'Englisch' }), 'Buffalo');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const changes = await screen.findByRole('table', { name: 'Was die andere Person geändert hat' });
    const rows = within(changes).getAllByRole('row').slice(1);
    // Only what they changed: the English name was changed here alone, and saving keeps it either way.
    expect(rows.map((row) => row.textContent)).toEqual([
      'Name – DeutschMargherita ClassicaMargherita Bufala',
      'Preis9,00 €8,50 €',
    ]);
    expect(within(changes).getByRole('rowheader', { name: 'Preis' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deren Stand laden' })).toBeInTheDocument();
  });
});
