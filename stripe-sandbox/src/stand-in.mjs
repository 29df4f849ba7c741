// The Stripe.js stand-in: served by the sandbox as /js/stripe-stand-in.js and loaded by the
// payment page before loadStripe (@stripe/stripe-js/pure), which then uses this window.Stripe
// instead of fetching js.stripe.com. It covers what @stripe/react-stripe-js and the payment
// page use: elements() with a card element (real inputs, no iframe: this is a test tool) and
// confirmCardPayment, with a dialog standing in for the bank's 3-D Secure page.
//
// installStripeStandIn runs in the browser: standInScript() serializes it with the helpers it
// uses, so it may only use its parameters and those helpers.
import { encodeForm } from './form.mjs';
import { brandOf, passesLuhn } from './card-outcomes.mjs';

/** The script the sandbox serves. @param {string} sandboxUrl where the browser reaches the sandbox */
export function standInScript(sandboxUrl) {
  return [
    '// Stripe.js stand-in of the local Stripe sandbox (test mode only). Not Stripe.js.',
    '(function () {',
    '"use strict";',
    String(encodeForm),
    String(passesLuhn),
    String(brandOf),
    `(${String(installStripeStandIn)})(window, ${JSON.stringify(sandboxUrl)});`,
    '})();',
    '',
  ].join('\n');
}

/**
 * Defines window.Stripe.
 * @param {any} window
 * @param {string} sandboxUrl used when the script's own URL is unknown
 */
export function installStripeStandIn(window, sandboxUrl) {
  const document = window.document;
  const script = document.currentScript;
  const baseUrl = script && script.src ? new window.URL(script.src).origin : sandboxUrl;

  // Stripe Elements' own texts.
  /** @type {Record<string, string>} */
  const MESSAGES = {
    incomplete_number: 'Your card number is incomplete.',
    invalid_number: 'Your card number is invalid.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_month: "Your card's expiration month is invalid.",
    invalid_expiry_year_past: "Your card's expiration year is in the past.",
    invalid_expiry_month_past: "Your card's expiration date is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
    incomplete_zip: 'Your postal code is incomplete.',
  };
  const AUTHENTICATION_FAILED =
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
  const CONNECTION_FAILED = 'An error occurred with our connection to the Stripe sandbox. Is it running? (`npm start` starts it.)';

  /** Card data per element, kept out of the element object. */
  const cardData = new WeakMap();

  /**
   * @param {string} path
   * @param {Record<string, unknown>} params
   * @returns {Promise<{ ok: any, error?: undefined } | { ok?: undefined, error: any }>}
   */
  async function call(path, params) {
    try {
      const response = await window.fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: encodeForm(/** @type {import('./form.mjs').FormObject} */ (params)),
      });
      const body = await response.json();
      return response.ok ? { ok: body } : { error: body.error };
    } catch {
      return { error: { type: 'api_connection_error', message: CONNECTION_FAILED } };
    }
  }

  /**
   * @param {unknown} clientSecret
   * @param {string} method
   */
  function intentIdOf(clientSecret, method) {
    const match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(typeof clientSecret === 'string' ? clientSecret : '');
    if (!match) {
      throw new Error(
        `Invalid value for ${method} intent secret: value should be a client_secret string. You specified: ${String(clientSecret)}.`,
      );
    }
    return /** @type {string} */ (match[1]);
  }

  /** @param {unknown} value */
  function digitsOf(value) {
    return String(value).replace(/\D/g, '');
  }

  /**
   * @param {Record<string, any>} options Stripe's card element options (style, hidePostalCode, value, disabled)
   * @param {() => void} onDestroy
   */
  function createCardElement(options, onDestroy) {
    let settings = { ...options };
    /** @type {Map<string, Set<(payload: unknown) => void>>} */
    const listeners = new Map();
    /** @typedef {'number' | 'expiry' | 'cvc' | 'postal'} FieldName */
    /** @type {Record<FieldName, boolean>} */
    const touched = { number: false, expiry: false, cvc: false, postal: false };
    let submitted = false;
    /** @type {any} the page's element it is mounted on */
    let mountedOn = null;
    let destroyed = false;

    const wrapper = document.createElement('div');
    wrapper.className = 'SandboxCardElement';
    wrapper.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px;align-items:center;';
    /**
     * @param {string} name
     * @param {string} label
     * @param {string} placeholder
     * @param {string} autocomplete
     * @param {string} flex
     * @returns {any} the input
     */
    const field = (name, label, placeholder, autocomplete, flex) => {
      const input = document.createElement('input');
      input.name = name;
      input.type = 'text';
      input.setAttribute('aria-label', label);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      input.spellcheck = false;
      input.style.cssText = `flex:${flex};min-width:0;border:0;background:transparent;font:inherit;color:inherit;padding:2px 0;`;
      wrapper.appendChild(input);
      return input;
    };
    /** @type {Record<FieldName, any>} */
    const inputs = {
      number: field('cardnumber', 'Card number', '1234 1234 1234 1234', 'cc-number', '1 1 11em'),
      expiry: field('exp-date', 'Expiration date MM / YY', 'MM / YY', 'cc-exp', '0 0 5.5em'),
      cvc: field('cvc', 'CVC', 'CVC', 'cc-csc', '0 0 4em'),
      postal: field('postal', 'ZIP', 'ZIP', 'postal-code', '0 0 5.5em'),
    };
    for (const name of /** @type {FieldName[]} */ (['number', 'expiry', 'cvc'])) inputs[name].inputMode = 'numeric';
    inputs.postal.maxLength = 10;

    /**
     * @param {string} type
     * @param {unknown} payload
     */
    function emit(type, payload) {
      for (const handler of [...(listeners.get(type) || [])]) handler(payload);
    }

    function applySettings() {
      const base = (settings.style && settings.style.base) || {};
      for (const input of Object.values(inputs)) {
        if (base.fontSize) input.style.fontSize = base.fontSize;
        if (base.fontFamily) input.style.fontFamily = base.fontFamily;
        if (base.color) input.style.color = base.color;
        input.disabled = Boolean(settings.disabled);
      }
      inputs.postal.style.display = settings.hidePostalCode ? 'none' : '';
      if (settings.value && typeof settings.value.postalCode === 'string') inputs.postal.value = settings.value.postalCode;
    }

    /** Everything Stripe's change event says, from the four inputs. */
    function state() {
      const number = digitsOf(inputs.number.value);
      const brand = brandOf(number);
      const numberLength = brand === 'amex' ? 15 : 16;
      const cvcLength = brand === 'amex' ? 4 : 3;
      const expiry = digitsOf(inputs.expiry.value);
      const cvc = digitsOf(inputs.cvc.value);
      const postal = inputs.postal.value.trim();
      // Incomplete fields are flagged once left (or at a payment attempt), invalid ones at once.
      const show = (/** @type {FieldName} */ name) => touched[name] || submitted;
      /** @type {string[]} */
      const errors = [];
      const complete = { number: false, expiry: false, cvc: false, postal: Boolean(settings.hidePostalCode) };

      if (number.length === numberLength && passesLuhn(number)) complete.number = true;
      else if (number.length === numberLength) errors.push('invalid_number');
      else if (show('number')) errors.push('incomplete_number');

      if (expiry.length === 4) {
        const month = Number(expiry.slice(0, 2));
        const year = 2000 + Number(expiry.slice(2));
        const today = new Date();
        if (month < 1 || month > 12) errors.push('invalid_expiry_month');
        else if (year < today.getFullYear()) errors.push('invalid_expiry_year_past');
        else if (year === today.getFullYear() && month < today.getMonth() + 1) errors.push('invalid_expiry_month_past');
        else complete.expiry = true;
      } else if (show('expiry')) errors.push('incomplete_expiry');

      if (cvc.length === cvcLength) complete.cvc = true;
      else if (show('cvc')) errors.push('incomplete_cvc');

      if (!settings.hidePostalCode) {
        if (postal.length >= 3) complete.postal = true;
        else if (show('postal')) errors.push('incomplete_zip');
      }
      const code = errors[0];
      return {
        elementType: 'card',
        brand,
        empty: !number && !expiry && !cvc && (settings.hidePostalCode || !postal),
        complete: complete.number && complete.expiry && complete.cvc && complete.postal,
        error: code ? { type: 'validation_error', code, message: MESSAGES[code] } : undefined,
        value: settings.hidePostalCode ? {} : { postalCode: postal },
        card: { number, expMonth: Number(expiry.slice(0, 2)), expYear: 2000 + Number(expiry.slice(2)), cvc, postal },
        fieldComplete: complete,
      };
    }

    function report() {
      const current = state();
      if (mountedOn) {
        mountedOn.classList.toggle('StripeElement--empty', current.empty);
        mountedOn.classList.toggle('StripeElement--complete', current.complete);
        mountedOn.classList.toggle('StripeElement--invalid', Boolean(current.error));
      }
      const style = settings.style || {};
      for (const input of Object.values(inputs)) {
        input.removeAttribute('aria-invalid');
        input.style.color = (style.base && style.base.color) || '';
      }
      if (current.error) {
        const code = current.error.code;
        /** @type {FieldName} */
        const field = code.includes('number') ? 'number' : code.includes('zip') ? 'postal' : code.includes('cvc') ? 'cvc' : 'expiry';
        inputs[field].setAttribute('aria-invalid', 'true');
        // Stripe's default colour for an invalid field.
        inputs[field].style.color = (style.invalid && style.invalid.color) || '#df1b41';
      }
      const { card: _card, fieldComplete: _fields, ...event } = current;
      emit('change', event);
      return current;
    }

    // Formatting as Stripe's card element does it: 4242 4242 4242 4242, MM / YY, digits only.
    inputs.number.addEventListener('input', () => {
      const digits = digitsOf(inputs.number.value);
      const amex = brandOf(digits) === 'amex';
      const limited = digits.slice(0, amex ? 15 : 16);
      const groups = amex ? [limited.slice(0, 4), limited.slice(4, 10), limited.slice(10)] : limited.match(/.{1,4}/g) || [];
      inputs.number.value = groups.filter(Boolean).join(' ');
      if (report().fieldComplete.number) inputs.expiry.focus();
    });
    inputs.expiry.addEventListener('input', (/** @type {InputEvent} */ event) => {
      let digits = digitsOf(inputs.expiry.value).slice(0, 4);
      if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
      const deleting = event && event.inputType && event.inputType.startsWith('delete');
      inputs.expiry.value = digits.length >= 2 && !(deleting && digits.length === 2) ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
      if (report().fieldComplete.expiry) inputs.cvc.focus();
    });
    inputs.cvc.addEventListener('input', () => {
      const amex = brandOf(digitsOf(inputs.number.value)) === 'amex';
      inputs.cvc.value = digitsOf(inputs.cvc.value).slice(0, amex ? 4 : 3);
      if (report().fieldComplete.cvc && !settings.hidePostalCode) inputs.postal.focus();
    });
    inputs.postal.addEventListener('input', () => report());
    for (const [name, input] of Object.entries(inputs)) {
      input.addEventListener('blur', () => {
        if (input.value !== '') touched[/** @type {FieldName} */ (name)] = true;
        report();
      });
    }
    wrapper.addEventListener('focusin', (/** @type {FocusEvent} */ event) => {
      if (mountedOn) mountedOn.classList.add('StripeElement--focus');
      if (!wrapper.contains(event.relatedTarget)) emit('focus', { elementType: 'card' });
    });
    wrapper.addEventListener('focusout', (/** @type {FocusEvent} */ event) => {
      if (wrapper.contains(event.relatedTarget)) return;
      if (mountedOn) mountedOn.classList.remove('StripeElement--focus');
      emit('blur', { elementType: 'card' });
    });
    wrapper.addEventListener('keydown', (/** @type {KeyboardEvent} */ event) => {
      if (event.key === 'Escape') emit('escape', { elementType: 'card' });
    });

    const element = {
      /** @param {unknown} target a selector or an element */
      mount(target) {
        if (destroyed) throw new Error('This Element has already been destroyed. Please create a new one.');
        if (mountedOn) throw new Error('This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.');
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new Error(`The selector you specified (${String(target)}) applies to no DOM elements that are currently on the page.`);
        mountedOn = node;
        node.classList.add('StripeElement', 'StripeElement--empty');
        node.appendChild(wrapper);
        applySettings();
        window.setTimeout(() => {
          if (mountedOn === node) emit('ready', { elementType: 'card' });
        }, 0);
      },
      unmount() {
        if (!mountedOn) return;
        wrapper.remove();
        mountedOn.classList.remove('StripeElement', 'StripeElement--empty', 'StripeElement--complete', 'StripeElement--invalid', 'StripeElement--focus');
        mountedOn = null;
      },
      destroy() {
        element.unmount();
        destroyed = true;
        listeners.clear();
        onDestroy();
      },
      /**
       * @param {string} type
       * @param {(payload: unknown) => void} handler
       */
      on(type, handler) {
        if (!listeners.has(type)) listeners.set(type, new Set());
        listeners.get(type)?.add(handler);
        return element;
      },
      /**
       * @param {string} type
       * @param {(payload: unknown) => void} handler
       */
      off(type, handler) {
        if (listeners.has(type)) listeners.get(type)?.delete(handler);
        return element;
      },
      /**
       * @param {string} type
       * @param {(payload: unknown) => void} handler
       */
      once(type, handler) {
        const wrapped = (/** @type {unknown} */ payload) => {
          element.off(type, wrapped);
          handler(payload);
        };
        return element.on(type, wrapped);
      },
      /** @param {Record<string, unknown>} changes */
      update(changes) {
        settings = { ...settings, ...changes };
        applySettings();
      },
      focus() {
        inputs.number.focus();
      },
      blur() {
        const active = document.activeElement;
        if (active && wrapper.contains(active)) active.blur();
      },
      clear() {
        for (const input of Object.values(inputs)) input.value = '';
        for (const name of /** @type {FieldName[]} */ (Object.keys(touched))) touched[name] = false;
        submitted = false;
        report();
      },
    };
    cardData.set(element, {
      /** Before a payment: every field must be complete (errors show as at a submit). */
      validate() {
        submitted = true;
        return report().error;
      },
      card() {
        const { card } = state();
        return { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc, postal: card.postal };
      },
    });
    return element;
  }

  /**
   * The stand-in for the bank's 3-D Secure page: Complete or Fail. Escape fails, as closing Stripe's does.
   * @param {{ currency: string, amount: number }} intent
   * @returns {Promise<'complete' | 'fail'>}
   */
  function authenticationDialog(intent) {
    return new Promise((resolve) => {
      const previous = document.activeElement;
      const overlay = document.createElement('div');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;padding:16px;';
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'stripe-sandbox-3ds-title');
      dialog.style.cssText =
        'background:#fff;color:#1a1a1a;border-radius:8px;max-width:360px;width:100%;padding:24px;font:16px/1.5 system-ui,sans-serif;box-shadow:0 10px 40px rgba(0,0,0,.3);';
      const title = document.createElement('h2');
      title.id = 'stripe-sandbox-3ds-title';
      title.textContent = '3D Secure test authentication';
      title.style.cssText = 'margin:0 0 8px;font-size:20px;';
      const text = document.createElement('p');
      const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: intent.currency.toUpperCase() }).format(intent.amount / 100);
      text.textContent = `Stripe sandbox: your bank would ask you to confirm this payment of ${amount}. Complete or fail the check.`;
      text.style.cssText = 'margin:0 0 16px;';
      const buttons = document.createElement('div');
      buttons.style.cssText = 'display:flex;gap:12px;justify-content:flex-end;';
      const button = (/** @type {string} */ label, /** @type {string} */ background) => {
        const element = document.createElement('button');
        element.type = 'button';
        element.textContent = label;
        element.style.cssText = `padding:8px 20px;border:0;border-radius:4px;font:inherit;font-weight:600;color:#fff;background:${background};cursor:pointer;`;
        buttons.appendChild(element);
        return element;
      };
      const fail = button('Fail', '#b42318');
      const complete = button('Complete', '#146c2e');
      dialog.append(title, text, buttons);
      overlay.appendChild(dialog);
      const close = (/** @type {'complete' | 'fail'} */ result) => {
        overlay.remove();
        if (previous && typeof previous.focus === 'function') previous.focus();
        resolve(result);
      };
      complete.addEventListener('click', () => close('complete'));
      fail.addEventListener('click', () => close('fail'));
      overlay.addEventListener('keydown', (/** @type {KeyboardEvent} */ event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close('fail');
        } else if (event.key === 'Tab') {
          // Focus stays on the two buttons.
          event.preventDefault();
          (document.activeElement === complete ? fail : complete).focus();
        }
      });
      document.body.appendChild(overlay);
      complete.focus();
    });
  }

  /** @param {unknown} publishableKey */
  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_test_')) {
      throw new Error('The Stripe sandbox accepts test publishable keys (pk_test_...) only.');
    }
    const auth = { key: publishableKey };
    const unsupported = (/** @type {string} */ what) => Promise.resolve({ error: { type: 'invalid_request_error', message: `The Stripe sandbox does not support ${what}: use confirmCardPayment.` } });

    /** @param {any} value */
    function cardElementOf(value) {
      return value && cardData.has(value) ? value : null;
    }

    /**
     * @param {string} id
     * @param {string} clientSecret
     * @param {{ currency: string, amount: number }} intent
     */
    async function finishAction(id, clientSecret, intent) {
      const result = await authenticationDialog(intent);
      const answer = await call(`/sandbox/payment_intents/${id}/authenticate`, { ...auth, client_secret: clientSecret, result });
      if (answer.error) return { error: answer.error };
      if (answer.ok.status === 'requires_payment_method') {
        return { error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: AUTHENTICATION_FAILED, payment_intent: answer.ok } };
      }
      return { paymentIntent: answer.ok };
    }

    return {
      /** @param {Record<string, unknown>} [options] */
      elements(options) {
        /** @type {Map<string, ReturnType<typeof createCardElement>>} */
        const created = new Map();
        return {
          /**
           * @param {unknown} type
           * @param {Record<string, unknown>} [elementOptions]
           */
          create(type, elementOptions) {
            if (type !== 'card') throw new Error(`The Stripe sandbox supports the card element only, not "${String(type)}".`);
            if (created.has(type)) throw new Error(`Can only create one Element of type ${type}.`);
            const element = createCardElement({ ...(options || {}), ...(elementOptions || {}) }, () => created.delete(type));
            created.set(type, element);
            return element;
          },
          // getElement(CardElement) passes the React component, which names its type.
          /** @param {any} typeOrComponent */
          getElement(typeOrComponent) {
            const type = typeof typeOrComponent === 'string' ? typeOrComponent : typeOrComponent && typeOrComponent.__elementType;
            return created.get(type) || null;
          },
          update() {},
          fetchUpdates: () => Promise.resolve({}),
          submit: () => Promise.resolve({}),
        };
      },

      /**
       * @param {string} clientSecret
       * @param {any} [data] { payment_method: an id, or { card: the card element, billing_details } }
       * @param {{ handleActions?: boolean }} [options]
       */
      async confirmCardPayment(clientSecret, data, options) {
        const id = intentIdOf(clientSecret, 'confirmCardPayment');
        /** @type {Record<string, unknown>} */
        const params = { ...auth, client_secret: clientSecret };
        const paymentMethod = data && data.payment_method;
        if (typeof paymentMethod === 'string') {
          params.payment_method = paymentMethod;
        } else if (paymentMethod) {
          const element = cardElementOf(paymentMethod.card) || cardElementOf(paymentMethod);
          if (!element) {
            return { error: { type: 'invalid_request_error', message: 'payment_method.card must be a mounted card Element.' } };
          }
          const data = cardData.get(element);
          const error = data.validate();
          if (error) return { error };
          const card = data.card();
          const billing = { ...(paymentMethod.billing_details || {}) };
          if (card.postal) billing.address = { ...(billing.address || {}), postal_code: card.postal };
          params.payment_method_data = {
            type: 'card',
            card: { number: card.number, exp_month: card.exp_month, exp_year: card.exp_year, cvc: card.cvc },
            billing_details: billing,
          };
        }
        const answer = await call(`/v1/payment_intents/${id}/confirm`, params);
        if (answer.error) return { error: answer.error };
        if (answer.ok.status === 'requires_action' && !(options && options.handleActions === false)) {
          return finishAction(id, clientSecret, answer.ok);
        }
        return { paymentIntent: answer.ok };
      },

      /** @param {string} clientSecret */
      async handleCardAction(clientSecret) {
        const id = intentIdOf(clientSecret, 'handleCardAction');
        const answer = await this.retrievePaymentIntent(clientSecret);
        if (answer.error) return answer;
        if (answer.paymentIntent.status !== 'requires_action') return answer;
        return finishAction(id, clientSecret, answer.paymentIntent);
      },

      /**
       * @param {string} clientSecret
       * @returns {Promise<{ paymentIntent: any, error?: undefined } | { paymentIntent?: undefined, error: any }>}
       */
      async retrievePaymentIntent(clientSecret) {
        const id = intentIdOf(clientSecret, 'retrievePaymentIntent');
        try {
          const query = new window.URLSearchParams({ ...auth, client_secret: clientSecret });
          const response = await window.fetch(`${baseUrl}/v1/payment_intents/${id}?${query}`);
          const body = await response.json();
          return response.ok ? { paymentIntent: body } : { error: body.error };
        } catch {
          return { error: { type: 'api_connection_error', message: CONNECTION_FAILED } };
        }
      },

      createToken: () => unsupported('createToken'),
      createPaymentMethod: () => unsupported('createPaymentMethod'),
      // Called by @stripe/stripe-js and @stripe/react-stripe-js to report themselves.
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }
  // loadStripe compares this with the Stripe.js release it expects, and only warns.
  Stripe.version = 'endive';
  Stripe.sandbox = true;
  window.Stripe = Stripe;
}
