import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, buildTestServer, type TestServer } from '../../../test/helper.ts';
import { createStaffSessionsService, REFRESH_RETRY_GRACE_SECONDS, type StaffSessionsService } from './service.ts';

describe('staff sessions service: a retry of the token just exchanged', () => {
  let server: TestServer;
  let clock: Date;
  let sessions: StaffSessionsService;

  beforeAll(async () => {
    server = await buildTestServer();
    sessions = createStaffSessionsService(server.app.database.db, () => clock);
  });
  afterAll(() => server.close());

  async function signedIn(): Promise<string> {
    clock = new Date('2026-06-15T18:00:00Z');
    const admin = await createTestUser(server.app, { role: 'admin' });
    return (await sessions.start(admin.id, 'Küchen-Tablet')).refreshToken;
  }

  function later(seconds: number): void {
    clock = new Date(clock.getTime() + seconds * 1000);
  }

  async function rotated(token: string): Promise<string> {
    const result = await sessions.rotate(token);
    if (result.kind !== 'ok') throw new Error(`the refresh was refused: ${result.kind}`);
    return result.refreshToken;
  }

  it('gets the same next token until the grace window ends', async () => {
    const first = await signedIn();
    const second = await rotated(first);
    later(REFRESH_RETRY_GRACE_SECONDS);
    expect(await sessions.rotate(first)).toMatchObject({ kind: 'ok', refreshToken: second });
    expect(await rotated(second)).not.toBe(second);
  });

  it('is theft once the grace window has ended: the device is signed out', async () => {
    const first = await signedIn();
    const second = await rotated(first);
    later(REFRESH_RETRY_GRACE_SECONDS + 1);
    expect(await sessions.rotate(first)).toEqual({ kind: 'revoked' });
    expect(await sessions.rotate(second)).toEqual({ kind: 'revoked' });
  });

  it('is theft, even within the window, once the next token has been exchanged too', async () => {
    const first = await signedIn();
    const second = await rotated(first);
    later(1);
    const third = await rotated(second);
    later(1);
    expect(await sessions.rotate(first)).toEqual({ kind: 'revoked' });
    expect(await sessions.rotate(third)).toEqual({ kind: 'revoked' });
  });

  it('gives a signed-out device nothing, however soon it retries', async () => {
    const first = await signedIn();
    await rotated(first);
    await sessions.revokeByToken(first);
    expect(await sessions.rotate(first)).toEqual({ kind: 'revoked' });
  });

  it('derives the same next token in another instance (same database, its own service)', async () => {
    const first = await signedIn();
    const second = await rotated(first);
    const otherInstance = createStaffSessionsService(server.app.database.db, () => clock);
    expect(await otherInstance.rotate(first)).toMatchObject({ kind: 'ok', refreshToken: second });
  });
});
