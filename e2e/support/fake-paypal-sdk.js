// A test double of PayPal's JavaScript SDK (https://www.paypal.com/sdk/js), served by the journeys in
// its place: the only part of the shop replaced. `paypal.Buttons(props)` renders one button; clicking it
// calls the shop's `createOrder`, then shows a stand-in for PayPal's window where the journey approves
// or cancels. Approving calls the shop's `onApprove` with `actions.restart()` (PayPal's restart flow:
// the window opens again). The journey approves the order at the fake PayPal API before it clicks.
(function () {
  'use strict';
  const query = new URL(document.currentScript.src).searchParams;
  window.__fakePayPal = {
    loads: (window.__fakePayPal?.loads ?? 0) + 1,
    query: Object.fromEntries(query),
    orderId: null,
  };

  function el(tag, attributes, text) {
    const node = document.createElement(tag);
    Object.assign(node, attributes);
    if (text) node.textContent = text;
    return node;
  }

  function Buttons(props) {
    let host = null;
    let popup = null;
    const actions = {
      enable: () => Promise.resolve(),
      disable: () => Promise.resolve(),
    };

    function closePopup() {
      popup?.remove();
      popup = null;
    }

    function openPopup(orderId) {
      closePopup();
      popup = el('div', { role: 'dialog', ariaLabel: 'PayPal (Testdouble)' });
      popup.setAttribute('aria-label', 'PayPal (Testdouble)');
      popup.style.cssText =
        'position:fixed;inset:auto 0 0 0;background:#fff;border-top:2px solid #003087;padding:16px;z-index:99999;display:flex;gap:8px';
      const approve = el('button', { type: 'button' }, 'PayPal-Zahlung genehmigen');
      const cancel = el('button', { type: 'button' }, 'PayPal-Fenster schließen');
      approve.addEventListener('click', async () => {
        closePopup();
        try {
          await props.onApprove?.(
            { orderID: orderId, payerID: 'FAKEPAYER' },
            {
              restart: () => {
                window.__fakePayPal.restarts = (window.__fakePayPal.restarts ?? 0) + 1;
                openPopup(orderId);
                return Promise.resolve();
              },
              order: {},
            },
          );
        } catch (error) {
          props.onError?.(error);
        }
      });
      cancel.addEventListener('click', () => {
        closePopup();
        props.onCancel?.({ orderID: orderId });
      });
      popup.append(approve, cancel);
      document.body.append(popup);
    }

    return {
      isEligible: () => true,
      render(container) {
        host = typeof container === 'string' ? document.querySelector(container) : container;
        const button = el('button', { type: 'button', className: 'fake-paypal-button' }, 'Mit PayPal bezahlen');
        button.style.cssText =
          'width:100%;min-height:45px;background:#ffc439;border:0;border-radius:4px;font-weight:bold';
        button.addEventListener('click', async () => {
          // As in PayPal's SDK: `onClick` may answer `actions.reject()`, and then nothing opens.
          const REJECTED = {};
          const verdict = await props.onClick?.(
            { fundingSource: 'paypal' },
            { resolve: () => Promise.resolve(true), reject: () => Promise.resolve(REJECTED) },
          );
          if (verdict === REJECTED || verdict === false) return;
          try {
            const orderId = await props.createOrder({ paymentSource: 'paypal' }, {});
            window.__fakePayPal.orderId = orderId;
            openPopup(orderId);
          } catch (error) {
            props.onError?.(error);
          }
        });
        host.append(button);
        props.onInit?.({}, actions);
        return Promise.resolve();
      },
      close() {
        closePopup();
        host?.replaceChildren();
        return Promise.resolve();
      },
      updateProps: () => Promise.resolve(),
    };
  }

  window.paypal = { Buttons, version: 'fake' };
})();
