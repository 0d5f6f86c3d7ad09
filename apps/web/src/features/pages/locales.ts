import { defineTranslations } from '../../i18n/define.ts';

export const pagesTexts = defineTranslations(
  {
    support: {
      title: 'Hilfe & Kontakt',
      page_title: 'Support',
      intro: 'Fragen zu Ihrer Bestellung, zu Allergenen oder zum Liefergebiet? Wir helfen gern weiter.',
      contact_title: 'So erreichen Sie uns',
      phone_title: 'Telefon',
      phone_hint: 'Am schnellsten – während der Öffnungszeiten',
      email_title: 'E-Mail',
      email_hint: 'Wir antworten in der Regel am selben Tag.',
      address_title: 'Adresse',
      address_hint: 'Hier holen Sie Ihre Bestellung ab.',
      hours_title: 'Öffnungszeiten',
      hours_day: 'Tag',
      hours_times: 'Geöffnet',
      hours_closed: 'Geschlossen',
      hours_today: 'Heute',
      hours_timezone: 'Alle Zeiten in Berliner Ortszeit.',
      time_range: '{{from}}–{{to}} Uhr',
      faq_title: 'Häufige Fragen',
      faq_areas_q: 'Wohin liefern Sie – und was kostet die Lieferung?',
      faq_areas_a:
        'Wir liefern in die folgenden Berliner Postleitzahlen. Liefergebühr, Mindestbestellwert und Lieferzeit hängen vom Gebiet ab. Außerhalb dieser Gebiete können Sie gern bei uns abholen.',
      faq_areas_postcode: 'Post\u00ADleit\u00ADzahl',
      faq_areas_fee: 'Liefer\u00ADgebühr',
      faq_areas_minimum: 'Mindest\u00ADbestell\u00ADwert',
      faq_areas_time: 'Liefer\u00ADzeit',
      faq_areas_minutes: 'ca. {{minutes}} Min.',
      faq_areas_free: 'Gratis',
      faq_areas_loading: 'Liefergebiete werden geladen …',
      faq_areas_error: 'Die Liefergebiete konnten gerade nicht geladen werden. Rufen Sie uns gern an.',
      faq_areas_choose: 'Meine Postleitzahl wählen',
      faq_allergens_q: 'Wo finde ich Allergene und Zusatzstoffe?',
      faq_allergens_a:
        'Bei jedem Gericht in der Speisekarte sind die enthaltenen Allergene und Zusatzstoffe angegeben, auch bei den Extras. Unsere Küche verarbeitet Gluten, Milch, Ei, Nüsse und weitere Allergene; Spuren können wir nicht ausschließen. Bei einer schweren Allergie rufen Sie uns bitte vor der Bestellung an.',
      faq_payment_q: 'Wie kann ich bezahlen?',
      faq_payment_a:
        'Sie bezahlen bar – bei Lieferung an der Tür oder bei Abholung an der Theke – oder gleich beim Bestellen mit PayPal. Mit PayPal bezahlen Sie im Fenster von PayPal; Ihre Bestellung geht an die Küche, sobald die Zahlung bestätigt ist. Wird sie nicht innerhalb von 30 Minuten bezahlt, verfällt sie, ohne dass etwas berechnet wird.',
      faq_payment_cash_a: 'Sie bezahlen bar – bei Lieferung an der Tür oder bei Abholung an der Theke.',
      faq_refund_q: 'Wie bekomme ich mein Geld zurück, wenn Sie eine PayPal-Bestellung nicht liefern können?',
      faq_refund_a:
        'Lehnen wir eine mit PayPal bezahlte Bestellung ab oder müssen wir sie stornieren, erstatten wir den vollen Betrag automatisch über PayPal – Sie müssen nichts tun. Sie sehen die Erstattung auf der Seite Ihrer Bestellung und in der E-Mail dazu. PayPal schreibt den Betrag meist innerhalb weniger Tage gut.',
      faq_changes_q: 'Kann ich meine Bestellung noch ändern oder stornieren?',
      faq_changes_a:
        'Ja, solange wir noch nicht mit der Zubereitung begonnen haben. Rufen Sie uns dafür bitte so schnell wie möglich an – telefonisch geht es am schnellsten.',
      faq_changes_call: 'Jetzt anrufen: {{phone}}',
      faq_time_q: 'Wann kommt meine Bestellung?',
      faq_time_a:
        'Die ungefähre Lieferzeit sehen Sie bei Ihrer Postleitzahl. Sobald wir Ihre Bestellung annehmen, nennen wir Ihnen die voraussichtliche Zeit. Abholbestellungen sind meist nach 15 bis 20 Minuten fertig.',
      error: 'Die Kontaktdaten konnten gerade nicht geladen werden.',
    },
    privacy: {
      title: 'Datenschutz & Impressum',
      page_title: 'Datenschutzerklärung',
      intro:
        'Wir nehmen den Schutz Ihrer Daten ernst. Hier erfahren Sie, welche Daten wir bei einer Online-Bestellung verarbeiten, wozu und welche Rechte Sie haben.',
      updated: 'Stand: {{date}}',
      toc: 'Inhalt',
      imprint_title: 'Impressum',
      imprint_text: 'Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG):',
      trade_register: 'Registereintrag: {{register}}',
      vat_id: 'USt-IdNr.: {{id}}',
      contact_phone: 'Telefon: {{phone}}',
      contact_email: 'E-Mail: {{email}}',
      controller_title: '1. Verantwortlicher',
      controller_text:
        'Verantwortlich für die Verarbeitung Ihrer personenbezogenen Daten im Sinne der Datenschutz-Grundverordnung (DSGVO) ist das oben genannte Restaurant. Sie erreichen uns unter den angegebenen Kontaktdaten.',
      data_title: '2. Welche Daten wir verarbeiten',
      data_order:
        'Bestellungen: Name, Telefonnummer, E-Mail-Adresse (freiwillig bei Gastbestellungen), Lieferadresse mit Postleitzahl, die bestellten Gerichte, Ihre Anmerkung, die gewünschte Uhrzeit und die Zahlungsart.',
      data_account:
        'Kundenkonto (wenn Sie sich registrieren): Name, E-Mail-Adresse, Telefonnummer, gespeicherte Adressen und Ihr Passwort – ausschließlich als sicherer, nicht umkehrbarer Hash.',
      data_technical:
        'Technische Daten: Beim Aufruf der Seite verarbeitet unser Server IP-Adresse, Zeitpunkt, aufgerufene Adresse und Browserkennung, um die Seite auszuliefern und vor Missbrauch zu schützen.',
      purposes_title: '3. Zwecke und Rechtsgrundlagen',
      purposes_contract:
        'Wir verarbeiten Ihre Bestell- und Kontodaten, um Ihre Bestellung anzunehmen, zuzubereiten, zu liefern oder zur Abholung bereitzustellen und Sie bei Rückfragen zu erreichen (Art. 6 Abs. 1 lit. b DSGVO – Vertrag und vorvertragliche Maßnahmen).',
      purposes_interest:
        'Technische Daten verarbeiten wir zum sicheren und stabilen Betrieb des Bestellsystems (Art. 6 Abs. 1 lit. f DSGVO – unser berechtigtes Interesse an einem funktionierenden, geschützten Angebot).',
      purposes_legal:
        'Rechnungsrelevante Bestelldaten bewahren wir auf, soweit das Steuer- und Handelsrecht es verlangt (Art. 6 Abs. 1 lit. c DSGVO).',
      storage_title: '4. Speicherung in Ihrem Browser – keine Cookies, kein Tracking',
      storage_text:
        'Damit die Bestellung funktioniert, speichert die Seite einige Angaben im lokalen Speicher Ihres Browsers (Local Storage und Session Storage): Ihren Warenkorb und Ihre Anmerkung, Lieferung oder Abholung, die gewählte Postleitzahl mit Liefergebühr, Ihre Sprache und – nach dem Anmelden – Ihre Sitzung bis zum Schließen des Tabs. Diese Daten bleiben auf Ihrem Gerät, bis Sie sie löschen oder den Warenkorb leeren; sie sind für den von Ihnen gewünschten Dienst unbedingt erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG).',
      storage_none:
        'Wir setzen keine Werbe- oder Analyse-Cookies ein, verwenden keine Tracking- oder Reichweitendienste und laden keine Schriften oder Skripte von fremden Servern.',
      storage_none_paypal:
        'Wir setzen keine Werbe- oder Analyse-Cookies ein, verwenden keine Tracking- oder Reichweitendienste und laden keine Schriften oder Skripte von fremden Servern – mit einer Ausnahme: Wählen Sie an der Kasse PayPal, lädt Ihr Browser die Zahlungsschaltflächen von den Servern von PayPal, die dabei eigene Cookies setzen können (siehe Abschnitt 5).',
      recipients_title: '5. Empfänger',
      recipients_text:
        'Ihre Daten erhalten nur unsere Mitarbeiterinnen und Mitarbeiter, soweit sie sie für Zubereitung und Lieferung brauchen, sowie unser Hosting-Dienstleister, der in unserem Auftrag und nach unseren Weisungen arbeitet (Art. 28 DSGVO). Wir verkaufen keine Daten und geben sie nicht zu Werbezwecken weiter.',
      recipients_paypal:
        'Zahlen Sie mit PayPal, übermitteln wir PayPal (Europe) S.à r.l. et Cie, S.C.A., Luxemburg, den Betrag und die Nummer Ihrer Bestellung. Die Zahlung selbst geschieht im Fenster von PayPal: Ihre PayPal-Zugangsdaten, Konto- oder Kartendaten sieht unser Shop nie. PayPal verarbeitet Ihre Angaben als eigener Verantwortlicher nach seiner Datenschutzerklärung. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Erfüllung des Vertrags, hier: die von Ihnen gewählte Zahlung).',
      retention_title: '6. Speicherdauer',
      retention_text:
        'Bestelldaten speichern wir, solange wir sie für die Abwicklung und mögliche Rückfragen brauchen, und darüber hinaus nur, soweit gesetzliche Aufbewahrungsfristen bestehen (bis zu zehn Jahre für Buchungsbelege nach § 147 AO und § 257 HGB). Ein Kundenkonto besteht, bis Sie es löschen lassen. Server-Protokolle mit IP-Adressen löschen wir nach spätestens 14 Tagen.',
      rights_title: '7. Ihre Rechte',
      rights_text:
        'Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18) und Datenübertragbarkeit (Art. 20). Einer Verarbeitung auf Grundlage unseres berechtigten Interesses können Sie jederzeit widersprechen (Art. 21). Eine erteilte Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3). Eine formlose Nachricht an uns genügt.',
      authority_title: '8. Beschwerderecht bei der Aufsichtsbehörde',
      authority_text:
        'Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren. Für uns zuständig ist die Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin.',
      authority_link: 'www.datenschutz-berlin.de',
      contact_title: '9. Kontakt zum Datenschutz',
      contact_text:
        'Für alle Fragen zum Datenschutz und zur Ausübung Ihrer Rechte schreiben Sie uns an <mail>{{email}}</mail>.',
      loading: 'Angaben werden geladen …',
    },
  },
  {
    support: {
      title: 'Help & contact',
      page_title: 'Support',
      intro: 'Questions about your order, allergens or our delivery area? We are happy to help.',
      contact_title: 'How to reach us',
      phone_title: 'Phone',
      phone_hint: 'Fastest – during opening hours',
      email_title: 'Email',
      email_hint: 'We usually reply the same day.',
      address_title: 'Address',
      address_hint: 'Collect your pickup orders here.',
      hours_title: 'Opening hours',
      hours_day: 'Day',
      hours_times: 'Open',
      hours_closed: 'Closed',
      hours_today: 'Today',
      hours_timezone: 'All times are Berlin local time.',
      time_range: '{{from}}–{{to}}',
      faq_title: 'Frequently asked questions',
      faq_areas_q: 'Where do you deliver – and what does delivery cost?',
      faq_areas_a:
        'We deliver to the following Berlin postcodes. The delivery fee, minimum order and delivery time depend on the area. Outside these areas you are welcome to pick up your order.',
      faq_areas_postcode: 'Postcode',
      faq_areas_fee: 'Delivery fee',
      faq_areas_minimum: 'Minimum order',
      faq_areas_time: 'Delivery time',
      faq_areas_minutes: 'approx. {{minutes}} min',
      faq_areas_free: 'Free',
      faq_areas_loading: 'Loading delivery areas …',
      faq_areas_error: 'The delivery areas could not be loaded just now. Feel free to call us.',
      faq_areas_choose: 'Choose my postcode',
      faq_allergens_q: 'Where can I find allergens and additives?',
      faq_allergens_a:
        'Every dish on the menu lists its allergens and additives, extras included. Our kitchen handles gluten, milk, egg, nuts and other allergens, so we cannot rule out traces. If you have a severe allergy, please call us before you order.',
      faq_payment_q: 'How can I pay?',
      faq_payment_a:
        "You pay in cash – at the door on delivery or at the counter on pickup – or right when you order, with PayPal. With PayPal you pay in PayPal's window; your order goes to the kitchen as soon as the payment is confirmed. If it is not paid within 30 minutes, it expires and nothing is charged.",
      faq_payment_cash_a: 'You pay in cash – at the door on delivery or at the counter on pickup.',
      faq_refund_q: 'How do I get my money back if you cannot deliver a PayPal order?',
      faq_refund_a:
        'If we reject or have to cancel an order paid with PayPal, we refund the full amount through PayPal automatically – you need not do anything. The refund shows on your order page and in the e-mail about it. PayPal usually credits it within a few days.',
      faq_changes_q: 'Can I still change or cancel my order?',
      faq_changes_a:
        'Yes, as long as we have not started preparing it. Please call us as soon as possible – the phone is the fastest way.',
      faq_changes_call: 'Call now: {{phone}}',
      faq_time_q: 'When will my order arrive?',
      faq_time_a:
        'You can see the approximate delivery time next to your postcode. As soon as we accept your order, we tell you the expected time. Pickup orders are usually ready in 15 to 20 minutes.',
      error: 'The contact details could not be loaded just now.',
    },
    privacy: {
      title: 'Privacy & legal notice',
      page_title: 'Privacy Policy',
      intro:
        'We take the protection of your data seriously. Here you can read which data we process when you order online, why, and what rights you have.',
      updated: 'Last updated: {{date}}',
      toc: 'Contents',
      imprint_title: 'Legal notice',
      imprint_text: 'Information according to § 5 of the German Digital Services Act (DDG):',
      trade_register: 'Register entry: {{register}}',
      vat_id: 'VAT ID: {{id}}',
      contact_phone: 'Phone: {{phone}}',
      contact_email: 'Email: {{email}}',
      controller_title: '1. Controller',
      controller_text:
        'The restaurant named above is the controller responsible for processing your personal data within the meaning of the General Data Protection Regulation (GDPR). You can reach us using the contact details given.',
      data_title: '2. What data we process',
      data_order:
        'Orders: name, phone number, email address (optional for guest orders), delivery address with postcode, the dishes ordered, your note, the requested time and the payment method.',
      data_account:
        'Customer account (if you register): name, email address, phone number, saved addresses and your password – only as a secure, irreversible hash.',
      data_technical:
        'Technical data: when you open the site, our server processes your IP address, the time, the address requested and your browser identifier in order to deliver the site and protect it from abuse.',
      purposes_title: '3. Purposes and legal bases',
      purposes_contract:
        'We process your order and account data to accept, prepare and deliver your order or have it ready for pickup, and to contact you with questions about it (Art. 6(1)(b) GDPR – contract and pre-contractual measures).',
      purposes_interest:
        'We process technical data to run the ordering system securely and reliably (Art. 6(1)(f) GDPR – our legitimate interest in a working, protected service).',
      purposes_legal:
        'We keep order data relevant for invoicing as far as tax and commercial law require (Art. 6(1)(c) GDPR).',
      storage_title: '4. Storage in your browser – no cookies, no tracking',
      storage_text:
        'For ordering to work, the site keeps a few details in your browser’s local storage (local storage and session storage): your cart and note, delivery or pickup, the chosen postcode with its delivery fee, your language and – once you log in – your session until you close the tab. This data stays on your device until you delete it or empty the cart; it is strictly necessary for the service you ask for (§ 25(2) no. 2 TDDDG).',
      storage_none:
        'We use no advertising or analytics cookies, no tracking or audience measurement services, and we load no fonts or scripts from third-party servers.',
      storage_none_paypal:
        "We use no advertising or analytics cookies, no tracking or audience measurement services, and we load no fonts or scripts from third-party servers – with one exception: when you choose PayPal at checkout, your browser loads the payment buttons from PayPal's servers, which may set their own cookies (see section 5).",
      recipients_title: '5. Recipients',
      recipients_text:
        'Your data is only seen by our staff as far as they need it to prepare and deliver your order, and by our hosting provider, who works on our behalf and under our instructions (Art. 28 GDPR). We never sell your data or share it for advertising.',
      recipients_paypal:
        "If you pay with PayPal, we pass the amount and your order's number to PayPal (Europe) S.à r.l. et Cie, S.C.A., Luxembourg. The payment itself happens in PayPal's window: our shop never sees your PayPal login, account or card details. PayPal processes your data as a controller in its own right under its privacy policy. The legal basis is Art. 6(1)(b) GDPR (performance of the contract, here: the payment you chose).",
      retention_title: '6. How long we keep data',
      retention_text:
        'We keep order data as long as we need it to handle the order and any questions, and beyond that only where statutory retention periods apply (up to ten years for accounting records under § 147 AO and § 257 HGB). A customer account exists until you ask us to delete it. Server logs containing IP addresses are deleted after 14 days at the latest.',
      rights_title: '7. Your rights',
      rights_text:
        'You have the right of access (Art. 15 GDPR), rectification (Art. 16), erasure (Art. 17), restriction of processing (Art. 18) and data portability (Art. 20). You may object at any time to processing based on our legitimate interest (Art. 21). You may withdraw any consent at any time with effect for the future (Art. 7(3)). An informal message to us is enough.',
      authority_title: '8. Right to lodge a complaint',
      authority_text:
        'You may lodge a complaint with a data protection supervisory authority. The authority responsible for us is the Berlin Commissioner for Data Protection and Freedom of Information, Alt-Moabit 59–61, 10555 Berlin, Germany.',
      authority_link: 'www.datenschutz-berlin.de',
      contact_title: '9. Data protection contact',
      contact_text:
        'For any question about data protection or to exercise your rights, write to us at <mail>{{email}}</mail>.',
      loading: 'Loading details …',
    },
  },
);
