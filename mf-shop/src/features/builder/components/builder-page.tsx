import { lazy, Suspense, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { ApiError, errorMessage } from '@pcpp/contracts';
import {
  BUILDER_PATH,
  type BuildSelection,
  type BuildSlot,
  type EncodedBuild,
  type Part,
  type SavedBuild,
  STORAGE_SLOTS,
  buildCartLines,
  checkBuild,
  cpuById,
  encodeBuild,
  pageMeta,
  savedBuildContents,
  savedBuildPageMeta,
  slotLabels,
} from '@pcpp/contracts/core';
import { Button, LoadFailure, QueryView, Spinner, usePageMeta } from '@pcpp/contracts/ui';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { Inner } from '../../../components/section';
import { surface } from '../../../components/surface';
import { media } from '../../../lib/breakpoints';
import { useSavedBuild } from '../api/get-saved-build';
import { type BuilderPlace, type BuilderUrlState, builderSearch, builderUrl, parseBuilderSearch } from '../lib/builder-url';
import { AddBuildToCartAction } from './add-build-to-cart-action';
import { BuildSummary } from './build-summary';
import { CompatibilityPanel } from './compatibility-panel';
import { CpuPicker, PartPicker } from './picker';
import { SaveBuildPanel } from './save-build-panel';
import { ChosenPart, Empty, SlotFindings, SlotRow } from './slot-row';
import { type SlotPart, useBuildParts } from './use-build-parts';

const Layout = styled.div`
  display: grid;
  gap: 20px;
  margin-top: 20px;
  ${media.large} { grid-template-columns: minmax(0, 1fr) 340px; align-items: start; }
  > aside { ${media.large} { position: sticky; top: 88px; } }
`;

const Slots = styled.section`
  ${surface}
  padding: 4px 16px 8px;
  ${media.medium} { padding: 8px 24px 12px; }
  > h2 { margin: 12px 0 0; font-size: 1.25rem; }
  > ol { list-style: none; margin: 0; padding: 0; }
  > ol > li + li { border-top: 1px solid var(--color-border); }
`;

// 'Suggest a build' (its form, the advice and its reasons) loads when the panel is opened, or with the page when its address holds a suggestion.
const AdvisorPanel = lazy(async () => ({ default: (await import(/* webpackChunkName: "build-advisor" */ './advisor-panel')).AdvisorPanel }));

const SuggestBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin-bottom: 16px;
  p { margin: 0; color: var(--color-ink-soft); }
`;

/** The order the slots are listed in: your CPU, then the parts. */
const PLACES: readonly BuilderPlace[] = ['cpu', 'motherboard', 'cooler', 'memory', 'storage', 'storage2', 'storage3', 'gpu', 'psu'];

/** Storage 2 shows once Storage has a drive (or it has one itself); Storage 3 likewise. */
function shown(place: BuilderPlace, build: EncodedBuild): boolean {
  if (place === 'storage2') return Boolean(build.parts.storage || build.parts.storage2);
  if (place === 'storage3') return Boolean(build.parts.storage2 || build.parts.storage3);
  return true;
}

/** The builder itself: the slots with their lists, what the checks say, the summary. */
function BuildEditor({ url, saved, savedName }: { url: BuilderUrlState; saved?: SavedBuild; savedName?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { build } = url;
  const known = useMemo(
    () => new Map((saved?.slots ?? []).flatMap((slot) => (slot.part ? [[slot.productId, slot.part] as [string, Part]] : []))),
    [saved],
  );
  const slotParts = useBuildParts(build.parts, known);
  const selection: BuildSelection = {
    cpu: cpuById(build.cpu) ?? null,
    parts: Object.fromEntries(
      Object.entries(slotParts).flatMap(([slot, state]) => (state.status === 'ready' ? [[slot, state.part]] : [])),
    ) as BuildSelection['parts'],
  };
  const check = checkBuild(selection);
  const savedEncoding = saved ? encodeBuild({ cpu: saved.cpu, parts: saved.parts }) : undefined;
  const edited = savedEncoding === undefined || savedEncoding !== encodeBuild(build);
  const savedId = saved?._id ?? url.savedId;

  /** A new state of the page: a changed build goes into ?b= (a saved build's page keeps its own path while unchanged); an open suggestion stays. */
  const go = (next: Omit<BuilderUrlState, 'savedId'>, options: { replace?: boolean } = {}) => {
    const target: BuilderUrlState = { ...(url.suggest ? { suggest: url.suggest } : {}), ...next, savedId };
    const unchanged = saved && encodeBuild(next.build) === savedEncoding;
    navigate(unchanged ? `${location.pathname}${builderSearch(target, { withBuild: false })}` : builderUrl(target), options);
  };
  const withPart = (slot: BuildSlot, id: string | undefined): EncodedBuild => ({ ...build, parts: { ...build.parts, [slot]: id } });
  const open = (place: BuilderPlace) => go({ build, pick: place });
  const close = () => go({ build });
  const toggleAll = () => go({ build, pick: url.pick, showAll: !url.showAll }, { replace: true });

  const missing = Object.entries(slotParts).flatMap(([slot, state]) =>
    state.status === 'missing' ? [`The part chosen for ${slotLabels[slot as BuildSlot]} is no longer sold: choose another.`] : [],
  );
  const empty = !build.cpu && Object.values(build.parts).every((id) => !id);
  const results = (place: BuilderPlace) => check.results.filter((result) => result.places.includes(place));

  const slotContent = (slot: BuildSlot, state: SlotPart | undefined) => {
    if (!state) return <Empty>Nothing chosen yet.</Empty>;
    if (state.status === 'loading') return <Spinner label="Loading the part…" />;
    if (state.status === 'missing') return <Empty>This part is no longer sold.</Empty>;
    if (state.status === 'failed') {
      return <LoadFailure title="We could not load this part." message={errorMessage(state.error)} onRetry={state.retry} />;
    }
    const quantity = buildCartLines({ parts: { [slot]: state.part } })[0]!.quantity;
    return <ChosenPart part={state.part} quantity={quantity} results={results(slot)} />;
  };

  /** The same page with the suggestion panel in this state (undefined: closed). */
  const suggestHref = (suggest: BuilderUrlState['suggest']) => {
    const target: BuilderUrlState = { build, savedId, ...(suggest ? { suggest } : {}) };
    const unchanged = saved && encodeBuild(build) === savedEncoding;
    return unchanged ? `${location.pathname}${builderSearch(target, { withBuild: false })}` : builderUrl(target);
  };

  return (
    <Inner>
      {url.suggest ? (
        <Suspense fallback={<Spinner label="Loading the build advisor…" />}>
          <AdvisorPanel
            suggest={url.suggest}
            builderCpu={build.cpu}
            action={location.pathname}
            // The form's other fields: a saved build's page holds its build in its path; /builder in b and saved.
            hidden={saved ? {} : { ...(encodeBuild(build) ? { b: encodeBuild(build) } : {}), ...(url.savedId ? { saved: url.savedId } : {}) }}
            hrefFor={suggestHref}
          />
        </Suspense>
      ) : (
        <SuggestBar>
          <Button as={Link} to={suggestHref({ ...(build.cpu ? { cpu: build.cpu } : {}) })} $variant="secondary">
            Suggest a build
          </Button>
          <p>Give a budget and what the PC is for: we pick the best compatible parts in stock, and say why.</p>
        </SuggestBar>
      )}
      <CompatibilityPanel check={check} extraNotes={missing} empty={empty} />
      <Layout>
        <Slots aria-labelledby="slots-title">
          <h2 id="slots-title">Parts</h2>
          <ol>
            {PLACES.filter((place) => shown(place, build)).map((place) => {
              const isOpen = url.pick === place;
              const label = slotLabels[place];
              if (place === 'cpu') {
                const cpu = selection.cpu;
                return (
                  <SlotRow
                    key={place}
                    title={label}
                    actions={
                      <>
                        <Button type="button" $variant={cpu ? 'secondary' : 'primary'} aria-expanded={isOpen} onClick={() => (isOpen ? close() : open('cpu'))}>
                          {cpu ? 'Change' : 'Choose your CPU'}
                        </Button>
                        {cpu && (
                          <Button type="button" $variant="secondary" aria-label="Remove your CPU" onClick={() => go({ build: { ...build, cpu: null } })}>
                            Remove
                          </Button>
                        )}
                      </>
                    }
                    picker={
                      isOpen && (
                        <CpuPicker
                          selection={selection}
                          showAll={Boolean(url.showAll)}
                          onToggleAll={toggleAll}
                          onChoose={(chosen) => go({ build: { ...build, cpu: chosen.id } })}
                          onClose={close}
                        />
                      )
                    }
                  >
                    {cpu ? (
                      <div>
                        <strong>{cpu.name}</strong>
                        <Empty as="p" style={{ paddingTop: 2 }}>
                          {cpu.socket} · {cpu.tdpW} W TDP · {cpu.memoryTypes.join(' or ')} · yours, not sold here
                        </Empty>
                        <SlotFindings results={results('cpu')} />
                      </div>
                    ) : (
                      <Empty>Not chosen: we sell no CPUs, so pick yours from the list to check it, or leave it empty.</Empty>
                    )}
                  </SlotRow>
                );
              }
              const state = slotParts[place];
              return (
                <SlotRow
                  key={place}
                  title={label}
                  actions={
                    <>
                      <Button
                        type="button"
                        $variant={state ? 'secondary' : 'primary'}
                        aria-expanded={isOpen}
                        aria-label={`${state ? 'Change' : 'Choose'} ${label}`}
                        onClick={() => (isOpen ? close() : open(place))}
                      >
                        {state ? 'Change' : (STORAGE_SLOTS as readonly string[]).includes(place) && place !== 'storage' ? 'Add a drive' : 'Choose'}
                      </Button>
                      {state && (
                        <Button type="button" $variant="secondary" aria-label={`Remove ${label}`} onClick={() => go({ build: withPart(place, undefined) })}>
                          Remove
                        </Button>
                      )}
                    </>
                  }
                  picker={
                    isOpen && (
                      <PartPicker
                        slot={place}
                        selection={selection}
                        chosenId={build.parts[place]}
                        showAll={Boolean(url.showAll)}
                        onToggleAll={toggleAll}
                        onChoose={(part) => go({ build: withPart(place, part._id) })}
                        onClose={close}
                      />
                    )
                  }
                >
                  {slotContent(place, state)}
                </SlotRow>
              );
            })}
          </ol>
        </Slots>
        <BuildSummary check={check}>
          <SaveBuildPanel key={savedName ?? saved?.name} build={build} savedId={savedId} savedName={saved?.name ?? savedName} edited={edited} />
          <AddBuildToCartAction selection={selection} />
          {!empty && (
            <Button as={Link} to={BUILDER_PATH} $variant="secondary">
              Start a new build
            </Button>
          )}
        </BuildSummary>
      </Layout>
    </Inner>
  );
}

const LEAD =
  'Pick a part for each slot: each list shows the parts that fit what you already chose, and the checks below say plainly what does not. Save the build or share its link.';

/** /builder: a visitor's build, in the address until it is saved. */
function VisitorBuilder() {
  usePageMeta(pageMeta.builder);
  const { search } = useLocation();
  const url = parseBuilderSearch(search);
  // Changes to a saved build keep its name for saving.
  const savedName = useSavedBuild(url.savedId).build.data?.name;
  return (
    <>
      <PageHeader title="PC Builder" lead={LEAD} />
      <BuildEditor url={url} savedName={savedName} />
    </>
  );
}

function SavedBuildPage({ saved, search }: { saved: SavedBuild; search: string }) {
  usePageMeta(savedBuildPageMeta(saved, savedBuildContents(saved)));
  const { pick, showAll } = parseBuilderSearch(search);
  return (
    <>
      <PageHeader title={saved.name} lead="A saved build, with today’s prices and stock. Change any part to make it yours, then save it." />
      <BuildEditor url={{ build: { cpu: saved.cpu, parts: saved.parts }, savedId: saved._id, pick, showAll }} saved={saved} />
    </>
  );
}

/** /builder/{id}: a saved build, public (its link works signed out). */
function SavedBuilder({ id }: { id: string }) {
  const { search } = useLocation();
  const { validId, build } = useSavedBuild(id);
  if (!validId) return <NotFoundPage />;
  if (build.error instanceof ApiError && build.error.status === 404) {
    return (
      <Inner>
        <Empty as="p">This build does not exist: its owner may have deleted it.</Empty>
        <p>
          <Link to={BUILDER_PATH}>Start a new build</Link>
        </p>
      </Inner>
    );
  }
  if (build.isSuccess) return <SavedBuildPage saved={build.data} search={search} />;
  return (
    <Inner>
      <QueryView query={build} loadingLabel="Loading the build…" failure="We could not load this build." framed>
        {(saved) => <SavedBuildPage saved={saved} search={search} />}
      </QueryView>
    </Inner>
  );
}

/** The PC builder (mf-shop, public): /builder and /builder/{id}. */
export function BuilderPage() {
  const { id } = useParams();
  return id === undefined ? <VisitorBuilder /> : <SavedBuilder id={id} />;
}
