// What the shell's server build (the renderer) offers the shell's server (http/shell-pages.ts).
import type { RemoteName } from '@pcpp/contracts/core';

export interface ServerRendererOptions {
  /** The api as the server reaches it: the page's reads and the pictures' URLs. */
  apiUrl: string;
  /** One line per event worth a look (a section left to the browser, a remote that would not load). */
  log: (line: string) => void;
}

/** The version of a remote a page renders with (contracts' chooseManifest). */
export interface RemoteVersion {
  name: RemoteName;
  /** Its browser build's mf-manifest.json: the server build is in `server/` beside it. */
  manifestUrl: string;
  /** Changes when the build at that address changes (a rebuilt local build keeps its address). */
  fingerprint: string;
}

export interface RenderRequest {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** The shop's own origin, for canonical and shared URLs. */
  origin: string;
  remote: RemoteVersion;
  /** Epoch ms by which the first HTML must be ready, data included if it came; past it the render gives up. */
  deadline: number;
  /** How long sections whose data is late may still stream in; then the browser renders them. */
  streamTimeoutMs: number;
  /** Carried by React's inline scripts (revealing late sections): the answer's policy allows this nonce. */
  nonce: string;
}

/** An api answer the page was rendered from, and its entity tag (the render cache revalidates with it). */
export interface ApiRead {
  url: string;
  etag: string | null;
}

export interface RenderedPage {
  status: number;
  /** Tags for <head>: title, description, canonical, link previews, structured data, and the first HTML's styles. */
  head: string;
  /** The first HTML inside #root: the layout and the page, with a spinner in each section still waiting for data. */
  body: string;
  /**
   * Every section was ready when the first HTML left (none streams in late): `tail` holds only the
   * page's data, and the page can be sent whole, with an ETag, and kept for many visitors.
   */
  allReady: boolean;
  /** What follows #root: each late section with its styles as it arrives, then the page's data for hydration. */
  tail: AsyncIterable<string>;
  /** Once `tail` has ended: whether every section was rendered here, and the api answers used. */
  outcome(): { complete: boolean; reads: ApiRead[] };
}

/**
 * What a render rejected with when the remote's own code threw while rendering (not a budget that
 * ran out, nor a server build that would not load): the error itself, marked so. Its version's
 * rollout counts it as a runtime error (http/server-failure-reports.ts).
 */
export interface RemoteCodeFailure {
  remoteCodeFailed: true;
}

export const isRemoteCodeFailure = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as Partial<RemoteCodeFailure>).remoteCodeFailed === true;

export interface ServerRenderer {
  /** Rejects (with why) when the page cannot be rendered here in time: the client-rendered page is sent instead. */
  render(request: RenderRequest): Promise<RenderedPage>;
  /** Loads a remote's server build ahead of the first page that needs it. */
  warm(remote: RemoteVersion): Promise<void>;
}
