import { createRoot } from 'react-dom/client';
import {
  authStore,
  configureApiClient,
  createQueryClient,
  isShellPagePath,
  loadRuntimeConfig,
  orderKeys,
  routeOwnerOf,
  userKeys,
} from '@pcpp/contracts';
import { App } from './app/app';
import { startSession } from './features/auth/api/firebase-session-loader';
import { preloadRemoteRoutes, registerRuntimeRemotes } from './features/remotes/remote-loader';

/** The longest the first render waits for the page's remote. */
const FIRST_RENDER_WAIT_MS = 300;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const queryClient = createQueryClient();
// One account's data never outlives its session.
authStore.subscribe((state, previous) => {
  if (previous.status !== 'signedIn' || state.status === 'signedIn') return;
  queryClient.removeQueries({ queryKey: userKeys.all });
  queryClient.removeQueries({ queryKey: orderKeys.all });
});

async function bootstrap() {
  try {
    const config = await loadRuntimeConfig();
    configureApiClient({ baseURL: config.apiUrl });
    await registerRuntimeRemotes(config);
    startSession(config.firebase);
    // The page's remote (preloaded by index.html's hints) is usually ready within a few dozen
    // milliseconds: the first render waits that long for it, so the page paints whole, and no longer,
    // so a slow or missing remote never holds back the shell.
    const { pathname } = window.location;
    if (!isShellPagePath(pathname)) {
      await Promise.race([preloadRemoteRoutes(routeOwnerOf(pathname).remote), delay(FIRST_RENDER_WAIT_MS)]);
    }
  } catch (error) {
    // Without a config the layout still renders; each remote slot shows its fallback.
    console.error('Could not load the runtime configuration', error);
    authStore.getState().signedOut();
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<App queryClient={queryClient} />);
}

void bootstrap();
