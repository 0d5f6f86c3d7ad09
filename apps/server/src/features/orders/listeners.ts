import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChannelError, Language, Order } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import { sendText } from '../../plugins/websocket.ts';
import { refuse } from './channel-auth.ts';

/**
 * What let a socket in, kept so that it is checked again before every message: a token whose session
 * ended (password reset, role change, expiry) or that names nobody with rights to the order any more gets
 * no further message and its socket is closed.
 */
export interface Grant {
  accessToken: string | undefined;
  trackingToken: string | undefined;
}

export interface Listener {
  socket: WebSocket;
  language: Language;
  grant: Grant;
}

/** A listener of one order; changes heard before its first message is sent are sent after it. */
export interface OrderListener extends Listener {
  ready: boolean;
  missed: boolean;
}

/** The sockets this instance sends changes to: each order page's, and the staff boards'. */
export interface Listeners {
  byOrder: Map<number, Set<OrderListener>>;
  staff: Set<Listener>;
}

/** What the channels need from the server, handed to each of their modules by `channels.ts`. */
export interface ChannelContext {
  listeners: Listeners;
  auth: FastifyInstance['auth'];
  orders: FastifyInstance['orders'];
  db: Db;
}

/** The caller a token names now, or null. */
export type CallerOf = (token: string) => Promise<Caller | null>;

export function emptyListeners(): Listeners {
  return { byOrder: new Map(), staff: new Set() };
}

/** Keeps the listener in the set until its socket closes; `onEmpty` runs when the last one left. */
export function listen<T extends Listener>(set: Set<T>, listener: T, onEmpty?: () => void): void {
  set.add(listener);
  listener.socket.once('close', () => {
    set.delete(listener);
    if (set.size === 0) onEmpty?.();
  });
}

/** Makes the socket a listener of the order; the order is forgotten when its last listener leaves. */
export function listenToOrder(listeners: Listeners, orderId: number, listener: OrderListener): Set<OrderListener> {
  let set = listeners.byOrder.get(orderId);
  if (!set) {
    set = new Set();
    listeners.byOrder.set(orderId, set);
  }
  const own = set;
  listen(own, listener, () => {
    if (listeners.byOrder.get(orderId) === own) listeners.byOrder.delete(orderId);
  });
  return own;
}

/** Stops sending to the listener, tells it why and closes its socket. */
export function drop<T extends Listener>(set: Set<T>, listener: T, error: ChannelError, closeCode: number): void {
  set.delete(listener);
  refuse(listener.socket, error, closeCode);
}

/** Checks each access token once per change, however many of its sockets listen. */
export function tokenChecks(auth: ChannelContext['auth']): CallerOf {
  const checked = new Map<string, Promise<Caller | null>>();
  return (token) => {
    let caller = checked.get(token);
    if (!caller) {
      caller = auth.verifyToken(token);
      checked.set(token, caller);
    }
    return caller;
  };
}

/** Sends the order to the listeners, read and rendered once per language; none is sent when it is gone. */
export async function deliver(
  orders: ChannelContext['orders'],
  orderId: number,
  targets: Listener[],
  event: (order: Order) => string,
): Promise<void> {
  const rendered = new Map<Language, string | null>();
  for (const listener of targets) {
    let text = rendered.get(listener.language);
    if (text === undefined) {
      const order = await orders.view(orderId, listener.language);
      text = order ? event(order) : null;
      rendered.set(listener.language, text);
    }
    if (text) sendText(listener.socket, text);
  }
}
