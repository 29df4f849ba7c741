import { lazy, Suspense, type ComponentType } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from '@pcpp/contracts/router';
import { ToastContainer } from 'react-toastify';
import { GlobalStyle, Spinner } from '@pcpp/contracts/ui';
import { Layout } from '../components/layout/layout';
import { preloadFirebaseSession } from '../features/auth/api/firebase-session-loader';
import { SessionEndedRedirect } from '../features/auth/components/session-ended-redirect';
import { RemoteOutlet } from './remote-outlet';
import { ToastStyle } from './toast-style';

/**
 * An auth page, loaded when first opened: its form code stays out of the home page's scripts.
 * Opening one also starts loading the identity provider's SDK, which its buttons will need.
 */
function authPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => {
    preloadFirebaseSession();
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
const authActionPage = authPage(async () => (await import('../features/auth/components/auth-action-page')).AuthActionPage);

/** The shell's QueryClient is the page's only one: remotes read and invalidate through it. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
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
        {/* The spec's toast defaults: top-right, closes after 5 s. */}
        <ToastStyle />
        <ToastContainer position="top-right" autoClose={5000} />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
