import {
  BUILDER_PATH,
  BUILD_SLOTS,
  type BuildSlot,
  type EncodedBuild,
  OBJECT_ID_PATTERN,
  decodeBuild,
  encodeBuild,
} from '@pcpp/contracts/core';

/*
 * The builder's state lives in its URL, so Back undoes a choice, a reload keeps the build and the
 * address is a link to share: /builder?b=<the build>&pick=<the slot being chosen>&all=1 ('Show
 * all'), and &saved=<id> while a saved build (/builder/{id}) is being changed.
 */

export type BuilderPlace = BuildSlot | 'cpu';

export interface BuilderUrlState {
  build: EncodedBuild;
  /** The saved build this one was opened from (its page, or its changes). */
  savedId?: string;
  /** The slot whose list is open. */
  pick?: BuilderPlace;
  /** The open list shows every part, not only the compatible ones. */
  showAll?: boolean;
}

const PLACES = new Set<string>(['cpu', ...BUILD_SLOTS]);

/** The state in a /builder address (anything it does not understand is left out). */
export function parseBuilderSearch(search: string): Omit<BuilderUrlState, 'build'> & { build: EncodedBuild } {
  const params = new URLSearchParams(search);
  const saved = params.get('saved');
  const pick = params.get('pick');
  return {
    build: decodeBuild(params.get('b')),
    ...(saved && OBJECT_ID_PATTERN.test(saved) ? { savedId: saved } : {}),
    ...(pick && PLACES.has(pick) ? { pick: pick as BuilderPlace } : {}),
    ...(params.get('all') === '1' ? { showAll: true } : {}),
  };
}

/** The query string of a builder state, in a fixed order; '' when there is nothing. */
export function builderSearch(state: BuilderUrlState, { withBuild = true } = {}): string {
  const parts: string[] = [];
  const encoded = encodeBuild(state.build);
  if (withBuild && encoded) parts.push(`b=${encoded}`);
  if (withBuild && state.savedId) parts.push(`saved=${state.savedId}`);
  if (state.pick) parts.push(`pick=${state.pick}`);
  if (state.pick && state.showAll) parts.push('all=1');
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The builder with this build in its address. */
export function builderUrl(state: BuilderUrlState): string {
  return `${BUILDER_PATH}${builderSearch(state)}`;
}
