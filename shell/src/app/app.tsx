import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, StaticRouter } from '@pcpp/contracts/router';
import { GlobalStyle, Spinner } from '@pcpp/contracts/ui';
import { Layout } from '../components/layout/layout';
import { preloadFirebaseSession } from '../features/auth/api/firebase-session-loader';
import { SessionEndedRedirect } from '../features/auth/components/session-ended-redirect';
import { PreloadedRemotesContext, type PreloadedRemotes } from '../features/remotes/preloaded-remotes';
import { RemoteOutlet } from './remote-outlet';
import { ToastHost } from './toast-host';

/**
 * An auth page, loaded when first opened: its form code stays out of the home page's scripts.
 * `loadSdk`: opening it also starts loading the identity provider's SDK (the emailed links' page
 * applies its link at once); the forms load it when the person turns to them (sign-in-intent.ts).
 */
function authPage(load: () => Promise<ComponentType>, { loadSdk = false } = {}) {
  const Page = lazy(async () => {
    if (loadSdk) preloadFirebaseSession();
    return { default: await load() };
  });
  return (
    // The same spinner the pages show while the session is checked; <main> keeps the page's height.
    <Suspense fallback={<Spinner label="Loading…" />}>
      <Page />
    </Suspense>
  );
}

const loginPage = authPage(async () => (await import('../features/auth/components/login-page')).LoginPage);
const signupPage = authPage(async () => (await import('../features/auth/components/signup-page')).SignupPage);
const forgotPasswordPage = authPage(
  async () => (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage,
);
const authActionPage = authPage(async () => (await import('../features/auth/components/auth-action-page')).AuthActionPage, {
  loadSdk: true,
});

/** The browser's history, or (on the shell's server) the one address being rendered. */
function Router({ location, children }: { location?: string; children: ReactNode }) {
  return location === undefined ? <BrowserRouter>{children}</BrowserRouter> : <StaticRouter location={location}>{children}</StaticRouter>;
}

/**
 * The shell's QueryClient is the page's only one: remotes read and invalidate through it.
 * `location` is set on the server only; `remotes` are the route trees loaded before this render;
 * `onStarted` runs once the first render (or hydration) is committed.
 */
export function App({
  queryClient,
  location,
  remotes = {},
  onStarted,
}: {
  queryClient: QueryClient;
  location?: string;
  remotes?: PreloadedRemotes;
  onStarted?: () => void;
}) {
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <QueryClientProvider client={queryClient}>
      <PreloadedRemotesContext value={remotes}>
        <Router location={location}>
          <GlobalStyle />
          <SessionEndedRedirect />
          <Routes>
            <Route element={<Layout />}>
              <Route path="/login" element={loginPage} />
              <Route path="/signup" element={signupPage} />
              <Route path="/forgot-password" element={forgotPasswordPage} />
              <Route path="/auth/action" element={authActionPage} />
              <Route path="*" element={<RemoteOutlet />} />
            </Route>
          </Routes>
          <ToastHost />
        </Router>
      </PreloadedRemotesContext>
    </QueryClientProvider>
  );
}
