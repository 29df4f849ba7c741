// The Firebase SDK's helper iframe for the popup sign-in against the auth emulator
// (`/emulator/auth/iframe` on the shop's origin; see ../proxy.cjs), in place of the emulator's
// own page: the same relay, but it takes sign-in results only from a window of this origin (the
// emulator's accepted a message from any window that could reach it).
/* global window, gapi */
(function helperIframe() {
  'use strict';

  const query = new URLSearchParams(window.location.search);
  const storageKey = `${query.get('apiKey')}:${query.get('appName')}`;
  const storedKey = `firebase:redirectEvent:${storageKey}`;
  let parent = null;

  function sendAuthEvent(authEvent) {
    parent.send(
      'authEvent',
      { type: 'authEvent', authEvent: authEvent || { type: 'unknown', error: { code: 'auth/no-auth-event' } } },
      () => {},
      gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER,
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
  window.gapi_onload = () => {
    gapi.load('gapi.iframes', {
      callback() {
        parent = gapi.iframes.getContext().getParentIframe();
        parent.register('webStorageSupport', () => ({ status: 'ACK', webStorageSupport: true }), gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
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
