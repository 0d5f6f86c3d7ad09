import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import * as z from 'zod/mini';
import { CHANNEL_CLOSE, channelAuthSchema, languageSchema, type ChannelError, type Language } from '@pizzeria/domain';
import { sendText } from '../../plugins/websocket.ts';

// How a live channel lets a socket in: the client's one auth message, and the refusals it may get.

/** How long a client may take to send its auth message after the socket opened. */
const AUTH_TIMEOUT_MS = 10_000;

export const UNAUTHORIZED: ChannelError = {
  type: 'error',
  code: 'unauthorized',
  message: 'Send {"type":"auth"} with a valid access_token or tracking_token first',
};
export const NOT_FOUND: ChannelError = { type: 'error', code: 'not_found', message: 'There is no such order' };
export const BAD_MESSAGE: ChannelError = { type: 'error', code: 'bad_message', message: 'Expected {"type":"auth", …}' };
export const UNAVAILABLE: ChannelError = { type: 'error', code: 'unavailable', message: 'Please try again shortly' };
export const TOO_MANY_LOOKUPS: ChannelError = {
  type: 'error',
  code: 'unavailable',
  message: 'Too many orders were asked for with a wrong token from your address: please try again later',
};

export type ChannelAuth = z.infer<typeof channelAuthSchema>;

const langQuerySchema = z.object({ lang: z.optional(languageSchema) });

/** The UI language the client asks for (`?lang=`), else its Accept-Language. */
export function languageOf(request: FastifyRequest): Language {
  const query = langQuerySchema.safeParse(request.query);
  return (query.success && query.data.lang) || request.language;
}

/** Tells the client why and closes its socket. */
export function refuse(socket: WebSocket, error: ChannelError, closeCode: number): void {
  sendText(socket, JSON.stringify(error));
  socket.close(closeCode, error.code);
}

/** A client's `{"type":"auth", …}` message; anything else (not JSON, another shape) fails. */
export function parseAuth(data: RawData) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString());
  } catch {
    parsed = undefined;
  }
  return channelAuthSchema.safeParse(parsed);
}

/**
 * Waits for the client's one auth message (credentials travel in a message, not in the URL that
 * proxies log) and hands it over; a client that sends garbage or nothing in time is closed.
 */
export function onAuthMessage(socket: WebSocket, handle: (auth: ChannelAuth) => Promise<void>): void {
  const timeout = setTimeout(() => refuse(socket, UNAUTHORIZED, CHANNEL_CLOSE.unauthorized), AUTH_TIMEOUT_MS);
  socket.once('close', () => clearTimeout(timeout));
  socket.once('message', (data: RawData) => {
    clearTimeout(timeout);
    const auth = parseAuth(data);
    if (!auth.success) {
      refuse(socket, BAD_MESSAGE, CHANNEL_CLOSE.badMessage);
      return;
    }
    void handle(auth.data).catch(() => refuse(socket, UNAVAILABLE, 1011));
  });
}
