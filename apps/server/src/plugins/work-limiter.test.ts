import { describe, expect, it } from 'vitest';
import { PasswordWorkBusy } from '../features/accounts/index.ts';
import { createWorkLimiter } from './work-limiter.ts';

describe('work limiter', () => {
  it('runs at most `maxRunning` at once, queues `maxWaiting` and refuses the rest with 503', async () => {
    const run = createWorkLimiter(2, 3, () => new PasswordWorkBusy());
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    const outcomes = Array.from({ length: 10 }, () =>
      run(work).then(
        () => 'done',
        (error: unknown) => (error instanceof PasswordWorkBusy ? 'busy' : 'other'),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(2);
    // Release one at a time until everything admitted has run.
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(2);
    }
    const results = await Promise.all(outcomes);
    expect(results.filter((result) => result === 'done')).toHaveLength(5);
    expect(results.filter((result) => result === 'busy')).toHaveLength(5);
    expect(most).toBe(2);
    expect(new PasswordWorkBusy().statusCode).toBe(503);
  });

  it('frees a turn when the work fails', async () => {
    const run = createWorkLimiter(1, 0, () => new PasswordWorkBusy());
    await expect(run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

describe('a limiter of one', () => {
  it('runs work one at a time in the order it came, past a failure, and refuses more than may wait', async () => {
    const busy = new Error('busy');
    const run = createWorkLimiter(1, 2, () => busy);
    const log: string[] = [];
    let finishFirst = () => {};
    const first = run(
      () =>
        new Promise<void>((resolve) => {
          log.push('first');
          finishFirst = resolve;
        }),
    );
    const failing = expect(
      run(() => {
        log.push('failing');
        return Promise.reject(new Error('broken'));
      }),
    ).rejects.toThrow('broken');
    const last = run(() => {
      log.push('last');
      return Promise.resolve();
    });
    await expect(run(() => Promise.resolve())).rejects.toBe(busy);
    expect(log).toEqual(['first']);
    finishFirst();
    await Promise.all([first, failing, last]);
    expect(log).toEqual(['first', 'failing', 'last']);
    // Nobody waits any more: the next runs straight away.
    await run(() => {
      log.push('again');
      return Promise.resolve();
    });
    expect(log).toEqual(['first', 'failing', 'last', 'again']);
  });
});
