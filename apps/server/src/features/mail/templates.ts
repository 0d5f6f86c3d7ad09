import {
  formatMoney,
  formatNumber,
  localeFor,
  mapLink,
  toCents,
  type Currency,
  type Language,
  type Order,
} from '@pizzeria/domain';

/** A rendered mail: what `app.mail.send` needs besides the kind and the recipient. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface TemplateContext {
  /** The restaurant's name as it signs its mails. */
  shopName: string;
  /** The shop's public address (`PUBLIC_URL`), without a trailing slash. */
  publicUrl: string;
  /** Times in order mails are shown in the store's time zone. */
  timeZone: string;
  currency: Currency;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** One block of a mail: a paragraph, or rows of label and value (order lines, totals). */
type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'rows'; rows: [string, string][] };

function render(subject: string, greeting: string, blocks: Block[], signature: string): RenderedMail {
  const text = [greeting, '']
    .concat(
      blocks.flatMap((block) => {
        if (block.kind === 'paragraph') return [block.text, ''];
        if (block.kind === 'link') return [`${block.text}:`, block.href, ''];
        return [...block.rows.map(([label, value]) => (value ? `${label}  ${value}` : label)), ''];
      }),
    )
    .concat([signature])
    .join('\n');
  const htmlBlocks = blocks.map((block) => {
    if (block.kind === 'paragraph') return `<p>${escapeHtml(block.text)}</p>`;
    if (block.kind === 'link') return `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.text)}</a></p>`;
    const rows = block.rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" style="border-collapse:collapse">${rows}</table>`;
  });
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...htmlBlocks,
    `<p>${escapeHtml(signature).replaceAll('\n', '<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

function greetingFor(language: Language, name: string): string {
  const trimmed = name.trim();
  if (language === 'de') return trimmed ? `Hallo ${trimmed},` : 'Hallo,';
  return trimmed ? `Hello ${trimmed},` : 'Hello,';
}

function signatureFor(language: Language, context: TemplateContext): string {
  return language === 'de' ? `Viele Grüße\n${context.shopName}` : `Kind regards\n${context.shopName}`;
}

/** Text in both languages; the mail takes its reader's. */
type Both = Record<Language, string>;

/**
 * A short mail about one account: a paragraph, maybe a link to act on, maybe a paragraph after it, greeted
 * by name and signed by the restaurant.
 */
export function shortMail(
  language: Language,
  context: TemplateContext,
  name: string,
  mail: { subject: Both; before: Both; link?: Both & { href: string }; after?: Both },
): RenderedMail {
  const blocks: Block[] = [{ kind: 'paragraph', text: mail.before[language] }];
  if (mail.link) blocks.push({ kind: 'link', text: mail.link[language], href: mail.link.href });
  if (mail.after) blocks.push({ kind: 'paragraph', text: mail.after[language] });
  return render(mail.subject[language], greetingFor(language, name), blocks, signatureFor(language, context));
}

export function passwordResetMail(
  language: Language,
  data: { name: string; link: string },
  context: TemplateContext,
): RenderedMail {
  return shortMail(language, context, data.name, {
    subject: { de: `Ihr Passwort bei ${context.shopName} zurücksetzen`, en: `Reset your ${context.shopName} password` },
    before: {
      de: 'Sie haben angefordert, Ihr Passwort zurückzusetzen. Über diesen Link wählen Sie ein neues; er gilt eine Stunde und nur einmal.',
      en: 'You asked to reset your password. Use this link to choose a new one; it works once and for one hour.',
    },
    link: { de: 'Neues Passwort wählen', en: 'Choose a new password', href: data.link },
    after: {
      de: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail einfach: Ihr Passwort bleibt, wie es ist.',
      en: 'If this was not you, just ignore this email: your password stays as it is.',
    },
  });
}

/** What the mail says of how the order is paid: cash, or where its PayPal payment stands. */
function paymentLabel(language: Language, order: Order): string {
  const de = language === 'de';
  if (order.payment_method === 'cash') return de ? 'Barzahlung' : 'Cash';
  switch (order.payment_status) {
    case 'paid':
      return de ? 'Bezahlt mit PayPal' : 'Paid with PayPal';
    case 'refund_pending':
    case 'refund_failed':
      // A failed refund is the staff's to retry; for the customer it is still on its way.
      return de ? 'PayPal – wird erstattet' : 'PayPal – being refunded';
    case 'refunded':
      return de ? 'PayPal – erstattet' : 'PayPal – refunded';
    case 'reversed':
      return de ? 'PayPal – zurückgebucht' : 'PayPal – reversed';
    case 'pending':
      return de ? 'PayPal – Zahlung wird geprüft' : 'PayPal – payment being checked';
    case 'unpaid':
    case 'declined':
    case null:
      return de ? 'PayPal – noch nicht bezahlt' : 'PayPal – not paid yet';
  }
}

/**
 * For an order paid with PayPal and then rejected or cancelled: the server refunds the capture in full
 * by itself, so the mail says so; null when nothing was paid online.
 */
function refundParagraph(language: Language, order: Order, amount: string): Block | null {
  const de = language === 'de';
  if (order.payment_method !== 'paypal') return null;
  if (order.payment_status === 'refunded') {
    return {
      kind: 'paragraph',
      text: de
        ? `Den vollen Betrag von ${amount} haben wir Ihnen auf Ihr PayPal-Konto erstattet. Die Gutschrift ist dort meist innerhalb weniger Tage zu sehen.`
        : `We have refunded the full amount of ${amount} to your PayPal account. It usually shows there within a few days.`,
    };
  }
  if (
    order.payment_status === 'paid' ||
    order.payment_status === 'refund_pending' ||
    order.payment_status === 'refund_failed'
  ) {
    return {
      kind: 'paragraph',
      text: de
        ? `Den vollen Betrag von ${amount} erstatten wir Ihnen automatisch auf Ihr PayPal-Konto. Die Gutschrift ist dort meist innerhalb weniger Tage zu sehen.`
        : `The full amount of ${amount} is refunded to your PayPal account automatically. It usually shows there within a few days.`,
    };
  }
  return null;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time in mails ("15.06.2026, 12:30"): one formatter per locale and zone, as making one is slow. */
function dateTimeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}\u0000${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** Where a pickup order is collected: the restaurant's name and its address as the store settings keep it. */
export interface PickupPlace {
  name: string;
  address: string;
}

/**
 * `ready`: pickup ready to collect, or a delivery on its way; `cancelled`: an accepted order called off by
 * the restaurant; `cancelled_by_customer`: the customer called it off before the restaurant answered.
 */
export type OrderMailKind = 'received' | 'accepted' | 'rejected' | 'ready' | 'cancelled' | 'cancelled_by_customer';

/**
 * The mail about an order, its lines and totals; `order` is already rendered in `language`. A pickup order
 * names `place`, where it is collected, with a link to a map.
 */
export function orderMail(
  kind: OrderMailKind,
  language: Language,
  order: Order,
  context: TemplateContext,
  place?: PickupPlace,
): RenderedMail {
  const de = language === 'de';
  const locale = localeFor(language);
  const money = (amount: number) => formatMoney(toCents(amount), locale, context.currency);
  const number = (value: number) => formatNumber(value, locale);
  const time = (iso: string) => dateTimeFormat(locale, context.timeZone).format(new Date(iso));

  const pickup = order.order_type === 'pickup';
  const subjects: Record<OrderMailKind, string> = {
    received: de ? `Ihre Bestellung Nr. ${order.id} ist eingegangen` : `We have received your order no. ${order.id}`,
    accepted: de ? `Ihre Bestellung Nr. ${order.id} ist angenommen` : `Your order no. ${order.id} is accepted`,
    rejected: de
      ? `Ihre Bestellung Nr. ${order.id} konnte nicht angenommen werden`
      : `Your order no. ${order.id} could not be accepted`,
    ready: pickup
      ? de
        ? `Ihre Bestellung Nr. ${order.id} ist abholbereit`
        : `Your order no. ${order.id} is ready to collect`
      : de
        ? `Ihre Bestellung Nr. ${order.id} ist unterwegs`
        : `Your order no. ${order.id} is on its way`,
    cancelled: de ? `Ihre Bestellung Nr. ${order.id} wurde storniert` : `Your order no. ${order.id} has been cancelled`,
    cancelled_by_customer: de
      ? `Sie haben Ihre Bestellung Nr. ${order.id} storniert`
      : `You have cancelled your order no. ${order.id}`,
  };
  const blocks: Block[] = [];
  if (kind === 'received') {
    blocks.push({
      kind: 'paragraph',
      text: de
        ? 'Danke für Ihre Bestellung! Sie wartet jetzt auf die Bestätigung des Restaurants; wir schreiben Ihnen, sobald es sie annimmt.'
        : 'Thank you for your order! It is now waiting for the restaurant to confirm it; we will write to you as soon as it is accepted.',
    });
  } else if (kind === 'accepted') {
    const eta = order.eta_at ? time(order.eta_at) : null;
    const minutes = order.eta_minutes;
    let when = '';
    if (eta && minutes !== null) {
      when = de
        ? ` ${pickup ? 'Abholbereit' : 'Bei Ihnen'} voraussichtlich in ${minutes} Minuten (${eta}).`
        : ` ${pickup ? 'Ready for pickup' : 'At your door'} in about ${minutes} minutes (${eta}).`;
    } else if (eta) {
      when = de ? ` Voraussichtlich fertig: ${eta}.` : ` Expected: ${eta}.`;
    }
    blocks.push({
      kind: 'paragraph',
      text: (de ? 'Das Restaurant hat Ihre Bestellung angenommen.' : 'The restaurant has accepted your order.') + when,
    });
  } else if (kind === 'ready') {
    blocks.push({
      kind: 'paragraph',
      text: pickup
        ? de
          ? 'Ihre Bestellung ist fertig und wartet im Restaurant auf Sie. Guten Appetit!'
          : 'Your order is ready and waiting for you at the restaurant. Enjoy your meal!'
        : de
          ? 'Ihre Bestellung hat das Restaurant verlassen und ist auf dem Weg zu Ihnen. Guten Appetit!'
          : 'Your order has left the restaurant and is on its way to you. Enjoy your meal!',
    });
  } else if (kind === 'cancelled') {
    blocks.push({
      kind: 'paragraph',
      text: de
        ? 'Leider musste das Restaurant Ihre Bestellung stornieren. Bitte entschuldigen Sie die Unannehmlichkeiten.'
        : 'Sorry, the restaurant had to cancel your order. We apologise for the inconvenience.',
    });
    if (order.cancellation_reason) {
      blocks.push({ kind: 'paragraph', text: `${de ? 'Grund' : 'Reason'}: ${order.cancellation_reason}` });
    }
    const refund = refundParagraph(language, order, money(order.total));
    if (refund) blocks.push(refund);
    blocks.push({
      kind: 'paragraph',
      text: de ? 'Rufen Sie uns gern an, wir helfen weiter.' : 'Do give us a call, we are glad to help.',
    });
  } else if (kind === 'cancelled_by_customer') {
    blocks.push({
      kind: 'paragraph',
      text: de
        ? 'Wie gewünscht haben wir Ihre Bestellung storniert, bevor das Restaurant sie angenommen hat. Sie wird nicht zubereitet.'
        : 'As you asked, we have cancelled your order before the restaurant accepted it. It will not be prepared.',
    });
    const refund = refundParagraph(language, order, money(order.total));
    if (refund) blocks.push(refund);
    blocks.push({
      kind: 'paragraph',
      text: de ? 'Bestellen Sie gern jederzeit wieder bei uns.' : 'We look forward to your next order.',
    });
  } else {
    blocks.push({
      kind: 'paragraph',
      text: de
        ? 'Leider konnte das Restaurant Ihre Bestellung nicht annehmen.'
        : "Sorry, the restaurant couldn't accept your order.",
    });
    if (order.rejection_reason) {
      blocks.push({ kind: 'paragraph', text: `${de ? 'Grund' : 'Reason'}: ${order.rejection_reason}` });
    }
    const refund = refundParagraph(language, order, money(order.total));
    if (refund) blocks.push(refund);
  }

  const lines: [string, string][] = [];
  for (const item of order.items) {
    lines.push([`${item.quantity} × ${item.display_name}`, money(item.line_total)]);
    const extraLabel = (extra: Order['items'][number]['extras'][number]) =>
      extra.quantity > 1 ? `${extra.quantity} × ${extra.name}` : extra.name;
    for (const extra of item.extras) lines.push([`    + ${extraLabel(extra)}`, '']);
    // A half-and-half pizza's toppings, under the half they are on.
    for (const half of item.halves ?? []) {
      if (half.extras.length === 0) continue;
      lines.push([`    ½ ${half.name}: + ${half.extras.map(extraLabel).join(', ')}`, '']);
    }
    // The deposit is not in the line's price (PAngV): named under it, added up in its own total row.
    if (item.deposit_total > 0) {
      lines.push([
        de ? `    zzgl. ${money(item.deposit_total)} Pfand` : `    plus ${money(item.deposit_total)} deposit`,
        '',
      ]);
    }
  }
  blocks.push({ kind: 'rows', rows: lines });

  const totals: [string, string][] = [[de ? 'Zwischensumme' : 'Subtotal', money(order.subtotal)]];
  if (order.discount > 0) {
    // Named as the checkout named it; an order stored without its code had the discount of its type.
    const pickupDiscount =
      (order.discount_code ?? (pickup ? 'PICKUP_DISCOUNT' : 'DELIVERY_DISCOUNT')) === 'PICKUP_DISCOUNT';
    const name = pickupDiscount ? (de ? 'Abholrabatt' : 'Pickup discount') : de ? 'Lieferrabatt' : 'Delivery discount';
    totals.push([`${name} (${number(order.discount_percentage)} %)`, `−${money(order.discount)}`]);
  }
  if (order.voucher_code && order.voucher_discount) {
    totals.push([`${de ? 'Gutschein' : 'Voucher'} ${order.voucher_code}`, `−${money(order.voucher_discount)}`]);
  }
  if (order.deposit > 0) totals.push([de ? 'Pfand' : 'Deposit', money(order.deposit)]);
  if (order.order_type === 'delivery') totals.push([de ? 'Liefergebühr' : 'Delivery fee', money(order.delivery_fee)]);
  totals.push([de ? 'Gesamt' : 'Total', money(order.total)]);
  for (const share of order.vat) {
    totals.push([
      de ? `enthaltene MwSt. ${number(share.percentage)} %` : `incl. VAT ${number(share.percentage)} %`,
      money(share.amount),
    ]);
  }
  blocks.push({ kind: 'rows', rows: totals });

  const payment = paymentLabel(language, order);
  const requested = order.requested_time
    ? time(order.requested_time)
    : de
      ? 'so schnell wie möglich'
      : 'as soon as possible';
  const details: [string, string][] = [];
  if (order.order_type === 'pickup') {
    details.push([de ? 'Abholung' : 'Pickup', requested]);
    if (place?.address) details.push([de ? 'Abholen bei' : 'Collect from', `${place.name}, ${place.address}`]);
  } else {
    const address = [order.address.line1, order.address.line2, `${order.address.zip} ${order.address.city}`.trim()]
      .filter((part): part is string => Boolean(part))
      .join(', ');
    details.push([de ? 'Lieferung' : 'Delivery', requested], [de ? 'An' : 'To', `${order.customer_name}, ${address}`]);
  }
  details.push([de ? 'Zahlung' : 'Payment', payment]);
  if (order.note) details.push([de ? 'Anmerkung' : 'Note', order.note]);
  blocks.push({ kind: 'rows', rows: details });
  if (pickup && place?.address) {
    blocks.push({
      kind: 'link',
      text: de ? 'Weg zum Restaurant (Karte)' : 'Directions (map)',
      href: mapLink(place.address),
    });
  }

  if (order.tracking_token) {
    const href = `${context.publicUrl}/order-online/order/${order.id}?token=${encodeURIComponent(order.tracking_token)}`;
    blocks.push({ kind: 'link', text: de ? 'Bestellung verfolgen' : 'Track your order', href });
  }

  return render(subjects[kind], greetingFor(language, order.customer_name), blocks, signatureFor(language, context));
}
