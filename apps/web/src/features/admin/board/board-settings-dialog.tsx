import { Dialog } from '@base-ui/react/dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { BOARD_SETTING_LIMITS, STORE_ID, boardSettingsSchema, type Board, type BoardSettings } from '@pizzeria/domain';
import { CloseIcon } from '../../../lib/icons.tsx';
import { staffRequest } from '../auth/staff-session.ts';
import { BOARD_QUERY_KEY } from './api/board-query.ts';
import { Labelled } from '../forms/labelled.tsx';

/** The board settings on their own, for the store's settings page (the board reads them with its list). */
export const BOARD_SETTINGS_QUERY_KEY = ['admin', 'board-settings'] as const;

function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BoardSettings) =>
      staffRequest(`/admin/stores/${STORE_ID}/board-settings`, boardSettingsSchema, { method: 'PUT', json: settings }),
    onSuccess: (settings) => {
      queryClient.setQueryData<Board>(BOARD_QUERY_KEY, (board) => (board ? { ...board, settings } : board));
      queryClient.setQueryData(BOARD_SETTINGS_QUERY_KEY, settings);
    },
  });
}

const NUMBER_FIELDS = [
  {
    name: 'auto_pause_after_minutes',
    label: 'settings.auto_pause_after',
    limits: BOARD_SETTING_LIMITS.autoPauseAfterMinutes,
  },
  {
    name: 'auto_reject_after_minutes',
    label: 'settings.auto_reject_after',
    limits: BOARD_SETTING_LIMITS.autoRejectAfterMinutes,
  },
  {
    name: 'chime_louder_after_minutes',
    label: 'settings.louder_after',
    limits: BOARD_SETTING_LIMITS.chimeLouderAfterMinutes,
  },
] as const;

/** The board's settings: automatic pause and rejection, the louder chime, printing on accept. */
export function BoardSettingsDialog({ settings }: { settings: BoardSettings }) {
  const { t } = useTranslation('adminBoard');
  const save = useSaveSettings();
  const form = useForm({ resolver: zodResolver(boardSettingsSchema), values: settings });
  const errors = form.formState.errors;

  return (
    <Dialog.Root onOpenChange={() => save.reset()}>
      <Dialog.Trigger className="button button-secondary">{t('settings.open')}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup board-settings">
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{t('settings.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('dialog.close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <form className="admin-form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
            <label className="board-check">
              <input type="checkbox" {...form.register('auto_pause_enabled')} />
              <span>{t('settings.auto_pause')}</span>
            </label>
            {NUMBER_FIELDS.map(({ name, label, limits }) => (
              <Labelled id={`board-${name}`} label={t(label)} key={name}>
                <input
                  id={`board-${name}`}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={limits.min}
                  max={limits.max}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `board-${name}-error` : undefined}
                  {...form.register(name, { valueAsNumber: true })}
                />
                {errors[name] ? (
                  <p id={`board-${name}-error`} className="form-error">
                    {t('settings.range', limits)}
                  </p>
                ) : null}
              </Labelled>
            ))}
            <label className="board-check">
              <input type="checkbox" {...form.register('print_on_accept')} />
              <span>{t('settings.print_on_accept')}</span>
            </label>
            {save.error ? (
              <p className="form-error" role="alert">
                {save.error.message}
              </p>
            ) : null}
            {save.isSuccess ? (
              <p className="admin-muted" role="status">
                {t('settings.saved')}
              </p>
            ) : null}
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </button>
          </form>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
