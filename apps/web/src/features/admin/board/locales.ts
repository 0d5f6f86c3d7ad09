import { defineTranslations } from '../../../i18n/define.ts';

/** Texts of the orders board (the back office's dashboard). */
export const adminBoardTexts = defineTranslations(
  {
    columns: {
      waiting: 'Neu',
      accepted: 'In der Küche',
      ready: 'Fertig / unterwegs',
      done: 'Heute erledigt',
    },
    column_empty: {
      waiting: 'Keine neue Bestellung.',
      accepted: 'Nichts in der Küche.',
      ready: 'Nichts wartet auf Abholung oder Fahrer.',
      done: 'Heute noch nichts erledigt.',
    },
    shift: {
      title: 'Schicht starten',
      text: 'Damit das Tablet bei neuen Bestellungen klingelt, wach bleibt und Sie benachrichtigt, starten Sie die Schicht mit einem Tipp.',
      start: 'Schicht starten',
      running: 'Schicht läuft',
      sound_on: 'Ton: an',
      sound_off: 'Ton: aus',
      mute: 'Ton ausschalten',
      unmute: 'Ton einschalten',
    },
    banner: {
      blocked: 'Der Ton ist blockiert: neue Bestellungen klingeln nicht.',
      muted: 'Der Ton ist ausgeschaltet: neue Bestellungen klingeln nicht.',
      enable: 'Ton einschalten',
      lost: 'Keine Verbindung zum Server seit {{since}}. Neue Bestellungen kommen gerade nicht an – prüfen Sie das WLAN.',
      screen_may_sleep:
        'Bildschirm kann ausgehen – der Browser hält ihn nicht wach. In den Einstellungen des Tablets die automatische Bildschirmsperre abschalten.',
    },
    rush: {
      text_one:
        '{{count}} Gastbestellung wartet auf Antwort, in {{slots}} Zeitfenstern sind die Plätze für Gäste belegt: weitere Gäste werden abgewiesen oder später eingeplant. Echte Bestellungen bitte annehmen; sind sie erfunden, pausieren Sie Online-Bestellungen.',
      text_other:
        '{{count}} Gastbestellungen warten auf Antwort, in {{slots}} Zeitfenstern sind die Plätze für Gäste belegt: weitere Gäste werden abgewiesen oder später eingeplant. Echte Bestellungen bitte annehmen; sind sie erfunden, pausieren Sie Online-Bestellungen.',
      kitchen_text_one:
        '{{count}} Gastbestellung wartet auf Antwort, in {{slots}} Zeitfenstern sind die Plätze für Gäste belegt: weitere Gäste werden abgewiesen oder später eingeplant. Echte Bestellungen bitte annehmen; sind sie erfunden, sagen Sie es der Schichtleitung.',
      kitchen_text_other:
        '{{count}} Gastbestellungen warten auf Antwort, in {{slots}} Zeitfenstern sind die Plätze für Gäste belegt: weitere Gäste werden abgewiesen oder später eingeplant. Echte Bestellungen bitte annehmen; sind sie erfunden, sagen Sie es der Schichtleitung.',
      pause: 'Online-Bestellungen pausieren',
      paused: 'Online-Bestellungen sind pausiert, bis Sie sie in den Einstellungen fortsetzen.',
      pause_failed: 'Pausieren hat nicht geklappt. Bitte erneut versuchen.',
    },
    connection: {
      live: 'Live verbunden',
      connecting: 'Verbinde …',
      offline: 'Verbindung unterbrochen – verbinde neu …',
    },
    card: {
      asap: 'Sofort',
      for_time: 'für {{time}}',
      waiting_for: 'wartet seit {{minutes}} Min.',
      waiting_under_minute: 'gerade eingegangen',
      promised: 'zugesagt {{time}}',
      due_soon: 'in {{minutes}} Min.',
      due_now: 'jetzt fällig',
      late: '{{minutes}} Min. überfällig',
      new: 'Neu – bitte öffnen',
      items_one: '{{count}} Artikel',
      items_other: '{{count}} Artikel',
    },
    dialog: {
      title: 'Bestellung #{{number}}',
      cancelled_by_customer:
        'Der Kunde hat diese Bestellung storniert, bevor sie angenommen wurde. Bitte nicht zubereiten.',
      close: 'Schließen',
      print: 'Bon drucken',
      loading: 'Bestellung wird geladen …',
    },
    today: {
      open: 'Tageszahlen',
    },
    accept: {
      heading: 'Annehmen',
      asap_label: 'Minuten bis zur Lieferung',
      asap_label_pickup: 'Minuten bis zur Abholung',
      minutes: 'Minuten',
      minutes_invalid: 'Bitte 1 bis 240 Minuten angeben.',
      submit: 'Annehmen – in {{minutes}} Min.',
      told: 'Beim Bestellen genannt: {{time}}',
      earlier_than_told:
        'Achtung: früher als die {{time}}, die dem Kunden beim Bestellen genannt wurden. Annehmen geht trotzdem.',
      preorder: 'Gewünscht für {{time}}.',
      confirm: 'Für {{time}} bestätigen',
      delay_label: 'Oder später zusagen',
      delay: '+{{minutes}} Min.',
      confirm_later: 'Für {{time}} zusagen',
    },
    reject: {
      heading: 'Ablehnen',
      reason_label: 'Grund (sieht der Kunde)',
      other: 'Anderer Grund',
      other_placeholder: 'Grund eingeben',
      reason_required: 'Bitte einen Grund wählen oder eingeben.',
      submit: 'Ablehnen',
      reasons: {
        busy: 'Wir haben gerade zu viele Bestellungen.',
        sold_out: 'Ein Artikel ist leider ausverkauft.',
        closing: 'Wir schließen in Kürze.',
        area: 'Wir können diese Adresse heute nicht beliefern.',
      },
    },
    cancel: {
      heading: 'Stornieren',
      reason_label: 'Grund (sieht der Kunde)',
      submit: 'Bestellung stornieren',
      reasons: {
        no_driver: 'Wir haben leider keinen Fahrer mehr frei.',
        kitchen: 'In der Küche ist ein Problem aufgetreten.',
        customer: 'Auf Wunsch des Kunden storniert.',
      },
    },
    refund: {
      automatic: 'Bezahlt mit PayPal: {{amount}} werden dem Kunden automatisch auf sein PayPal-Konto erstattet.',
      failed_heading: 'Erstattung fehlgeschlagen',
      failed_text:
        'PayPal hat die Erstattung von {{amount}} nicht ausgeführt. Der Kunde hat sein Geld noch nicht zurück.',
      retry: 'Erneut erstatten',
      retrying: 'Wird erstattet …',
    },
    reviews: {
      title: 'Zahlungen prüfen',
      intro: 'Diese PayPal-Zahlungen brauchen Sie. Sie bleiben hier stehen, bis sie erledigt sind.',
      heading: '#{{number}} · {{name}} · {{amount}}',
      order_line: 'Tel. {{phone}} · bestellt {{placed}} · {{status}}',
      paid_cash: 'bar bezahlt',
      what: {
        refund_failed:
          'Die Erstattung von {{amount}} an den Kunden ist fehlgeschlagen: Er hat sein Geld noch nicht zurück.',
        refund_held: 'PayPal hält die Erstattung von {{amount}} noch zurück: Der Kunde hat sein Geld noch nicht.',
        reversed: 'PayPal hat {{amount}} vom Shop zurückgebucht (Rückbuchung oder Käuferschutz-Fall).',
      },
      reason: 'Grund laut PayPal: {{reason}}',
      next_try: 'Nächster automatischer Versuch: {{time}}.',
      no_next_try: 'Kein automatischer Versuch mehr geplant.',
      todo: {
        refund_failed:
          'Zu tun: Erstattung erneut versuchen (reicht das PayPal-Guthaben nicht, erst aufladen) – oder den Betrag in PayPal selbst erstatten (Transaktion {{capture}}) und hier als erledigt markieren.',
        refund_held:
          'Zu tun: In PayPal nachsehen, warum die Erstattung wartet (Transaktion {{capture}}), und hier als erledigt markieren.',
        reversed:
          'Zu tun: Den Fall in PayPal prüfen und beantworten (Transaktion {{capture}}), dann hier als erledigt markieren.',
      },
      retry: 'Erstattung erneut versuchen',
      retrying: 'Wird erstattet …',
      done: 'In PayPal erledigt',
      marking: 'Wird gespeichert …',
    },
    steps: {
      ready_pickup: 'Fertig zur Abholung',
      ready_delivery: 'Unterwegs',
      complete_pickup: 'Abgeholt',
      complete_delivery: 'Zugestellt',
      working: 'Wird gespeichert …',
    },
    notification: {
      title: 'Neue Bestellung #{{number}}',
      body: '{{type}} · {{total}} · {{name}}',
    },
    settings: {
      open: 'Einstellungen',
      title: 'Einstellungen der Bestelltafel',
      auto_pause: 'Online-Bestellungen pausieren, wenn keine Tafel geöffnet ist',
      auto_pause_after: 'Pause nach Minuten ohne Tafel',
      auto_reject_after: 'Unbeantwortete Bestellungen ablehnen nach Minuten',
      louder_after: 'Lauter klingeln nach Minuten',
      print_on_accept: 'Bon beim Annehmen drucken',
      save: 'Speichern',
      saving: 'Wird gespeichert …',
      saved: 'Gespeichert.',
      range: 'Bitte eine Zahl von {{min}} bis {{max}} angeben.',
    },
  },
  {
    columns: {
      waiting: 'New',
      accepted: 'In the kitchen',
      ready: 'Ready / on its way',
      done: 'Done today',
    },
    column_empty: {
      waiting: 'No new order.',
      accepted: 'Nothing in the kitchen.',
      ready: 'Nothing waiting for pickup or a driver.',
      done: 'Nothing done yet today.',
    },
    shift: {
      title: 'Start shift',
      text: 'So that this tablet rings for new orders, stays awake and notifies you, start the shift with one tap.',
      start: 'Start shift',
      running: 'Shift running',
      sound_on: 'Sound: on',
      sound_off: 'Sound: off',
      mute: 'Turn sound off',
      unmute: 'Turn sound on',
    },
    banner: {
      blocked: 'Sound is blocked: new orders will not ring.',
      muted: 'Sound is off: new orders will not ring.',
      enable: 'Turn sound on',
      lost: 'No connection to the server since {{since}}. New orders are not arriving – check the Wi-Fi.',
      screen_may_sleep:
        'The screen may turn off – the browser cannot keep it awake. Switch off auto-lock in the tablet’s settings.',
    },
    rush: {
      text_one:
        '{{count}} guest order is waiting for an answer, and the guest places of {{slots}} time slots are taken: more guests are turned away or scheduled later. Please accept real orders; if they are invented, pause online orders.',
      text_other:
        '{{count}} guest orders are waiting for an answer, and the guest places of {{slots}} time slots are taken: more guests are turned away or scheduled later. Please accept real orders; if they are invented, pause online orders.',
      kitchen_text_one:
        '{{count}} guest order is waiting for an answer, and the guest places of {{slots}} time slots are taken: more guests are turned away or scheduled later. Please accept real orders; if they are invented, tell the shift manager.',
      kitchen_text_other:
        '{{count}} guest orders are waiting for an answer, and the guest places of {{slots}} time slots are taken: more guests are turned away or scheduled later. Please accept real orders; if they are invented, tell the shift manager.',
      pause: 'Pause online orders',
      paused: 'Online orders are paused until you resume them in the settings.',
      pause_failed: 'Pausing did not work. Please try again.',
    },
    connection: {
      live: 'Live',
      connecting: 'Connecting …',
      offline: 'Connection lost – reconnecting …',
    },
    card: {
      asap: 'ASAP',
      for_time: 'for {{time}}',
      waiting_for: 'waiting {{minutes}} min',
      waiting_under_minute: 'just in',
      promised: 'promised {{time}}',
      due_soon: 'due in {{minutes}} min',
      due_now: 'due now',
      late: '{{minutes}} min late',
      new: 'New – tap to open',
      items_one: '{{count}} item',
      items_other: '{{count}} items',
    },
    dialog: {
      title: 'Order #{{number}}',
      cancelled_by_customer: 'The customer cancelled this order before it was accepted. Please do not prepare it.',
      close: 'Close',
      print: 'Print ticket',
      loading: 'Loading the order …',
    },
    today: {
      open: 'Today’s figures',
    },
    accept: {
      heading: 'Accept',
      asap_label: 'Minutes until delivery',
      asap_label_pickup: 'Minutes until pickup',
      minutes: 'Minutes',
      minutes_invalid: 'Please give 1 to 240 minutes.',
      submit: 'Accept – in {{minutes}} min',
      told: 'Told at checkout: {{time}}',
      earlier_than_told: 'Note: earlier than the {{time}} the customer was told at checkout. You can still accept.',
      preorder: 'Requested for {{time}}.',
      confirm: 'Confirm for {{time}}',
      delay_label: 'Or promise later',
      delay: '+{{minutes}} min',
      confirm_later: 'Promise for {{time}}',
    },
    reject: {
      heading: 'Reject',
      reason_label: 'Reason (the customer sees it)',
      other: 'Other reason',
      other_placeholder: 'Type a reason',
      reason_required: 'Please choose or type a reason.',
      submit: 'Reject',
      reasons: {
        busy: 'We have too many orders right now.',
        sold_out: 'An item is sold out, sorry.',
        closing: 'We are closing shortly.',
        area: 'We cannot deliver to this address today.',
      },
    },
    cancel: {
      heading: 'Cancel',
      reason_label: 'Reason (the customer sees it)',
      submit: 'Cancel order',
      reasons: {
        no_driver: 'We have no driver available, sorry.',
        kitchen: 'Something went wrong in the kitchen.',
        customer: 'Cancelled at the customer’s request.',
      },
    },
    refund: {
      automatic: 'Paid with PayPal: {{amount}} is refunded to the customer’s PayPal account automatically.',
      failed_heading: 'Refund failed',
      failed_text: 'PayPal did not carry out the refund of {{amount}}. The customer does not have the money back yet.',
      retry: 'Retry refund',
      retrying: 'Refunding …',
    },
    reviews: {
      title: 'Check payments',
      intro: 'These PayPal payments need you. They stay here until they are settled.',
      heading: '#{{number}} · {{name}} · {{amount}}',
      order_line: 'Phone {{phone}} · ordered {{placed}} · {{status}}',
      paid_cash: 'paid in cash',
      what: {
        refund_failed: 'The refund of {{amount}} to the customer failed: they do not have their money back yet.',
        refund_held: 'PayPal is still holding the refund of {{amount}}: the customer does not have their money yet.',
        reversed: 'PayPal took {{amount}} back from the shop (a chargeback or a buyer protection case).',
      },
      reason: 'PayPal’s reason: {{reason}}',
      next_try: 'Next automatic try: {{time}}.',
      no_next_try: 'No further automatic try is planned.',
      todo: {
        refund_failed:
          'To do: retry the refund (top up the PayPal balance first if it is too low) – or refund the amount in PayPal yourself (transaction {{capture}}) and mark it as done here.',
        refund_held:
          'To do: look up in PayPal why the refund is waiting (transaction {{capture}}), and mark it as done here.',
        reversed: 'To do: check and answer the case in PayPal (transaction {{capture}}), then mark it as done here.',
      },
      retry: 'Retry refund',
      retrying: 'Refunding …',
      done: 'Done in PayPal',
      marking: 'Saving …',
    },
    steps: {
      ready_pickup: 'Ready for pickup',
      ready_delivery: 'On its way',
      complete_pickup: 'Picked up',
      complete_delivery: 'Delivered',
      working: 'Saving …',
    },
    notification: {
      title: 'New order #{{number}}',
      body: '{{type}} · {{total}} · {{name}}',
    },
    settings: {
      open: 'Settings',
      title: 'Orders board settings',
      auto_pause: 'Pause online orders when no board is open',
      auto_pause_after: 'Pause after minutes without a board',
      auto_reject_after: 'Reject unanswered orders after minutes',
      louder_after: 'Ring louder after minutes',
      print_on_accept: 'Print the ticket when accepting',
      save: 'Save',
      saving: 'Saving …',
      saved: 'Saved.',
      range: 'Please give a number from {{min}} to {{max}}.',
    },
  },
);

declare module '../../../i18n/resources.ts' {
  interface LazyNamespaces {
    adminBoard: (typeof adminBoardTexts)['de'];
  }
}
