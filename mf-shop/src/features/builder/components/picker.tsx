import type { ReactNode } from 'react';
import styled from 'styled-components';
import { resolveImageUrl } from '@pcpp/contracts';
import {
  type BuildSelection,
  type BuildSlot,
  CPUS,
  type Category,
  type Cpu,
  type Part,
  checkBuild,
  cpuFitsBuild,
  fitsBuild,
  formatCents,
  slotCategory,
  slotLabels,
  specSummary,
} from '@pcpp/contracts/core';
import { Button, QueryView } from '@pcpp/contracts/ui';
import { surface } from '../../../components/surface';
import { media } from '../../../lib/breakpoints';
import { useSlotParts } from '../api/get-slot-parts';

const Box = styled.section`
  ${surface}
  margin: 0 0 14px;
  padding: 14px;
  background: #f8fafc;
  display: grid;
  gap: 12px;
  ${media.medium} { padding: 18px; }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  h3 { margin: 0; font-size: 1.1rem; }
  p { margin: 2px 0 0; color: var(--color-muted); font-size: 0.9rem; }
  div:last-child { display: flex; flex-wrap: wrap; gap: 8px; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Option = styled.li<{ $fits: boolean }>`
  ${surface}
  box-shadow: none;
  padding: 10px 12px;
  display: grid;
  grid-template-columns: 56px minmax(0, 1fr);
  gap: 4px 12px;
  align-items: center;
  border-color: ${({ $fits }) => ($fits ? 'var(--color-border)' : '#fecaca')};
  img { width: 56px; height: 42px; object-fit: contain; background: #eef2f7; border-radius: 6px; grid-row: span 2; }
  strong { overflow-wrap: anywhere; }
  p { margin: 0; color: var(--color-muted); font-size: 0.9rem; overflow-wrap: anywhere; }
  .why { color: var(--color-danger); }
  .choose { grid-column: 1 / -1; display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; }
  .price { font-weight: 700; color: var(--color-primary-dark); font-variant-numeric: tabular-nums; }
  ${media.medium} {
    grid-template-columns: 56px minmax(0, 1fr) auto;
    .choose { grid-column: 3; grid-row: 1 / span 2; flex-direction: column; align-items: flex-end; }
  }
`;

/** A CPU has no picture: name and facts, then Choose. */
const CpuOption = styled(Option)`
  grid-template-columns: minmax(0, 1fr);
  ${media.medium} {
    grid-template-columns: minmax(0, 1fr) auto;
    .choose { grid-column: 2; }
  }
`;

const CHOOSE: Readonly<Record<Category, string>> = {
  Motherboard: 'Choose a motherboard',
  'CPU Cooler': 'Choose a CPU cooler',
  Memory: 'Choose memory',
  Storage: 'Choose a drive',
  'Video Card': 'Choose a video card',
  'Power Supplies': 'Choose a power supply',
};

/** The open list of one slot: a heading, the compatible filter with 'Show all', and the rows. */
function PickerFrame({
  titleId,
  title,
  counts,
  showAll,
  hidden,
  onToggleAll,
  onClose,
  children,
}: {
  titleId: string;
  title: string;
  counts: string;
  showAll: boolean;
  hidden: number;
  onToggleAll: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Box aria-labelledby={titleId}>
      <Head>
        <div>
          <h3 id={titleId}>{title}</h3>
          <p>{counts}</p>
        </div>
        <div>
          {(showAll || hidden > 0) && (
            <Button type="button" $variant="secondary" onClick={onToggleAll}>
              {showAll ? 'Show compatible only' : `Show all (${hidden} not compatible)`}
            </Button>
          )}
          <Button type="button" $variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </Head>
      {children}
    </Box>
  );
}

/** Why a part would not fit: the Problems it would add that name its slot. */
function whyNot(selection: BuildSelection, slot: BuildSlot, part: Part): string | undefined {
  const withPart: BuildSelection = { ...selection, parts: { ...selection.parts, [slot]: part } };
  return checkBuild(withPart).results.find((result) => result.level === 'problem' && result.places.includes(slot))?.message;
}

/**
 * The catalog of a slot's category, filtered to the parts compatible with what is already
 * chosen ('Show all' lifts the filter and says why each other part does not fit). A part
 * without specs cannot be checked: it stays in the list, marked.
 */
export function PartPicker({
  slot,
  selection,
  chosenId,
  showAll,
  onToggleAll,
  onChoose,
  onClose,
}: {
  slot: BuildSlot;
  selection: BuildSelection;
  chosenId: string | undefined;
  showAll: boolean;
  onToggleAll: () => void;
  onChoose: (part: Part) => void;
  onClose: () => void;
}) {
  const category = slotCategory[slot];
  const query = useSlotParts(category);
  const titleId = `pick-${slot}-title`;
  const parts = query.data?.pages.flatMap((page) => page.items) ?? [];
  const fitting = new Set(parts.filter((part) => fitsBuild(selection, slot, part)).map((part) => part._id));
  const shown = showAll ? parts : parts.filter((part) => fitting.has(part._id));
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <PickerFrame
      titleId={titleId}
      title={slot === 'storage' || slotLabels[slot] === category ? CHOOSE[category] : `${CHOOSE[category]} (${slotLabels[slot]})`}
      counts={query.isSuccess ? `${total} in the catalog · ${fitting.size} of those listed fit this build` : ' '}
      showAll={showAll}
      hidden={parts.length - fitting.size}
      onToggleAll={onToggleAll}
      onClose={onClose}
    >
      <QueryView
        query={query}
        loadingLabel={`Loading ${category} parts…`}
        failure={`We could not load the ${category} parts.`}
        isEmpty={() => shown.length === 0}
        empty={() => (
          <p>
            {parts.length === 0
              ? `No ${category} part is in the catalog yet.`
              : `No ${category} part in the catalog fits this build. Show all to see why.`}
          </p>
        )}
      >
        {() => (
          <List aria-label={`${category} parts`}>
            {shown.map((part) => {
              const fits = fitting.has(part._id);
              const reason = fits ? undefined : whyNot(selection, slot, part);
              const nameId = `option-${slot}-${part._id}`;
              return (
                <Option key={part._id} $fits={fits} data-fits={fits}>
                  <img src={resolveImageUrl(part.img)} alt="" width={56} height={42} loading="lazy" />
                  <strong id={nameId}>{part.name}</strong>
                  <div>
                    <p>{specSummary(part)}</p>
                    {reason && <p className="why">Not compatible: {reason}</p>}
                    {part.p_quantity === 0 && <p>Sold out</p>}
                  </div>
                  <div className="choose">
                    <span className="price">
                      {formatCents(part.price)}
                      {part.min_quantity > 1 ? ` (min. ${part.min_quantity})` : ''}
                    </span>
                    {part._id === chosenId ? (
                      <span>Chosen</span>
                    ) : (
                      <Button type="button" onClick={() => onChoose(part)} aria-describedby={nameId}>
                        Choose
                      </Button>
                    )}
                  </div>
                </Option>
              );
            })}
          </List>
        )}
      </QueryView>
      {query.hasNextPage && (
        <Button type="button" $variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading more…' : 'Show more parts'}
        </Button>
      )}
    </PickerFrame>
  );
}

/** 'Your CPU': the reference list (the shop sells no CPUs), filtered to the CPUs that fit the build. */
export function CpuPicker({
  selection,
  showAll,
  onToggleAll,
  onChoose,
  onClose,
}: {
  selection: BuildSelection;
  showAll: boolean;
  onToggleAll: () => void;
  onChoose: (cpu: Cpu) => void;
  onClose: () => void;
}) {
  const fitting = new Set(CPUS.filter((cpu) => cpuFitsBuild(selection, cpu)).map((cpu) => cpu.id));
  const shown = showAll ? CPUS : CPUS.filter((cpu) => fitting.has(cpu.id));
  return (
    <PickerFrame
      titleId="pick-cpu-title"
      title="Choose your CPU"
      counts={`We sell no CPUs: pick yours from ${CPUS.length} current desktop CPUs · ${fitting.size} fit this build`}
      showAll={showAll}
      hidden={CPUS.length - fitting.size}
      onToggleAll={onToggleAll}
      onClose={onClose}
    >
      {shown.length === 0 && <p>No CPU on the list fits this build. Show all to see them anyway.</p>}
      <List aria-label="CPUs">
        {shown.map((cpu) => {
          const fits = fitting.has(cpu.id);
          const nameId = `option-cpu-${cpu.id}`;
          const reason = fits
            ? undefined
            : checkBuild({ ...selection, cpu }).results.find((result) => result.level === 'problem' && result.places.includes('cpu'))?.message;
          return (
            <CpuOption key={cpu.id} $fits={fits} data-fits={fits}>
              <strong id={nameId}>{cpu.name}</strong>
              <div className="choose">
                {cpu.id === selection.cpu?.id ? (
                  <span>Chosen</span>
                ) : (
                  <Button type="button" onClick={() => onChoose(cpu)} aria-describedby={nameId}>
                    Choose
                  </Button>
                )}
              </div>
              <div>
                <p>
                  {cpu.socket} · {cpu.tdpW} W TDP · {cpu.memoryTypes.join(' or ')}
                </p>
                {reason && <p className="why">Not compatible: {reason}</p>}
              </div>
            </CpuOption>
          );
        })}
      </List>
    </PickerFrame>
  );
}
