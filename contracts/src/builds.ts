import { BUILD_SLOTS, type BuildSlot } from './build-slots';
import type { SavedBuild } from './build-schemas';
import { CPU_IDS, cpuById } from './cpus';
import { BUILDER_PATH } from './pages';

/*
 * Saved and shared builds (POST/GET/PUT/DELETE /builds, POST /builds/check) and a visitor's build
 * in the builder's URL (/builder?b=…).
 */

/** A customer keeps at most this many saved builds (POST /builds answers 409 beyond it). */
export const MAX_SAVED_BUILDS_PER_ACCOUNT = 100;
export const BUILD_NAME_MAX = 80;
export const DEFAULT_BUILD_NAME = 'My build';
/** Builds per page of My Builds (GET /builds?mine=true). */
export const BUILDS_PAGE_SIZE = 10;

export const buildTexts = {
  tooMany: `You have ${MAX_SAVED_BUILDS_PER_ACCOUNT} saved builds, the most one account can keep: delete one in My Builds to save another.`,
  notOwner: 'Only the account that saved this build can change or delete it.',
  notFound: 'No saved build has this id.',
  mineRequired: 'Builds are listed for their owner only: ask for mine=true.',
  wrongCategory: (slot: string, category: string, name: string, actual: string) =>
    `The ${slot} slot takes a ${category} part; the ${name} is a ${actual} part.`,
  partMissing: (slot: string, id: string) => `The ${slot} slot names part ${id}, which the catalog does not have.`,
  nameRequired: 'Build name is required',
  empty: 'A build needs at least one part or a CPU.',
} as const;

export type BuildParts = Partial<Record<BuildSlot, string>>;

/** What a saved build holds, as its shared link's preview says it: the CPU and each part still sold, and the total. */
export function savedBuildContents(build: Pick<SavedBuild, 'cpu' | 'slots' | 'check'>): { parts: string[]; totalCents: number } {
  const cpu = cpuById(build.cpu)?.name;
  const parts = build.slots.flatMap((slot) => (slot.part ? [slot.part.name] : []));
  return { parts: cpu ? [cpu, ...parts] : parts, totalCents: build.check.totalCents };
}

/** A visitor's build in the URL: /builder?b=cpu-ryzen-7-7700x.motherboard-<id>.memory-<id> */
export interface EncodedBuild {
  cpu: string | null;
  parts: BuildParts;
}

const PLACES = new Set<string>(['cpu', ...BUILD_SLOTS]);

export function encodeBuild({ cpu, parts }: EncodedBuild): string {
  const entries = [...(cpu ? [`cpu-${cpu}`] : []), ...BUILD_SLOTS.flatMap((slot) => (parts[slot] ? [`${slot}-${parts[slot]}`] : []))];
  return entries.join('.');
}

/** Reads `b`; anything it does not understand (an unknown CPU or slot, a bad id) is left out. */
export function decodeBuild(text: string | null | undefined): EncodedBuild {
  const build: EncodedBuild = { cpu: null, parts: {} };
  for (const entry of (text ?? '').split('.').slice(0, BUILD_SLOTS.length + 1)) {
    const dash = entry.indexOf('-');
    if (dash < 1) continue;
    const place = entry.slice(0, dash);
    const value = entry.slice(dash + 1);
    if (!PLACES.has(place)) continue;
    if (place === 'cpu') {
      if ((CPU_IDS as readonly string[]).includes(value)) build.cpu = value;
    } else if (/^[0-9a-f]{24}$/.test(value)) build.parts[place as BuildSlot] = value;
  }
  return build;
}

/** A saved build's shareable page: /builder/{id}. */
export function savedBuildHref(id: string): string {
  return `${BUILDER_PATH}/${encodeURIComponent(id)}`;
}

/** The builder with a visitor's build in its URL. */
export function builderHref(build: EncodedBuild): string {
  const encoded = encodeBuild(build);
  return encoded ? `${BUILDER_PATH}?b=${encoded}` : BUILDER_PATH;
}
