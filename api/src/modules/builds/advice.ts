import {
  ADVICE_SLOTS,
  ADVICE_SWEET_SPOTS,
  ADVICE_WEIGHTS,
  type AdviceAlternative,
  type AdviceSlot,
  type AdviceUse,
  type BuildAdvice,
  type Cpu,
  ADVICE_ALLOWANCE_W,
  adviceRecommendedW,
  adviceTexts,
  checkBuild,
  formatBudget,
  formatCapacity,
  formatCents,
  GPU_PERFORMANCE_SOURCE,
  gpuPerformance,
  specsOf,
} from '@pcpp/contracts/core';
import { type AdvisedBuild, type AdvisorCandidates, type AdvisorRequest, type StockedPart, advisorCandidates, driveFits, memoryFits, solveAdvice } from './advisor';

/*
 * The advisor's answer around the solver: the suggestion, its reasons in plain words, a cheaper and
 * a stronger alternative, and the sentence of a 422 when nothing fits. Pure: the service reads the
 * catalog and the kept parts, this decides.
 */

/** The cheaper alternative is the best build within this share of the suggestion's total. */
export const CHEAPER_SHARE = 0.8;
/** The stronger alternative is the best build within this share of the budget (when it scores more). */
export const STRONGER_SHARE = 1.2;

export type AdviceOutcome = { advice: Omit<BuildAdvice, 'parts'> & { parts: StockedPart[] } } | { refused: string };

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four'];
/** 'the 12V-2x6 connector', 'the two PCIe 8-pin connectors' (after 'the'). */
const counted = (count: number, word: string) => (count === 1 ? word : `${NUMBER_WORDS[count] ?? count} ${word}s`);

const activity: Record<AdviceUse, string> = { gaming: 'games', creator: 'editing and rendering', office: 'office work' };
const storagePurpose: Record<AdviceUse, string> = { gaming: 'a large game library', creator: 'footage and projects', office: 'years of documents' };

const selectionOf = (build: AdvisedBuild) =>
  Object.fromEntries(ADVICE_SLOTS.flatMap((slot) => (build.parts[slot] ? [[slot, build.parts[slot]!._id]] : []))) as Partial<Record<AdviceSlot, string>>;

/** The cheapest build from these candidates, or null when none fits together. */
function cheapestWith(candidates: AdvisorCandidates, change: Partial<AdvisorCandidates>): AdvisedBuild | null {
  return solveAdvice({ ...candidates, ...change }, Number.MAX_SAFE_INTEGER, { ignoreValues: true });
}

/** Why nothing fits at any price: the first slot the catalog cannot fill. */
function missingSentence(candidates: AdvisorCandidates, request: AdvisorRequest): string {
  const { cpu } = request;
  if (request.keep && Object.keys(request.keep).length > 0) return adviceTexts.keptNoCombination(cpu);
  if (candidates.boards.length === 0) return adviceTexts.noBoard(cpu);
  if (!candidates.boards.some((board) => candidates.memory.some((kit) => memoryFits(board.specs, kit.specs)))) return adviceTexts.noMemory(cpu);
  if (!candidates.boards.some((board) => candidates.storage.some((drive) => driveFits(board.specs, drive.specs)))) return adviceTexts.noDrive(request.storageMinGB);
  if (candidates.coolers.length === 0) return adviceTexts.noCooler(cpu);
  if (candidates.gpus.length === 0) return adviceTexts.noCard;
  if (candidates.psus.length === 0 || !cheapestWith(candidates, {})) return adviceTexts.noSupply;
  return adviceTexts.noCombination(cpu);
}

function gpuReason(build: AdvisedBuild, candidates: AdvisorCandidates, request: AdvisorRequest): string {
  const { cpu, use, budget } = request;
  const gpu = build.parts.gpu;
  if (!gpu) return `No video card: the ${cpu.name}'s own graphics drive office work, and a card would earn an office PC nothing.`;
  const specs = specsOf(gpu, 'Video Card')!;
  const performance = gpuPerformance(specs);
  const estimated = performance.estimated
    ? ` (its speed is estimated from its ${specs.boardPowerW} W board power: the chip is not in our performance table)`
    : '';
  if (use === 'office') return `${specs.chip}: the ${cpu.name} has no graphics of its own, so the PC needs a card; this is the cheapest that fits the build.`;
  const psu = specsOf(build.parts.psu, 'Power Supplies')!;
  // The cheapest build with any faster card: one solve over them all.
  const faster = candidates.gpus.filter((card) => card.part && gpuPerformance(card.specs as typeof specs).relative > performance.relative);
  const fasterFits = faster.length > 0 && (cheapestWith(candidates, { gpus: faster })?.total ?? Infinity) <= budget;
  if (!fasterFits) {
    return `${specs.chip}${estimated}: the fastest card that fits in ${formatBudget(budget)} with the ${psu.wattage} W ${psu.efficiency} supply to feed it.`;
  }
  return (
    `${specs.chip}${estimated}: ${performance.relative} % of a ${GPU_PERFORMANCE_SOURCE.reference}'s speed; a faster card fits in ` +
    `${formatBudget(budget)} only by giving up more memory, storage or supply than it adds.`
  );
}

function memoryReason(build: AdvisedBuild, candidates: AdvisorCandidates, request: AdvisorRequest): string {
  const kit = specsOf(build.parts.memory, 'Memory')!;
  const board = specsOf(build.parts.motherboard, 'Motherboard')!;
  const sweet = ADVICE_SWEET_SPOTS[request.use].memoryGB;
  const total = kit.modules * kit.moduleGB;
  const head = `${total} GB ${kit.memoryType}-${kit.speedMTs}: your board takes ${kit.memoryType}`;
  if (total === sweet) return `${head}; ${sweet} GB is the sweet spot for ${activity[request.use]}.`;
  if (total > sweet) return `${head}; more than the ${sweet} GB sweet spot for ${activity[request.use]}, and the budget had room for it.`;
  const bigger = candidates.memory.some((other) => other.specs.modules * other.specs.moduleGB >= sweet && memoryFits(board, other.specs));
  return bigger
    ? `${head}; ${sweet} GB is the sweet spot for ${activity[request.use]}, but it leaves too little for the rest within ${formatBudget(request.budget)}.`
    : `${head}; ${sweet} GB is the sweet spot for ${activity[request.use]}, but no kit that large for this board is in stock.`;
}

function storageReason(build: AdvisedBuild, request: AdvisorRequest): string {
  const drive = specsOf(build.parts.storage, 'Storage')!;
  const sweet = ADVICE_SWEET_SPOTS[request.use].storageGB;
  const kind = drive.interface === 'NVMe M.2' ? 'NVMe, several times faster than SATA' : 'SATA, slower than NVMe but more room for the money';
  const asked = request.storageMinGB ? `, at least the ${formatCapacity(request.storageMinGB)} you asked for` : '';
  const room =
    drive.capacityGB === sweet
      ? `${formatCapacity(sweet)} holds ${storagePurpose[request.use]}`
      : drive.capacityGB > sweet
        ? `more than the ${formatCapacity(sweet)} that ${storagePurpose[request.use]} take`
        : `${formatCapacity(sweet)} would hold ${storagePurpose[request.use]}, but it leaves too little for the rest`;
  return `${formatCapacity(drive.capacityGB)} ${kind}${asked}; ${room}.`;
}

function psuReason(build: AdvisedBuild, cpu: Cpu): string {
  const psu = specsOf(build.parts.psu, 'Power Supplies')!;
  const gpu = specsOf(build.parts.gpu, 'Video Card');
  const estimatedW = cpu.tdpW + (gpu?.boardPowerW ?? 0) + ADVICE_ALLOWANCE_W;
  const recommendedW = adviceRecommendedW(cpu, gpu?.boardPowerW ?? 0);
  const needed = [
    ...(gpu && gpu.pcie12v2x6 > 0 ? [counted(gpu.pcie12v2x6, '12V-2x6 connector')] : []),
    ...(gpu && gpu.pcie8Pin > 0 ? [counted(gpu.pcie8Pin, 'PCIe 8-pin connector')] : []),
  ];
  const connectors = needed.length > 0 ? `, with the ${needed.join(' and the ')} the card needs` : '';
  return (
    `${psu.wattage} W ${psu.efficiency}: the build draws an estimated ${estimatedW} W; with 25 % headroom it needs ${recommendedW} W, ` +
    `leaving ${psu.wattage - recommendedW} W spare${connectors}.`
  );
}

function reasonsFor(build: AdvisedBuild, candidates: AdvisorCandidates, request: AdvisorRequest): Partial<Record<AdviceSlot, string>> {
  const { cpu } = request;
  const board = specsOf(build.parts.motherboard, 'Motherboard')!;
  const cooler = specsOf(build.parts.cooler, 'CPU Cooler')!;
  const headroom = Math.round(((cooler.ratedTdpW - cpu.tdpW) / cpu.tdpW) * 100);
  const reasons: Partial<Record<AdviceSlot, string>> = {
    motherboard:
      `${board.chipset} ${board.formFactor}: fits the ${cpu.name}'s ${board.socket} socket; the cheapest in-stock board that takes this memory ` +
      'and drive, since a board earns no points and the money goes to the parts that do.',
    cooler: `Rated for ${cooler.ratedTdpW} W against the ${cpu.name}'s ${cpu.tdpW} W TDP: ${headroom} % headroom, so it stays quiet under load.`,
    memory: memoryReason(build, candidates, request),
    storage: storageReason(build, request),
    gpu: gpuReason(build, candidates, request),
    psu: psuReason(build, cpu),
  };
  for (const slot of ADVICE_SLOTS) {
    const kept = request.keep?.[slot];
    if (kept) reasons[slot] = `The ${kept.name}: kept, as you asked.`;
  }
  return reasons;
}

/** '+$180.00: the … (GeForce RTX 4080 SUPER) instead of the GeForce RTX 4070, about 57 % faster; the 1000 W … instead of the 750 W …' */
function alternativeSummary(from: AdvisedBuild, to: AdvisedBuild): string {
  const difference = to.total - from.total;
  const changes: string[] = [];
  for (const slot of ['gpu', 'memory', 'storage', 'psu', 'cooler', 'motherboard'] as const) {
    const before = from.parts[slot];
    const after = to.parts[slot];
    if (before?._id === after?._id) continue;
    if (slot === 'gpu') {
      const was = specsOf(before, 'Video Card');
      const now = specsOf(after, 'Video Card');
      if (!now) changes.push('no video card');
      else if (!was) changes.push(`the ${after!.name} (${now.chip})`);
      else {
        const change = Math.round((gpuPerformance(now).relative / gpuPerformance(was).relative - 1) * 100);
        const speed = change === 0 ? 'about as fast' : `about ${Math.abs(change)} % ${change > 0 ? 'faster' : 'slower'}`;
        changes.push(`the ${after!.name} (${now.chip}) instead of the ${was.chip}, ${speed}`);
      }
    } else if (after) changes.push(before ? `the ${after.name} instead of the ${before.name}` : `the ${after.name}`);
  }
  return `${difference >= 0 ? '+' : '−'}${formatCents(Math.abs(difference))}: ${changes.join('; ')}`;
}

function alternative(label: AdviceAlternative['label'], from: AdvisedBuild, to: AdvisedBuild): AdviceAlternative {
  return { label, selection: selectionOf(to), total: to.total, score: to.score, difference: to.total - from.total, summary: alternativeSummary(from, to) };
}

/**
 * The stronger alternative: the best build within STRONGER_SHARE of the budget that scores more,
 * and, where the card earns points, with a faster card (a better supply alone is no step up for games).
 */
function strongerBuild(candidates: AdvisorCandidates, best: AdvisedBuild, request: AdvisorRequest): AdvisedBuild | null {
  const budget = Math.floor(request.budget * STRONGER_SHARE);
  const card = specsOf(best.parts.gpu, 'Video Card');
  const fasterOnly = ADVICE_WEIGHTS[request.use].gpuPerformance > 0 && card && !request.keep?.gpu;
  const gpus = fasterOnly ? candidates.gpus.filter((option) => option.part && gpuPerformance(option.specs as typeof card).relative > gpuPerformance(card).relative) : candidates.gpus;
  const found = solveAdvice({ ...candidates, gpus }, budget);
  return found && found.score > best.score ? found : null;
}

/** The advisor's answer for a catalog (its in-stock parts) and a request whose kept parts are checked already. */
export function advise(catalog: readonly StockedPart[], request: AdvisorRequest): AdviceOutcome {
  const candidates = advisorCandidates(catalog, request);
  const best = solveAdvice(candidates, request.budget);
  if (!best) {
    const cheapest = solveAdvice(candidates, Number.MAX_SAFE_INTEGER, { ignoreValues: true });
    return { refused: cheapest ? adviceTexts.overBudget(cheapest.total, request.budget) : missingSentence(candidates, request) };
  }
  const alternatives: AdviceAlternative[] = [];
  const cheaper = solveAdvice(candidates, Math.floor(best.total * CHEAPER_SHARE));
  if (cheaper) alternatives.push(alternative('cheaper', best, cheaper));
  const stronger = strongerBuild(candidates, best, request);
  if (stronger) alternatives.push(alternative('stronger', best, stronger));

  const named = new Map<string, StockedPart>();
  for (const build of [best, cheaper, stronger]) for (const part of Object.values(build?.parts ?? {})) named.set(part!._id, part!);
  return {
    advice: {
      selection: selectionOf(best),
      total: best.total,
      score: best.score,
      reasons: reasonsFor(best, candidates, request),
      alternatives,
      check: checkBuild({ cpu: request.cpu, parts: best.parts }),
      parts: [...named.values()],
    },
  };
}
