import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import styled from 'styled-components';
import { type Category, type SpecField, specFields } from '@pcpp/contracts/core';
import { ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';

/** The form group a category's spec fields live in ('CPU Cooler' → 'CPUCooler'). */
export const specGroup = (category: string) => category.replace(/\W/g, '');

const Group = styled.fieldset`
  margin: 0;
  padding: 16px;
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  display: grid;
  gap: 16px;
  @media (min-width: 768px) { grid-template-columns: 1fr 1fr; }
  legend { padding: 0 6px; font-weight: 700; }
  > p { margin: 0; color: var(--color-muted); @media (min-width: 768px) { grid-column: 1 / -1; } }
  .choice-set { margin: 0; padding: 0; border: 0; display: grid; gap: 6px; align-content: start; }
  .choice-set legend { padding: 0; font-weight: 600; }
  .choices { display: flex; flex-wrap: wrap; gap: 0 16px; }
  .choices label { display: inline-flex; align-items: center; gap: 8px; min-height: 44px; }
  .choices input { width: 20px; height: 20px; margin: 0; }
`;


/**
 * Add a Product's spec fields for the chosen category (contracts' specFields, the same list the
 * api's schema and the spec table read). All optional together: left empty, the part is added
 * without specs.
 */
export function SpecFields<T extends FieldValues>({
  category,
  register,
  errors,
  unknownNote,
}: {
  category: Category;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  unknownNote: string;
}) {
  const group = specGroup(category);
  // Names built from the spec list: the form's type cannot spell them.
  const reg = register as unknown as UseFormRegister<FieldValues>;
  const groupErrors = ((errors.specs as Record<string, Record<string, { message?: string }>> | undefined) ?? {})[group] ?? {};
  const field = (spec: SpecField) => {
    const id = `spec-${group}-${spec.key}`;
    const name = `specs.${group}.${spec.key}`;
    const error = groupErrors[spec.key]?.message;
    const label = spec.kind === 'count' && spec.unit ? `${spec.label} (${spec.unit})` : spec.label;
    if (spec.kind === 'choices') {
      return (
        <fieldset key={spec.key} className="choice-set" aria-describedby={error ? `${id}-error` : undefined}>
          <legend>{label}</legend>
          <div className="choices">
            {spec.options.map((option) => (
              <label key={option}>
                <input type="checkbox" value={option} aria-invalid={error ? true : undefined} {...reg(name)} /> {option}
              </label>
            ))}
          </div>
          {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
        </fieldset>
      );
    }
    if (spec.kind === 'choice') {
      return (
        <Field key={spec.key} id={id} label={label} error={error}>
          <select id={id} {...fieldAria(id, error)} {...reg(name)}>
            <option value="">Choose…</option>
            {spec.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Field>
      );
    }
    return (
      <Field key={spec.key} id={id} label={label} error={error}>
        <input
          id={id}
          type={spec.kind === 'count' ? 'number' : 'text'}
          inputMode={spec.kind === 'count' ? 'numeric' : undefined}
          placeholder={spec.kind === 'text' ? `e.g. ${spec.example}` : undefined}
          {...fieldAria(id, error)}
          {...reg(name)}
        />
      </Field>
    );
  };
  return (
    <Group>
      <legend>{category} specs</legend>
      <p>Optional: leave them all empty for a part without specs; the PC Builder then shows it as “{unknownNote}”.</p>
      {(specFields[category] as readonly SpecField[]).map(field)}
    </Group>
  );
}
