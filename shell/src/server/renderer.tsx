import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { dehydrate } from '@tanstack/react-query';
import {
  DEHYDRATED_STATE_ELEMENT_ID,
  LEFT_TO_BROWSER_DIGEST,
  SectionLeftToBrowser,
  apiClient,
  configureApiClient,
  createQueryClient,
  warmApiClient,
} from '@pcpp/contracts';
import { withTimeout } from '@pcpp/contracts/core';
import { headTags, jsonForScript } from '@pcpp/contracts/seo';
import { App } from '../app/app';
import { loadServerRemote, type ServerRemote } from './server-remotes';
import type { ApiRead, RemoteCodeFailure, RenderRequest, RenderedPage, ServerRenderer, ServerRendererOptions } from './types';

/**
 * Read without scripts, the page never learns whether someone is signed in: what waits for that
 * (the navbar's Login link, the session line) shows as for a visitor. And the phone's menu, which
 * its toggle cannot open, is open.
 */
const WITHOUT_SCRIPTS =
  '<noscript><style>[data-until-session]{visibility:visible!important}[data-session-pending]{display:none}' +
  '#main-menu{display:flex!important}[aria-controls="main-menu"]{display:none!important}</style></noscript>';

/** The api answers each render used, for the render cache to revalidate (recorded by the client's interceptor). */
const readsOfRender = new AsyncLocalStorage<ApiRead[]>();

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The remote's code threw: the error, marked for the shell's server to report (types.ts). */
function remoteCodeFailure(error: unknown): Error & RemoteCodeFailure {
  return Object.assign(error instanceof Error ? error : new Error(message(error)), { remoteCodeFailed: true as const });
}

export function createServerRenderer({ apiUrl, log }: ServerRendererOptions): ServerRenderer {
  // The same api client and query functions as the browser's: contracts is one shared module here too.
  configureApiClient({ baseURL: apiUrl });
  apiClient.onAnswer((response, url) => {
    const etag = response.headers.etag;
    // Only a GET can be asked again with If-None-Match: a page read through a POST (the builder's
    // suggestion) has no tag to check, so the render cache does not keep it.
    const get = (response.config.method ?? 'get').toLowerCase() === 'get';
    readsOfRender.getStore()?.push({ url, etag: get && typeof etag === 'string' ? etag : null });
  });

  return {
    async warm(remote) {
      await Promise.all([loadServerRemote(remote), warmApiClient()]);
    },
    async render(request) {
      const remote = await withTimeout(
        loadServerRemote(request.remote),
        request.deadline - Date.now(),
        `the server build of ${request.remote.name} did not load within the render budget`,
      );
      const reads: ApiRead[] = [];
      return readsOfRender.run(reads, () => renderPage(request, remote, reads, log));
    },
  };
}

/**
 * Renders the page as a stream. The first HTML (layout, page, and every section whose data came in
 * time) is held until all data is in or the deadline passes, then sent whole; a section still
 * waiting streams in after it, with its styles. Rejects when the first HTML cannot be ready by the
 * deadline or fails outside a data section.
 */
function renderPage(request: RenderRequest, remote: ServerRemote, reads: ApiRead[], log: (line: string) => void): Promise<RenderedPage> {
  const { pathname, search, origin, deadline } = request;
  const queryClient = createQueryClient({ server: true });
  let page: ReturnType<ServerRemote['server']['preparePage']>;
  try {
    page = remote.server.preparePage({ pathname, search, queryClient, origin });
  } catch (error) {
    return Promise.reject(remoteCodeFailure(error));
  }
  const sheet = new ServerStyleSheet();
  /** Styles made since the last call: each piece of HTML goes out with the styles it uses. */
  const takeStyles = () => {
    const tags = sheet.getStyleTags();
    sheet.instance.clearTag();
    return tags;
  };
  const element = sheet.collectStyles(
    <App queryClient={queryClient} location={`${pathname}${search}`} remotes={{ [request.remote.name]: remote.Routes }} />,
  );

  return new Promise<RenderedPage>((resolve, reject) => {
    let phase: 'waiting' | 'first' | 'streaming' | 'failed' = 'waiting';
    let shellReady = false;
    let allReady = false;
    let leftToBrowser = 0;
    let sectionFailed = false;
    let body = '';
    const tail = new PassThrough({ encoding: 'utf8' });
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (phase === 'first') body += chunk.toString();
        else tail.write(takeStyles() + chunk.toString());
        done();
      },
      final(done) {
        // The data the HTML was rendered from: the browser hydrates with it instead of asking again.
        const state = jsonForScript(dehydrate(queryClient));
        tail.end(`<script id="${DEHYDRATED_STATE_ELEMENT_ID}" type="application/json">${state}</script>`);
        done();
      },
    });

    // `stream` and `deadlineTimer` are set below: React calls these back only after this function returns.
    const fail = (error: unknown) => {
      if (phase !== 'waiting') return;
      phase = 'failed';
      clearTimeout(deadlineTimer);
      stream.abort(error);
      reject(error instanceof Error ? error : new Error(message(error)));
    };

    const send = () => {
      if (phase !== 'waiting') return;
      clearTimeout(deadlineTimer);
      const { status, head } = page.describe();
      phase = 'first';
      // React writes everything ready (the shell and each finished section) while pipe() runs.
      stream.pipe(destination);
      phase = 'streaming';
      // React leads the HTML with a preload for every picture it rendered: inside #root they would be
      // nodes the browser's first render does not have, and in <head> they would compete with the
      // page's largest picture, which the page hints preload already. The <img> tags load them.
      body = body.replace(/^(?:<link rel="preload" as="image"[^>]*>)*/, '');
      const headStyles = takeStyles();
      const streamTimer = setTimeout(
        () => stream.abort(new SectionLeftToBrowser(`its data took longer than ${request.streamTimeoutMs} ms`)),
        request.streamTimeoutMs,
      );
      streamTimer.unref();
      tail.on('end', () => clearTimeout(streamTimer));
      resolve({
        status,
        head: [headTags(head, origin), headStyles, WITHOUT_SCRIPTS].filter(Boolean).join('\n    '),
        body,
        allReady,
        tail,
        outcome: () => ({ complete: leftToBrowser === 0 && !sectionFailed, reads }),
      });
    };

    const stream = renderToPipeableStream(element, {
      // Every section ready when the first HTML leaves goes in it, in place, however large: React
      // would otherwise send big ones apart, hidden until a script of its own reveals them, and a
      // page read without scripts (a search engine, a visitor) would never show them.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      nonce: request.nonce,
      onShellReady() {
        shellReady = true;
        if (allReady) send();
      },
      onAllReady() {
        allReady = true;
        if (shellReady) send();
      },
      onShellError: (error) => fail(remoteCodeFailure(error)),
      onError(error) {
        if (error instanceof Error && error.name === 'SectionLeftToBrowser') {
          leftToBrowser += 1;
          log(`${pathname}${search}: a section is left to the browser: ${error.message}`);
          return LEFT_TO_BROWSER_DIGEST;
        }
        if (phase === 'waiting') {
          fail(remoteCodeFailure(error));
          return undefined;
        }
        sectionFailed = true;
        log(`${pathname}${search}: a section failed on the server and is left to the browser: ${message(error)}`);
        return LEFT_TO_BROWSER_DIGEST;
      },
    });

    // By the deadline: the first HTML goes out as it is, sections still waiting stream in later.
    const deadlineTimer = setTimeout(() => {
      if (shellReady) send();
      else fail(new Error(`the page was not ready within the render budget`));
    }, Math.max(0, deadline - Date.now()));
  });
}
