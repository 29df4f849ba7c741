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
    // The page's remote loads beside the shell's first render rather than after it.
    const { pathname } = window.location;
    if (!isShellPagePath(pathname)) preloadRemoteRoutes(routeOwnerOf(pathname).remote);
    startSession(config.firebase);
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
