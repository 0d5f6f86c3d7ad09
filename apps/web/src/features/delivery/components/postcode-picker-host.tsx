import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { whenIdle } from '../../../lib/when-idle.ts';
import { postcodesQueryOptions } from '../api/get-postcodes.ts';
import { useBackCloses } from '../../../lib/back-closes.ts';
import { closePostcodePicker, usePostcodePicker } from '../picker-store.ts';

const loadPicker = () => import('./postcode-picker.tsx');
const PostcodePicker = lazy(loadPicker);

/**
 * Mounts the postcode picker (a lazy chunk) once someone opens it. While the browser is idle the
 * chunk and the list of delivery areas are fetched ahead, so the dialog opens at once.
 */
export function PostcodePickerHost() {
  const requested = usePostcodePicker((state) => state.requested);
  useBackCloses(
    usePostcodePicker((state) => state.open),
    closePostcodePicker,
  );
  const queryClient = useQueryClient();
  useEffect(
    () =>
      whenIdle(() => {
        loadPicker().catch(() => undefined);
        void queryClient.prefetchQuery(postcodesQueryOptions());
      }),
    [queryClient],
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <PostcodePicker />
    </Suspense>
  );
}
