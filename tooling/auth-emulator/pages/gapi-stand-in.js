// A stand-in for the few `gapi.iframes` calls that the Firebase Auth SDK (in the page) and the
// Auth emulator's helper iframe (/emulator/auth/iframe) make to talk to each other. The real
// library comes from https://apis.google.com/js/api.js, which cannot load offline. Only the
// emulator proxy (proxy.cjs) serves this file; no production build contains it.
//
// The proxy puts the page, the helper iframe and the emulator's popup on one origin, so every
// message goes to and comes from window.location.origin.
/* global window, document */
(function installGapiStandIn() {
  'use strict';

  const MARK = 'pcppGapiStandIn';
  const ORIGIN = window.location.origin;

  /**
   * One side of the conversation with another window: `send` posts a named call and hands the
   * answers to its callback, `register` answers calls by name. A call that arrives before its
   * handler waits for it: the helper iframe sends its first auth event before the SDK listens.
   * @param {Window} peer
   */
  function createChannel(peer) {
    /** @typedef {{ id: number, type: string, payload: unknown }} Call */
    /** @type {Map<string, (payload: unknown) => unknown>} */
    const handlers = new Map();
    /** @type {Map<string, Call[]>} */
    const waiting = new Map();
    /** @type {Map<number, ((responses: unknown[]) => void) | undefined>} */
    const replyCallbacks = new Map();
    let lastId = 0;

    /** @param {Call} call */
    function answer(call) {
      Promise.resolve()
        .then(() => handlers.get(call.type)?.(call.payload))
        .then((result) => peer.postMessage({ [MARK]: 'reply', id: call.id, responses: [result] }, ORIGIN));
    }

    window.addEventListener('message', (event) => {
      const message = event.data;
      if (event.source !== peer || event.origin !== ORIGIN || !message?.[MARK]) return;
      if (message[MARK] === 'call') {
        if (handlers.has(message.type)) answer(message);
        else waiting.set(message.type, [...(waiting.get(message.type) ?? []), message]);
      } else if (message[MARK] === 'reply') {
        const callback = replyCallbacks.get(message.id);
        replyCallbacks.delete(message.id);
        try {
          callback?.(message.responses);
        } catch {
          // gapi ignores errors thrown by reply callbacks, and the SDK relies on it: its
          // webStorageSupport callback always throws after it has used the answer.
        }
      }
    });

    return {
      /**
       * @param {string} type
       * @param {(payload: unknown) => unknown} handler
       */
      register(type, handler) {
        handlers.set(type, handler);
        for (const call of waiting.get(type) ?? []) answer(call);
        waiting.delete(type);
      },
      /**
       * @param {string} type
       * @param {unknown} payload
       * @param {(responses: unknown[]) => void} [callback]
       */
      send(type, payload, callback) {
        lastId += 1;
        replyCallbacks.set(lastId, callback);
        peer.postMessage({ [MARK]: 'call', id: lastId, type, payload }, ORIGIN);
      },
    };
  }

  /** The page's handle on an iframe it opened: the SDK's view of the emulator's helper iframe. */
  class Iframe {
    /** @param {HTMLIFrameElement} element */
    constructor(element) {
      // The stand-in inside the iframe says 'ready' once it runs: that is what ping waits for.
      /** @type {Promise<void>} */
      this.ready = new Promise((resolve) => {
        window.addEventListener('message', function onReady(event) {
          if (event.source !== element.contentWindow || event.data?.[MARK] !== 'ready') return;
          window.removeEventListener('message', onReady);
          resolve();
        });
      });
      Object.assign(this, createChannel(/** @type {Window} */ (element.contentWindow)));
    }

    restyle() {
      // Only used to keep the hidden iframe from closing on mouse out; nothing to do here.
      return Promise.resolve();
    }

    /** @param {() => void} [callback] */
    ping(callback) {
      return this.ready.then(() => callback?.());
    }
  }

  /**
   * @param {{ url: string, where: HTMLElement, attributes?: { style?: Partial<CSSStyleDeclaration>, [name: string]: unknown } }} options
   * @param {(iframe: Iframe) => unknown} [callback]
   */
  function open({ url, where, attributes = {} }, callback) {
    const element = document.createElement('iframe');
    const { style = {}, ...others } = attributes;
    Object.assign(element.style, style);
    for (const [name, value] of Object.entries(others)) element.setAttribute(name, String(value));
    element.src = url;
    where.appendChild(element);
    // Needs contentWindow, which exists once the element is in the document.
    const iframe = new Iframe(element);
    return Promise.resolve(callback ? callback(iframe) : iframe);
  }

  /** @type {ReturnType<typeof createChannel> | null} */
  let parentIframe = null;
  const context = {
    open,
    getParentIframe() {
      parentIframe ??= createChannel(window.parent);
      return parentIframe;
    },
  };

  /** The globals api.js defines and reads. */
  const page = /** @type {Window & { gapi?: unknown, gapi_onload?: () => void }} */ (window);

  page.gapi = {
    /**
     * @param {string} _modules
     * @param {(() => void) | { callback: () => void }} options
     */
    load(_modules, options) {
      setTimeout(typeof options === 'function' ? options : options.callback);
    },
    iframes: {
      getContext: () => context,
      Iframe,
      // Accepted and ignored: every window here shares one origin.
      CROSS_ORIGIN_IFRAMES_FILTER: () => true,
    },
  };

  if (window.parent !== window) {
    window.parent.postMessage({ [MARK]: 'ready' }, ORIGIN);
    // Like api.js: the emulator's iframe page defines gapi_onload before it loads the script.
    page.gapi_onload?.();
  }
})();
