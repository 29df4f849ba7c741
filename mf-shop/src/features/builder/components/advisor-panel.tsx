import { type FormEvent, Suspense, useState } from 'react';
import { Link, useNavigate } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import {
  ADVICE_SLOTS,
  ADVICE_USES,
  type AdviceUse,
  type BuildAdvice,
  type BuildSelection,
  CPUS,
  adviceUseLabels,
  buildCartLines,
  buildStateLabels,
  builderHref,
  cpuById,
  formatBudget,
  formatCents,
  slotLabels,
} from '@pcpp/contracts/core';
import { Button, Field, LoadFailure, Spinner, fieldAria } from '@pcpp/contracts/ui';
import { surface } from '../../../components/surface';
import { media } from '../../../lib/breakpoints';
import { partHref } from '../../../lib/catalog-url';
import { type AdviceRequest, useBuildAdvice } from '../api/advise-build';
import { SUGGEST_BUDGET_MAX_DOLLARS, SUGGEST_BUDGET_MIN_DOLLARS, type SuggestState, adviceRequestOf } from '../lib/builder-url';
import { AddBuildToCartAction } from './add-build-to-cart-action';
import { stateColors } from './compatibility-panel';

const DEFAULT_BUDGET_DOLLARS = 1500;
const BUDGET_STEP_DOLLARS = 50;

const Box = styled.section`
  ${surface}
  padding: 16px;
  margin-bottom: 20px;
  display: grid;
  gap: 16px;
  ${media.medium} { padding: 20px 24px; }
  > header { display: flex; justify-content: space-between; align-items: center; gap: 12px; }
  h2 { margin: 0; font-size: 1.25rem; }
  > p { margin: 0; color: var(--color-ink-soft); }
  form { display: grid; gap: 12px; align-items: end; }
  /* The slider sits under the budget field, the fields and the button on one line. */
  ${media.medium} {
    form {
      grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1.3fr) auto;
      grid-template-areas: 'budget use cpu submit' 'slider . . .';
      row-gap: 0;
    }
    .budget { grid-area: budget; }
    .slider { grid-area: slider; }
    .use { grid-area: use; }
    .cpu { grid-area: cpu; }
    .submit { grid-area: submit; }
  }
  input[type='range'] { display: block; width: 100%; min-height: 44px; margin: 0; padding: 0; border: 0; accent-color: var(--color-primary); }
`;

const Result = styled.section`
  display: grid;
  gap: 14px;
  border-top: 1px solid var(--color-border);
  padding-top: 16px;
  h3 { margin: 0; font-size: 1.1rem; }
  h4 { margin: 4px 0 0; font-size: 1rem; }
  ol, ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0; }
  ol > li { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 2px 12px; padding: 10px 0; border-top: 1px solid var(--color-border); }
  ol > li:first-child { border-top: 0; }
  .slot { grid-column: 1 / -1; font-size: 0.8rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; color: var(--color-muted); }
  .name { font-weight: 600; overflow-wrap: anywhere; min-height: 44px; display: flex; align-items: center; }
  .price { font-weight: 700; font-variant-numeric: tabular-nums; text-align: right; }
  .reason { grid-column: 1 / -1; margin: 0; color: var(--color-ink-soft); font-size: 0.95rem; }
  dl { margin: 0; display: flex; flex-wrap: wrap; gap: 8px 24px; }
  dl > div { display: flex; gap: 8px; align-items: baseline; }
  dt { color: var(--color-ink-soft); }
  dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
  .total dd { font-size: 1.3rem; color: var(--color-primary-dark); }
  .actions { display: grid; gap: 8px; ${media.medium} { grid-template-columns: auto auto; justify-content: start; align-items: start; } }
  .actions > div { border-top: 0; padding-top: 0; }
  ul > li { display: grid; gap: 8px; padding: 12px 0; border-top: 1px solid var(--color-border); }
  ul > li p { margin: 0; overflow-wrap: anywhere; }
  ul > li .label { font-weight: 700; }
  ${media.medium} { ul > li { grid-template-columns: minmax(0, 1fr) auto; align-items: center; } }
`;

const Refusal = styled.p`
  margin: 0;
  padding: 12px 14px;
  border-left: 6px solid var(--color-danger);
  background: #fee2e2;
  border-radius: 8px;
  font-weight: 600;
`;

const StateValue = styled.dd<{ $state: BuildAdvice['check']['state'] }>`
  && { color: ${({ $state }) => stateColors[$state].ink}; }
`;

/** The suggestion's parts as the builder and the cart read them. */
function selectionOf(advice: BuildAdvice, selection: BuildAdvice['selection'], cpu: string): BuildSelection {
  const parts = new Map(advice.parts.map((part) => [part._id, part]));
  return {
    cpu: cpuById(cpu) ?? null,
    parts: Object.fromEntries(ADVICE_SLOTS.flatMap((slot) => (selection[slot] ? [[slot, parts.get(selection[slot]!)!]] : []))),
  };
}

const builderLinkOf = (selection: BuildAdvice['selection'], cpu: string) => builderHref({ cpu, parts: selection });

function Suggestion({ advice, request }: { advice: BuildAdvice; request: AdviceRequest }) {
  const cpu = cpuById(request.cpu);
  const selection = selectionOf(advice, advice.selection, request.cpu);
  return (
    <Result aria-labelledby="suggestion-title">
      <h3 id="suggestion-title">
        The best build for {formatBudget(request.budget)}: {adviceUseLabels[request.use].toLowerCase()}, with your {cpu?.name}
      </h3>
      <ol aria-label="Suggested parts">
        {ADVICE_SLOTS.map((slot) => {
          const part = selection.parts[slot];
          if (!part) {
            return advice.reasons[slot] ? (
              <li key={slot}>
                <span className="slot">{slotLabels[slot]}</span>
                <span className="name">No video card</span>
                <span className="price">{formatCents(0)}</span>
                <p className="reason">{advice.reasons[slot]}</p>
              </li>
            ) : null;
          }
          const quantity = buildCartLines({ parts: { [slot]: part } })[0]!.quantity;
          return (
            <li key={slot} data-testid={`suggested-${slot}`}>
              <span className="slot">{slotLabels[slot]}</span>
              <Link className="name" to={partHref(part._id)}>
                {part.name}
              </Link>
              <span className="price">
                {quantity > 1 && `${quantity} × `}
                {formatCents(part.price * quantity)}
              </span>
              <p className="reason">{advice.reasons[slot]}</p>
            </li>
          );
        })}
      </ol>
      <dl>
        <div className="total">
          <dt>Total</dt>
          <dd data-testid="suggestion-total">{formatCents(advice.total)}</dd>
        </div>
        <div>
          <dt>Compatibility</dt>
          <StateValue $state={advice.check.state}>{buildStateLabels[advice.check.state]}</StateValue>
        </div>
        <div>
          <dt>Score</dt>
          <dd>{advice.score} points</dd>
        </div>
      </dl>
      <div className="actions">
        <Button as={Link} to={builderLinkOf(advice.selection, request.cpu)}>
          Use this build
        </Button>
        <AddBuildToCartAction selection={selection} label="Add all to cart" />
      </div>
      {advice.alternatives.length > 0 && (
        <>
          <h4>Alternatives</h4>
          <ul aria-label="Alternatives">
            {advice.alternatives.map((alternative) => (
              <li key={alternative.label}>
                <p>
                  <span className="label">{alternative.label === 'cheaper' ? 'Cheaper' : 'Stronger'}, {formatCents(alternative.total)}.</span>{' '}
                  {alternative.summary}
                </p>
                <Button as={Link} to={builderLinkOf(alternative.selection, request.cpu)} $variant="secondary" aria-label={`Use the ${alternative.label} build`}>
                  Use this one
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Result>
  );
}

function AdviceResult({ request }: { request: AdviceRequest }) {
  const query = useBuildAdvice(request);
  if (query.isError) {
    return <LoadFailure title="We could not suggest a build." message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <Spinner label="Finding the best build…" />;
  if ('refused' in query.data) return <Refusal role="alert">{query.data.refused}</Refusal>;
  return <Suggestion advice={query.data.advice} request={request} />;
}

const budgetError = `Give a budget of whole dollars from $${SUGGEST_BUDGET_MIN_DOLLARS} to $${SUGGEST_BUDGET_MAX_DOLLARS.toLocaleString('en-US')}.`;
const cpuError = 'Choose your CPU: the build is made around it.';

interface AdvisorPanelProps {
  suggest: SuggestState;
  builderCpu: string | null;
  /** The page the form's GET goes to (this one). */
  action: string;
  /** The page's other fields, which the form sends along. */
  hidden: Record<string, string>;
  /** This page with the panel in that state; undefined closes it. */
  hrefFor: (suggest: SuggestState | undefined) => string;
}

/** The form: a GET form of the address's own fields, so it works before the scripts run; with them, it navigates. */
function AdviceForm({ suggest, builderCpu, action, hidden, hrefFor }: AdvisorPanelProps) {
  const navigate = useNavigate();
  const [budget, setBudget] = useState(String(suggest.budget ?? DEFAULT_BUDGET_DOLLARS));
  const [use, setUse] = useState<AdviceUse>(suggest.use ?? 'gaming');
  const [cpu, setCpu] = useState(suggest.cpu ?? builderCpu ?? '');
  const [errors, setErrors] = useState<{ budget?: string; cpu?: string }>({});
  const dollars = /^\d{1,6}$/.test(budget.trim()) ? Number(budget.trim()) : NaN;
  const slider = Number.isFinite(dollars) ? Math.min(SUGGEST_BUDGET_MAX_DOLLARS, Math.max(SUGGEST_BUDGET_MIN_DOLLARS, dollars)) : DEFAULT_BUDGET_DOLLARS;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      ...(dollars >= SUGGEST_BUDGET_MIN_DOLLARS && dollars <= SUGGEST_BUDGET_MAX_DOLLARS ? {} : { budget: budgetError }),
      ...(cpu ? {} : { cpu: cpuError }),
    };
    setErrors(next);
    if (next.budget || next.cpu) return;
    navigate(hrefFor({ budget: dollars, use, cpu }));
  };

  return (
    <form method="get" action={action} onSubmit={submit} noValidate>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="suggest" value="1" />
      <div className="budget">
        <Field id="advice-budget" label="Budget (USD)" error={errors.budget}>
          <input
            id="advice-budget"
            name="budget"
            type="number"
            inputMode="numeric"
            min={SUGGEST_BUDGET_MIN_DOLLARS}
            max={SUGGEST_BUDGET_MAX_DOLLARS}
            step={1}
            value={budget}
            onChange={(event) => setBudget(event.target.value)}
            {...fieldAria('advice-budget', errors.budget)}
          />
        </Field>
      </div>
      <div className="slider">
        <input
          type="range"
          aria-label="Budget slider"
          min={SUGGEST_BUDGET_MIN_DOLLARS}
          max={SUGGEST_BUDGET_MAX_DOLLARS}
          step={BUDGET_STEP_DOLLARS}
          value={slider}
          onChange={(event) => setBudget(event.target.value)}
        />
      </div>
      <div className="use">
        <Field id="advice-use" label="Use">
          <select id="advice-use" name="use" value={use} onChange={(event) => setUse(event.target.value as AdviceUse)}>
            {ADVICE_USES.map((value) => (
              <option key={value} value={value}>
                {adviceUseLabels[value]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="cpu">
        <Field id="advice-cpu" label="Your CPU" error={errors.cpu}>
          <select id="advice-cpu" name="cpu" value={cpu} onChange={(event) => setCpu(event.target.value)} {...fieldAria('advice-cpu', errors.cpu)}>
            <option value="">Choose your CPU</option>
            {(['AMD', 'Intel'] as const).map((brand) => (
              <optgroup key={brand} label={brand}>
                {CPUS.filter((candidate) => candidate.brand === brand).map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
      </div>
      <Button className="submit" type="submit">
        Suggest a build
      </Button>
    </form>
  );
}

/**
 * 'Suggest a build': a budget, a use and the CPU; the advisor's best compatible build of parts in
 * stock with a reason per part, its total, a cheaper and a stronger alternative; 'Use this build'
 * puts it in the builder (its address), 'Add all to cart' as the builder does.
 */
export function AdvisorPanel({ suggest, builderCpu, action, hidden, hrefFor }: AdvisorPanelProps) {
  const request = adviceRequestOf(suggest) as AdviceRequest | null;
  return (
    <Box aria-labelledby="advisor-title">
      <header>
        <h2 id="advisor-title">Suggest a build</h2>
        <Button as={Link} to={hrefFor(undefined)} $variant="secondary" aria-label="Close the suggestion">
          Close
        </Button>
      </header>
      <p>Give a budget and what the PC is for: we pick the best compatible parts in stock, within the budget, and say why each one.</p>
      <AdviceForm key={`${suggest.budget}|${suggest.use}|${suggest.cpu}`} suggest={suggest} builderCpu={builderCpu} action={action} hidden={hidden} hrefFor={hrefFor} />
      {request && (
        <Suspense fallback={<Spinner label="Finding the best build…" />}>
          <AdviceResult key={`${request.budget}|${request.use}|${request.cpu}`} request={request} />
        </Suspense>
      )}
    </Box>
  );
}
