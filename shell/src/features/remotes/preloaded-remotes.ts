import { createContext, type ComponentType } from 'react';
import type { RemoteName } from '@pcpp/contracts/core';

/**
 * Route trees of remotes loaded before the first render (in the browser by the bootstrap, on the
 * server per request): their slots render them directly, never behind a loading fallback, so the
 * first render (and the server's HTML it hydrates) shows the page whole.
 */
export type PreloadedRemotes = Partial<Record<RemoteName, ComponentType>>;

export const PreloadedRemotesContext = createContext<PreloadedRemotes>({});
