// The Firebase SDK's helper iframe for the popup sign-in against the auth emulator
// (`/emulator/auth/iframe` on the shop's origin; see ../proxy.cjs), in place of the emulator's
// own page: the same relay, but it takes sign-in results only from a window of this origin (the
// emulator's accepted a message from any window that could reach it).
/* global window */
/**
 * The parts of the gapi stand-in (gapi-stand-in.js) this page uses.
 * @typedef {{ send: (type: string, payload: unknown, callback: () => void, filter: unknown) => void, register: (type: string, handler: () => unknown, filter: unknown) => void }} GapiIframe
 * @typedef {{ load: (name: string, options: { callback: () => void }) => void, iframes: { CROSS_ORIGIN_IFRAMES_FILTER: unknown, getContext: () => { getParentIframe: () => GapiIframe } } }} Gapi
 */
(function helperIframe() {
  'use strict';

  const query = new URLSearchParams(window.location.search);
  const storageKey = `${query.get('apiKey')}:${query.get('appName')}`;
  const storedKey = `firebase:redirectEvent:${storageKey}`;
  /** @type {Window & { gapi?: Gapi, gapi_onload?: () => void }} */
  const page = window;
  // Read when used: the stand-in (loaded after this script) installs it.
  const gapi = () => /** @type {Gapi} */ (page.gapi);
  /** @type {GapiIframe | null} */
  let parent = null;

  /** @param {unknown} authEvent */
  function sendAuthEvent(authEvent) {
    parent?.send(
      'authEvent',
      { type: 'authEvent', authEvent: authEvent || { type: 'unknown', error: { code: 'auth/no-auth-event' } } },
      () => {},
      gapi().iframes.CROSS_ORIGIN_IFRAMES_FILTER,
    );
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (event.origin !== window.location.origin || typeof message !== 'object' || message === null) return;
    if (message.eventType !== 'sendAuthEvent' || message.data?.storageKey !== storageKey) return;
    if (parent) sendAuthEvent(message.data.authEvent);
    else sessionStorage[storedKey] = JSON.stringify(message.data.authEvent);
  });

  // Called by the gapi stand-in once it is loaded, as api.js calls it.
  page.gapi_onload = () => {
    gapi().load('gapi.iframes', {
      callback() {
        parent = gapi().iframes.getContext().getParentIframe();
        parent.register('webStorageSupport', () => ({ status: 'ACK', webStorageSupport: true }), gapi().iframes.CROSS_ORIGIN_IFRAMES_FILTER);
        let stored;
        try {
          stored = sessionStorage[storedKey] ? JSON.parse(sessionStorage[storedKey]) : null;
        } catch {
          stored = null;
        }
        delete sessionStorage[storedKey];
        sendAuthEvent(stored);
      },
    });
  };
})();
