import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderingPause } from '@pizzeria/domain';
import { failureText } from '../../auth/index.ts';
import { QueryState } from '../shell/query-state.tsx';
import { availabilityQuery, usePause } from './api/availability.ts';
import { useDates } from './use-dates.ts';

const MINUTE = 60_000;

/** Online orders on hold for a while (a full kitchen), or until staff resume; and resuming. */
export function PauseSection() {
  const { t } = useTranslation('adminSettings');
  const { t: tAdmin } = useTranslation('admin');
  const availability = useQuery(availabilityQuery());
  const pause = usePause();
  const pauseFor = (minutes: number) =>
    pause.mutate({ paused: true, until: new Date(Date.now() + minutes * MINUTE).toISOString() });

  return (
    <section className="card settings-section" aria-labelledby="settings-pause">
      <h2 id="settings-pause">{t('pause.heading')}</h2>
      <p className="admin-hint">{t('pause.hint')}</p>
      {!availability.data ? (
        <QueryState query={availability} />
      ) : (
        <>
          <div role="status" className="settings-pause-state" data-paused={availability.data.pause.paused}>
            <p>
              <strong>
                <PauseState pause={availability.data.pause} />
              </strong>
            </p>
            <p className="admin-muted">
              {availability.data.status.is_open ? t('pause.status_open') : t('pause.status_closed')}
            </p>
          </div>
          <div className="admin-actions">
            {availability.data.pause.paused ? (
              <button
                type="button"
                className="button button-primary"
                disabled={pause.isPending}
                onClick={() => pause.mutate({ paused: false, until: null })}
              >
                {t('pause.resume')}
              </button>
            ) : null}
            <button
              type="button"
              className="button button-secondary"
              disabled={pause.isPending}
              onClick={() => pauseFor(30)}
            >
              {t('pause.minutes_30')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={pause.isPending}
              onClick={() => pauseFor(60)}
            >
              {t('pause.hour_1')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={pause.isPending}
              onClick={() => pause.mutate({ paused: true, until: null })}
            >
              {t('pause.until_resumed')}
            </button>
          </div>
        </>
      )}
      {pause.isError ? (
        <p className="form-error" role="alert">
          {failureText(pause.error, { generic: tAdmin('generic_error') })}
        </p>
      ) : null}
    </section>
  );
}

function PauseState({ pause }: { pause: OrderingPause }) {
  const { t } = useTranslation('adminSettings');
  const dates = useDates();
  if (!pause.paused) return t('pause.running');
  if (pause.reason === 'auto') return t('pause.paused_auto');
  return pause.until ? t('pause.paused_until', { time: dates.time(pause.until) }) : t('pause.paused');
}
