import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { authStore, configureApiClient, createQueryClient, loadRuntimeConfig } from '@pcpp/contracts';
import { GlobalStyle } from '@pcpp/contracts/ui';

const Strip = styled.div`
  background: var(--color-ink);
  color: #fff;
  padding: 8px 16px;
  font-size: 0.9rem;
  strong { color: var(--color-accent); }
`;

/**
 * The minimal host page a remote's team uses to run it alone (`npm run dev -w <remote>`):
 * same config, router and styles as the shell, without the shell.
 */
export async function renderStandalone(remoteName: string, Routes: ComponentType): Promise<void> {
  try {
    configureApiClient({ baseURL: (await loadRuntimeConfig()).apiUrl });
  } catch (error) {
    console.error('Standalone host: no usable /config.json', error);
  }
  // No identity provider here: the remote renders as a signed-out visitor.
  authStore.getState().signedOut();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <GlobalStyle />
        <Strip>
          <strong>{remoteName}</strong> running standalone, outside the shell
        </Strip>
        <main>
          <Routes />
        </main>
      </BrowserRouter>
    </QueryClientProvider>,
  );
}
