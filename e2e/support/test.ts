import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { stackUrls } from './environment';

// Every e2e spec takes `test` and `expect` from here (the lint refuses `@playwright/test` in
// e2e/tests). A server-rendered page is on screen before React owns it, and an action on the
// server's plain HTML is lost: a click follows a plain link (a full page load), a choice is undone
// when React hydrates. So every action below waits until React owns the element it touches.

/** The actions that reach an element's handlers: each waits for React first. */
const ACTIONS = [
  'check',
  'clear',
  'click',
  'dblclick',
  'dispatchEvent',
  'dragTo',
  'fill',
  'press',
  'pressSequentially',
  'selectOption',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;

/** Locators whose action is meant for the server's HTML, before hydration (see `onServerHtml`). */
const beforeHydration = new WeakSet<Locator>();
/** Contexts whose pages run no script: React never comes, nothing to wait for. */
const scriptless = new WeakSet<BrowserContext>();
/** The contexts a running test opened itself (browser.newContext / newPage): closed when it ends, whatever happened. */
let openedByTest: BrowserContext[] = [];

/**
 * For a test of what happens to an action made on the server's HTML before React hydrates it: the
 * action of this locator does not wait.
 */
export function onServerHtml(locator: Locator): Locator {
  beforeHydration.add(locator);
  return locator;
}

/**
 * True once React owns `node`, or when nothing will ever hydrate it: a page of another origin (the
 * api's reference, the mail inbox), a page the browser rendered itself, or an element made in the
 * browser by code other than React (the Stripe stand-in's card fields), which the server never sent.
 */
function ownedByReact(node: Element, shellOrigin: string): boolean {
  const page = node.ownerDocument;
  if (page.defaultView?.location.origin !== shellOrigin) return true;
  if (!page.getElementById('root')?.hasAttribute('data-server-rendered')) return true;
  if (Object.keys(node).some((key) => key.startsWith('__reactFiber$'))) return true;
  // Not React's (yet). The server's elements are marked when the HTML is parsed (below): one of
  // them waits for React to hydrate it; anything else was made later, in the browser.
  return !(node as Element & { __sentByServer?: boolean }).__sentByServer;
}

/** Runs in every page before its scripts: marks each element of the server's HTML. */
function markServerHtml(shellOrigin: string) {
  if (location.origin !== shellOrigin) return;
  document.addEventListener(
    'DOMContentLoaded',
    () => {
      const root = document.getElementById('root');
      if (!root?.hasAttribute('data-server-rendered')) return;
      for (const element of root.querySelectorAll('*')) (element as Element & { __sentByServer?: boolean }).__sentByServer = true;
    },
    { once: true },
  );
}

const shellOrigin = new URL(stackUrls.shell).origin;

async function untilReactOwns(locator: Locator): Promise<void> {
  if (beforeHydration.has(locator) || scriptless.has(locator.page().context())) return;
  await expect
    // A navigation in between destroys the page's context: asked again on the next page.
    .poll(() => locator.evaluate(ownedByReact, shellOrigin).catch(() => false), {
      message: `React has not hydrated ${locator.toString()} yet: an action on the server's HTML would be lost (use onServerHtml(locator) if that is the point)`,
      intervals: [20, 50, 100, 250],
      timeout: 30_000,
    })
    .toBe(true);
}

/** Wraps the actions of every Locator (one prototype for all pages) and marks every new context. */
function guardActions(page: Page) {
  const prototype = Object.getPrototypeOf(page.locator('html')) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of ACTIONS) {
    const action = prototype[name]!;
    prototype[name] = async function (this: Locator, ...args: unknown[]) {
      await untilReactOwns(this);
      if (name === 'dragTo' && args[0]) await untilReactOwns(args[0] as Locator);
      return action.apply(this, args);
    };
  }
  // The page's own shortcuts take a selector first: the same wait, through a locator of it.
  const pagePrototype = Object.getPrototypeOf(page) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['check', 'click', 'dblclick', 'dispatchEvent', 'fill', 'press', 'selectOption', 'setChecked', 'setInputFiles', 'tap', 'type', 'uncheck']) {
    const action = pagePrototype[name]!;
    pagePrototype[name] = async function (this: Page, selector: unknown, ...args: unknown[]) {
      if (typeof selector === 'string') await untilReactOwns(this.locator(selector));
      return action.call(this, selector, ...args);
    };
  }
  const browserPrototype = Object.getPrototypeOf(page.context().browser()) as Browser;
  const newContext = browserPrototype.newContext;
  browserPrototype.newContext = async function (this: Browser, options) {
    const context = await newContext.call(this, options);
    openedByTest.push(context);
    if (options?.javaScriptEnabled === false) scriptless.add(context);
    await context.addInitScript(markServerHtml, shellOrigin);
    return context;
  };
}

export const test = base.extend<{ context: BrowserContext; closeOwnContexts: void }, { guardedActions: void }>({
  // Once per worker, before any test: the prototypes are the same for every page and browser.
  guardedActions: [
    async ({ browser }, provide) => {
      const context = await browser.newContext();
      guardActions(await context.newPage());
      await context.close();
      await provide();
    },
    { scope: 'worker', auto: true },
  ],
  // A test that fails halfway leaves no browser of its own behind to disturb the next one.
  closeOwnContexts: [
    // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      openedByTest = [];
      await provide();
      await Promise.all(openedByTest.splice(0).map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
  context: async ({ context, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled === false) scriptless.add(context);
    await context.addInitScript(markServerHtml, shellOrigin);
    await provide(context);
  },
});

export { expect };
export type { APIRequestContext, Browser, BrowserContext, ConsoleMessage, Locator, Page, Request, Response, Route, TestInfo } from '@playwright/test';
