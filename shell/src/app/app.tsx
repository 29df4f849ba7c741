import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from '@pcpp/contracts/router';
import { ToastContainer } from 'react-toastify';
import { GlobalStyle } from '@pcpp/contracts/ui';
import { Layout } from '../components/layout/layout';
import { AuthActionPage } from '../features/auth/components/auth-action-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LoginPage } from '../features/auth/components/login-page';
import { SessionEndedRedirect } from '../features/auth/components/session-ended-redirect';
import { SignupPage } from '../features/auth/components/signup-page';
import { RemoteOutlet } from './remote-outlet';
import { ToastStyle } from './toast-style';

/** The shell's QueryClient is the page's only one: remotes read and invalidate through it. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <GlobalStyle />
        <SessionEndedRedirect />
        <Routes>
          <Route element={<Layout />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/signup" element={<SignupPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/auth/action" element={<AuthActionPage />} />
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
