import type { ManifestChoice, RemoteName } from '@pcpp/contracts/core';

/** Where one version of a remote serves its files from: its manifest's folder (origin and path). */
export interface RemoteFiles {
  remote: RemoteName;
  version: string;
  /** The manifest's folder, ending in `/`: every file of that build lies under it. */
  base: string;
}

/** What a runtime error report says of the error (POST /remotes/errors, kind 'runtime'). */
export interface RuntimeError {
  message: string;
  /** The first frame of the stack that lies in the remote's files (`url:line:column`), when one does. */
  source?: string;
  /** The stack's first lines. */
  stack?: string;
}

/** The folder of a manifest URL, or undefined when it is not one (a relative or broken address). */
export function filesBase(manifestUrl: string): string | undefined {
  try {
    const url = new URL('.', manifestUrl);
    url.search = '';
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/** Where each remote version a page may run serves its files: the chosen one's and its fallback's; never a build without a version. */
export function filesOf(choices: readonly [RemoteName, ManifestChoice][]): RemoteFiles[] {
  const files: RemoteFiles[] = [];
  const add = (remote: RemoteName, manifestUrl: string | undefined, version: string | undefined) => {
    const base = manifestUrl && filesBase(manifestUrl);
    if (base && version) files.push({ remote, version, base });
  };
  for (const [remote, choice] of choices) {
    add(remote, choice.manifestUrl, choice.version);
    add(remote, choice.previous, choice.previousVersion);
  }
  return files;
}

export const MAX_ERROR_MESSAGE_LENGTH = 500;
export const MAX_STACK_LENGTH = 2_000;

// A stack frame's script address: Chromium's `at f (https://host/path.js:1:2)`, Firefox's and
// Safari's `f@https://host/path.js:1:2`.
const FRAME_URL = /(https?:\/\/[^\s()@]+):\d+:\d+(?=[\s)]|$)/gm;

/**
 * The remote version whose files a stack lies in: the first (innermost) frame that lies under one
 * of `files`' folders. A frame of the shell or of a shared library (react-dom calling a remote's
 * handler) is passed over; `fallbackUrl` (the error event's script) counts when no frame does.
 */
export function remoteOfStack(stack: string, files: readonly RemoteFiles[], fallbackUrl?: string): { files: RemoteFiles; source: string } | undefined {
  const frames = [...stack.matchAll(FRAME_URL)].map((match) => ({ url: match[1]!, frame: match[0] }));
  if (fallbackUrl) frames.push({ url: fallbackUrl, frame: fallbackUrl });
  for (const { url, frame } of frames) {
    const owner = files.find((candidate) => url.startsWith(candidate.base));
    if (owner) return { files: owner, source: frame };
  }
  return undefined;
}

/** `Name: message` of anything thrown, at most MAX_ERROR_MESSAGE_LENGTH characters. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : safeString(error);
  return (text.trim() || 'Unknown error').slice(0, MAX_ERROR_MESSAGE_LENGTH);
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const stackOf = (error: unknown): string => (error instanceof Error && typeof error.stack === 'string' ? error.stack : '');

/** The stack's first lines that fit the report, whole lines only. */
export function stackExcerpt(stack: string): string | undefined {
  const lines: string[] = [];
  let length = 0;
  for (const line of stack.split('\n')) {
    if (length + line.length + 1 > MAX_STACK_LENGTH) break;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').trim() || undefined;
}

/** What a report says of `error`: its line, where in the remote it was thrown, and its stack's start. */
function describe(error: unknown, source: string | undefined): RuntimeError {
  const stack = stackExcerpt(stackOf(error));
  return { message: errorText(error), ...(source ? { source: source.slice(0, MAX_ERROR_MESSAGE_LENGTH) } : {}), ...(stack ? { stack } : {}) };
}

/**
 * A page's runtime errors in its remotes, reported once per remote version (the api counts one
 * report per load id and version): what a remote's error boundary caught, and the uncaught errors
 * and unhandled rejections whose stack lies in a remote's files. An error elsewhere (the shell's own
 * code, a browser extension) is no remote's, and nothing is reported.
 */
export function createRuntimeErrorReports({
  files,
  report,
}: {
  /** The remote versions this page runs now (their folders). */
  files: () => readonly RemoteFiles[];
  report: (remote: RemoteName, version: string, error: RuntimeError) => void;
}) {
  const reported = new Set<string>();

  function once(remote: RemoteName, version: string, error: RuntimeError): boolean {
    const key = `${remote}\n${version}`;
    if (reported.has(key)) return false;
    reported.add(key);
    report(remote, version, error);
    return true;
  }

  /** An error thrown outside React's rendering, or a rejection: reported when its stack lies in a remote's files. */
  function uncaught(error: unknown, scriptUrl?: string): boolean {
    const owner = remoteOfStack(stackOf(error), files(), scriptUrl || undefined);
    if (!owner) return false;
    return once(owner.files.remote, owner.files.version, describe(error, owner.source));
  }

  return {
    /** What a remote's error boundary caught while that version rendered: the remote is known. */
    caught(remote: RemoteName, version: string, error: unknown): boolean {
      const owner = remoteOfStack(stackOf(error), files().filter((candidate) => candidate.remote === remote));
      return once(remote, version, describe(error, owner?.source));
    },
    uncaught,
  };
}

export type RuntimeErrorReports = ReturnType<typeof createRuntimeErrorReports>;
