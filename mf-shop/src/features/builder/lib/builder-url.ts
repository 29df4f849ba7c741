import {
  ADVICE_BUDGET_MAX_CENTS,
  ADVICE_BUDGET_MIN_CENTS,
  ADVICE_USES,
  type AdviceUse,
  BUILDER_PATH,
  BUILD_SLOTS,
  CPU_IDS,
  type BuildSlot,
  type EncodedBuild,
  OBJECT_ID_PATTERN,
  decodeBuild,
  encodeBuild,
} from '@pcpp/contracts/core';

/*
 * The builder's state lives in its URL, so Back undoes a choice, a reload keeps the build and the
 * address is a link to share: /builder?b=<the build>&pick=<the slot being chosen>&all=1 ('Show
 * all'), and &saved=<id> while a saved build (/builder/{id}) is being changed. 'Suggest a build'
 * adds suggest=1&budget=<whole dollars>&use=<use>&cpu=<cpu id>: the panel is open, and with all
 * three its suggestion is the page's (the server renders it), so that link can be shared too. The
 * panel's form is a GET form of those very fields, so it works before the page's scripts run.
 */

export type BuilderPlace = BuildSlot | 'cpu';

/** What the 'Suggest a build' panel was asked: budget in whole dollars. */
export interface SuggestState {
  budget?: number;
  use?: AdviceUse;
  cpu?: string;
}

/** The request a complete SuggestState makes (budget in cents), or null. */
export function adviceRequestOf(suggest: SuggestState | undefined): { budget: number; use: AdviceUse; cpu: string } | null {
  if (!suggest?.budget || !suggest.use || !suggest.cpu) return null;
  return { budget: suggest.budget * 100, use: suggest.use, cpu: suggest.cpu };
}

export const SUGGEST_BUDGET_MIN_DOLLARS = ADVICE_BUDGET_MIN_CENTS / 100;
export const SUGGEST_BUDGET_MAX_DOLLARS = ADVICE_BUDGET_MAX_CENTS / 100;

function parseSuggest(params: URLSearchParams): SuggestState | undefined {
  if (!params.has('suggest')) return undefined;
  const budgetText = params.get('budget') ?? '';
  const budget = /^\d{1,6}$/.test(budgetText) ? Number(budgetText) : NaN;
  const use = params.get('use');
  const cpu = params.get('cpu');
  return {
    ...(budget >= SUGGEST_BUDGET_MIN_DOLLARS && budget <= SUGGEST_BUDGET_MAX_DOLLARS ? { budget } : {}),
    ...(use && (ADVICE_USES as readonly string[]).includes(use) ? { use: use as AdviceUse } : {}),
    ...(cpu && (CPU_IDS as readonly string[]).includes(cpu) ? { cpu } : {}),
  };
}

export interface BuilderUrlState {
  build: EncodedBuild;
  /** The saved build this one was opened from (its page, or its changes). */
  savedId?: string;
  /** The slot whose list is open. */
  pick?: BuilderPlace;
  /** The open list shows every part, not only the compatible ones. */
  showAll?: boolean;
  /** The 'Suggest a build' panel is open, with what it was asked. */
  suggest?: SuggestState;
}

const PLACES = new Set<string>(['cpu', ...BUILD_SLOTS]);

/** The state in a /builder address (anything it does not understand is left out). */
export function parseBuilderSearch(search: string): Omit<BuilderUrlState, 'build'> & { build: EncodedBuild } {
  const params = new URLSearchParams(search);
  const saved = params.get('saved');
  const pick = params.get('pick');
  const suggest = parseSuggest(params);
  return {
    build: decodeBuild(params.get('b')),
    ...(saved && OBJECT_ID_PATTERN.test(saved) ? { savedId: saved } : {}),
    ...(pick && PLACES.has(pick) ? { pick: pick as BuilderPlace } : {}),
    ...(params.get('all') === '1' ? { showAll: true } : {}),
    ...(suggest ? { suggest } : {}),
  };
}

/** The query string of a builder state, in a fixed order; '' when there is nothing. */
export function builderSearch(state: BuilderUrlState, { withBuild = true } = {}): string {
  const parts: string[] = [];
  const encoded = encodeBuild(state.build);
  if (withBuild && encoded) parts.push(`b=${encoded}`);
  if (withBuild && state.savedId) parts.push(`saved=${state.savedId}`);
  if (state.suggest) {
    parts.push('suggest=1');
    const { budget, use, cpu } = state.suggest;
    if (budget) parts.push(`budget=${budget}`);
    if (use) parts.push(`use=${use}`);
    if (cpu) parts.push(`cpu=${cpu}`);
  }
  if (state.pick) parts.push(`pick=${state.pick}`);
  if (state.pick && state.showAll) parts.push('all=1');
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The builder with this build in its address. */
export function builderUrl(state: BuilderUrlState): string {
  return `${BUILDER_PATH}${builderSearch(state)}`;
}
