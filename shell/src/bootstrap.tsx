import type { ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import {
  DEHYDRATED_STATE_ELEMENT_ID,
  LEFT_TO_BROWSER_DIGEST,
  authStore,
  configureApiClient,
  createQueryClient,
  datedAtPageLoad,
  inlineJson,
  loadRuntimeConfig,
  orderKeys,
  userKeys,
  warmApiClient,
} from '@pcpp/contracts';
import { LIVE_REMOTES_ELEMENT_ID, isShellPagePath, routeOwnerOf, type RemoteName } from '@pcpp/contracts/core';
import { App } from './app/app';
import { startSession } from './features/auth/api/firebase-session-loader';
import { preloadRemoteRoutes, registerRuntimeRemotes } from './features/remotes/remote-loader';

/** The longest a page rendered here (not on the server) waits for its remote before its first render. */
const FIRST_RENDER_WAIT_MS = 300;
const delay = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));

const queryClient = createQueryClient();
// One account's data never outlives its session.
authStore.subscribe((state, previous) => {
  if (previous.status !== 'signedIn' || state.status === 'signedIn') return;
  queryClient.removeQueries({ queryKey: userKeys.all });
  queryClient.removeQueries({ queryKey: orderKeys.all });
});

/** Tells tests (and anyone curious) how the page came alive: `hydrated` or `rendered`. */
const markHydrated = () => {
  document.documentElement.dataset.app = 'hydrated';
};
const markRendered = () => {
  document.documentElement.dataset.app = 'rendered';
};

/**
 * A section the server left to the browser (its data failed or came late) is rendered here on
 * purpose. Anything else is the server's HTML differing from this first render: a bug, said loudly.
 */
function onRecoverableError(error: unknown) {
  const digest = (error as { digest?: string } | null)?.digest;
  if (digest === LEFT_TO_BROWSER_DIGEST) return;
  console.error('Hydration mismatch: the server HTML differs from the first render in the browser', error);
}

async function bootstrap() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The server rendered this page: its HTML is already painted, and the page's data came with it.
  const serverRendered = container.hasAttribute('data-server-rendered');
  const { pathname } = window.location;
  const remote: RemoteName | null = isShellPagePath(pathname) ? null : routeOwnerOf(pathname).remote;
  let remoteRoutes: ComponentType | undefined;
  try {
    const config = await loadRuntimeConfig();
    configureApiClient({ baseURL: config.apiUrl });
    // axios is not part of the first paint: it comes at the first touch, click or key (or the first call).
    for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
      window.addEventListener(type, () => void warmApiClient(), { once: true, passive: true });
    }
    // Not awaited: the layout paints whatever the registry (the api) does.
    void registerRuntimeRemotes(config, inlineJson(LIVE_REMOTES_ELEMENT_ID));
    startSession(config.firebase);
    if (remote && serverRendered) {
      // The server's HTML stays on screen meanwhile: hydration needs the very code that rendered it.
      remoteRoutes = await preloadRemoteRoutes(remote);
    } else if (remote) {
      // The page's remote (preloaded by index.html's hints) is usually ready within a few dozen
      // milliseconds: the first render waits that long for it, so the page paints whole, and no
      // longer, so a slow or missing remote never holds back the shell.
      remoteRoutes = await Promise.race([preloadRemoteRoutes(remote), delay(FIRST_RENDER_WAIT_MS)]);
    }
  } catch (error) {
    // Without a config the layout still renders; each remote slot shows its fallback.
    console.error('Could not load the runtime configuration', error);
    authStore.getState().signedOut();
  }
  const remotes = remote && remoteRoutes ? { [remote]: remoteRoutes } : {};
  if (serverRendered && remote && remoteRoutes) {
    const state = inlineJson(DEHYDRATED_STATE_ELEMENT_ID);
    if (state) hydrate(queryClient, datedAtPageLoad(state as DehydratedState, performance.timeOrigin));
    hydrateRoot(container, <App queryClient={queryClient} remotes={remotes} onStarted={markHydrated} />, {
      onRecoverableError,
    });
  } else {
    // Rendered here: the remote could not load in this browser, or the server sent no HTML.
    createRoot(container).render(<App queryClient={queryClient} remotes={remotes} onStarted={markRendered} />);
  }
}

void bootstrap();
