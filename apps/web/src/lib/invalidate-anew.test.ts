import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { invalidateAnew } from './invalidate-anew.ts';
import { createTestQueryClient } from './testing.tsx';

/** A read that answers when the test says, with what the server held when it began. */
function heldReads() {
  let server = 'before the change';
  const answers: (() => void)[] = [];
  const read = () => {
    const held = server;
    return new Promise<string>((resolve) => answers.push(() => resolve(held)));
  };
  return {
    read,
    answers,
    change: () => (server = 'after the change'),
  };
}

describe('invalidateAnew', () => {
  it('reads a watched query anew when the change comes during its first read', async () => {
    const queryClient = createTestQueryClient();
    const reads = heldReads();
    const observer = new QueryObserver(queryClient, { queryKey: ['order', 1], queryFn: reads.read });
    const shown: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => shown.push(result.data));
    expect(reads.answers).toHaveLength(1);

    reads.change();
    const invalidated = invalidateAnew(queryClient, { queryKey: ['order'] });
    // The first read began before the change: a second one must begin after it.
    await vi.waitFor(() => expect(reads.answers).toHaveLength(2));
    reads.answers[1]?.();
    reads.answers[0]?.();
    await invalidated;

    expect(queryClient.getQueryData(['order', 1])).toBe('after the change');
    expect(shown).not.toContain('before the change');
    unsubscribe();
  });

  it('reads a watched query with data anew, and leaves a query nobody watches stale for its next reader', async () => {
    const queryClient = createTestQueryClient();
    const reads = heldReads();
    queryClient.setQueryData(['order', 1], 'shown');
    queryClient.setQueryData(['order', 2], 'not shown');
    const observer = new QueryObserver(queryClient, { queryKey: ['order', 1], queryFn: reads.read });
    const unsubscribe = observer.subscribe(() => undefined);

    reads.change();
    const invalidated = invalidateAnew(queryClient, { queryKey: ['order'] });
    await vi.waitFor(() => expect(reads.answers).toHaveLength(1));
    reads.answers[0]?.();
    await invalidated;

    expect(reads.answers).toHaveLength(1);
    expect(queryClient.getQueryData(['order', 1])).toBe('after the change');
    expect(queryClient.getQueryState(['order', 2])?.isInvalidated).toBe(true);
    unsubscribe();
  });
});
