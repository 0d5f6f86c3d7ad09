import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PICTURE_BYTES, MIN_PICTURE_SIDE, PICTURE_TYPES, type AdminPicture } from '@pizzeria/domain';
import { AdminApiError } from '../../forms/api-errors.ts';
import { pictureProblem, useUploadPicture } from './api/upload-picture.ts';

const MAX_MB = MAX_PICTURE_BYTES / (1024 * 1024);

/**
 * A product's picture: choose or drop a file, which is uploaded at once (the server makes the card and
 * wide renditions), previewed, and only becomes the product's when the form is saved. A refused file
 * says why in the server's words; the picture shown before stays.
 */
export function PictureUpload({
  picture,
  drawing = null,
  onChange,
  error,
}: {
  picture: AdminPicture | null;
  /** The demo menu's drawing the shop shows while the product has no picture of its own. */
  drawing?: string | null;
  onChange: (picture: AdminPicture | null) => void;
  /** The form's error for `picture_id` (the server refused the picture on save). */
  error?: string | undefined;
}) {
  const { t } = useTranslation('adminProducts', { keyPrefix: 'picture' });
  const id = useId();
  const upload = useUploadPicture();
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<'uploaded' | 'removed' | null>(null);
  const [dragging, setDragging] = useState(false);

  const send = (file: File | undefined) => {
    if (!file) return;
    setStatus(null);
    const local = pictureProblem(file);
    if (local) {
      setProblem(t(local, { mb: MAX_MB }));
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (uploaded) => {
        onChange(uploaded);
        setStatus('uploaded');
      },
      onError: (failure) => setProblem(failure instanceof AdminApiError ? failure.message : t('failed')),
    });
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  const message = problem ?? error ?? null;
  return (
    <fieldset className="product-picture" aria-describedby={`${id}-rules${message ? ` ${id}-error` : ''}`}>
      <legend className="field-label">{t('label')}</legend>
      <div
        className="product-picture-drop"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        {picture ? (
          <img className="product-picture-preview" src={picture.card_url} alt={t('preview')} width={240} height={180} />
        ) : drawing ? (
          <>
            <img className="product-picture-preview" src={drawing} alt={t('preview')} width={240} height={180} />
            <p className="admin-muted">{t('drawing')}</p>
          </>
        ) : (
          <p className="admin-muted">{t('none')}</p>
        )}
        <div className="product-picture-actions">
          <label className="button button-secondary product-picture-choose" htmlFor={`${id}-file`}>
            {picture ? t('replace') : t('choose')}
          </label>
          <input
            id={`${id}-file`}
            className="product-picture-input"
            type="file"
            accept={PICTURE_TYPES.join(',')}
            disabled={upload.isPending}
            onChange={(event) => {
              send(event.target.files?.[0]);
              // The same file again is a new choice (after a refused one was fixed elsewhere).
              event.target.value = '';
            }}
          />
          {picture ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                onChange(null);
                setProblem(null);
                setStatus('removed');
              }}
            >
              {t('remove')}
            </button>
          ) : null}
        </div>
        <p className="admin-hint" aria-hidden="true">
          {t('drop')}
        </p>
      </div>
      <p id={`${id}-rules`} className="admin-hint">
        {t('rules', { mb: MAX_MB, side: MIN_PICTURE_SIDE })}
      </p>
      <p className="admin-muted" role="status">
        {upload.isPending ? t('uploading') : status ? t(status) : ''}
      </p>
      {message ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
