import { useState } from 'react';
import styled from 'styled-components';
import { rolloutStagesSchema, stageMinutesSchema } from '@pcpp/contracts/core';
import { Field, fieldAria } from '@pcpp/contracts/ui';
import type { RolloutPlan } from '../api/change-release';

const Plan = styled.fieldset`
  display: grid;
  gap: 10px;
  /* A fieldset is as wide as its content by default: on a phone it would overflow the page. */
  min-width: 0;
  margin: 0;
  padding: 12px;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  legend { font-weight: 600; padding: 0 4px; }
  .choices { display: flex; flex-wrap: wrap; gap: 6px 20px; }
  .choices label { display: flex; align-items: center; gap: 8px; min-height: 44px; }
  .choices input { width: 20px; height: 20px; margin: 0; }
  .fields { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(11rem, 100%), 1fr)); gap: 10px 16px; }
`;

export const STAGES_MESSAGE = 'Enter 2 to 10 shares from 1 to 100, each higher than the one before, ending at 100 (e.g. 5, 25, 50, 100).';
export const MINUTES_MESSAGE = 'Enter a number of minutes from 0.05 to 10080 (a week).';
export const SHARE_MESSAGE = 'Enter a whole number from 1 to 100.';
const STAGES_HINT = 'Shares of the browsers, ending at 100 (live).';
const MINUTES_HINT = 'How long each stage must stay healthy before the next.';

/** `5, 25 50;100` → [5, 25, 50, 100]; undefined when a part is not a number. */
function parseStages(text: string): number[] | undefined {
  const parts = text.split(/[\s,;%]+/).filter(Boolean);
  const stages = parts.map(Number);
  return parts.length > 0 && stages.every(Number.isFinite) ? stages : undefined;
}

/**
 * How a version reaches the browsers: through stages it rises by itself while it stays healthy (the
 * default), or to one share an admin raises by hand. `read` checks the fields (the api's own rules)
 * and answers the plan, or undefined with the problems shown.
 */
export function useRolloutPlan(remote: string) {
  const [mode, setMode] = useState<'staged' | 'manual'>('staged');
  const [stages, setStages] = useState('5, 25, 50, 100');
  const [minutes, setMinutes] = useState('60');
  const [share, setShare] = useState('10');
  const [problems, setProblems] = useState<{ stages?: string; minutes?: string; share?: string }>({});
  const ids = { stages: `stages-${remote}`, minutes: `stage-minutes-${remote}`, share: `first-share-${remote}`, mode: `plan-${remote}` };

  function read(): RolloutPlan | undefined {
    if (mode === 'manual') {
      const percent = Number(share);
      const ok = Number.isInteger(percent) && percent >= 1 && percent <= 100;
      setProblems(ok ? {} : { share: SHARE_MESSAGE });
      return ok ? { percent } : undefined;
    }
    const parsedStages = rolloutStagesSchema.safeParse(parseStages(stages));
    const parsedMinutes = stageMinutesSchema.safeParse(minutes.trim() === '' ? Number.NaN : Number(minutes));
    setProblems({
      ...(parsedStages.success ? {} : { stages: STAGES_MESSAGE }),
      ...(parsedMinutes.success ? {} : { minutes: MINUTES_MESSAGE }),
    });
    return parsedStages.success && parsedMinutes.success ? { stages: parsedStages.data, stageMinutes: parsedMinutes.data } : undefined;
  }

  const element = (
    <Plan>
      <legend>How a new version reaches the browsers</legend>
      <div className="choices" role="radiogroup" aria-label="Rollout plan">
        <label>
          <input type="radio" name={ids.mode} checked={mode === 'staged'} onChange={() => setMode('staged')} />
          In stages, rising by itself while it stays healthy
        </label>
        <label>
          <input type="radio" name={ids.mode} checked={mode === 'manual'} onChange={() => setMode('manual')} />
          To one share, raised by hand
        </label>
      </div>
      {mode === 'staged' ? (
        <div className="fields">
          <Field id={ids.stages} label="Stages (%)" hint={STAGES_HINT} error={problems.stages}>
            <input id={ids.stages} value={stages} onChange={(event) => setStages(event.target.value)} {...fieldAria(ids.stages, problems.stages, STAGES_HINT)} />
          </Field>
          <Field id={ids.minutes} label="Stage window (minutes)" hint={MINUTES_HINT} error={problems.minutes}>
            <input
              id={ids.minutes}
              inputMode="decimal"
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
              {...fieldAria(ids.minutes, problems.minutes, MINUTES_HINT)}
            />
          </Field>
        </div>
      ) : (
        <div className="fields">
          <Field id={ids.share} label="First share (%)" error={problems.share}>
            <input id={ids.share} inputMode="numeric" value={share} onChange={(event) => setShare(event.target.value)} {...fieldAria(ids.share, problems.share)} />
          </Field>
        </div>
      )}
    </Plan>
  );

  return { element, read };
}
