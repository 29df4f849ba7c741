import styled from 'styled-components';
import { media } from '../../../lib/breakpoints';
import { Section } from '../../../components/section';
import { plainList } from '../../../components/surface';

/** Fixed figures, as the spec gives them. */
export const statistics = [
  { figure: '500+', label: 'Complete Projects' },
  { figure: '1000+', label: 'Happy Clients' },
  { figure: '10K+', label: 'Positive Feedbacks' },
  { figure: '1M+', label: 'Annual Revenue' },
] as const;

const Figures = styled.ul`
  ${plainList}
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.medium} { grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 24px; }
  li {
    display: grid;
    justify-items: center;
    gap: 4px;
    padding: 24px 12px;
    border-radius: var(--radius);
    background: var(--color-page);
    border: 1px solid var(--color-border);
    text-align: center;
  }
  strong {
    font-size: 2rem;
    line-height: 1.1;
    color: var(--color-primary);
    ${media.medium} { font-size: 2.5rem; }
  }
  span { color: var(--color-ink-soft); font-weight: 600; }
`;

export function StatisticsBand() {
  return (
    <Section
      id="statistics"
      tone="surface"
      title="An Ultimate Brand in Market for 10 Years"
      intro="Builders, studios and system integrators have trusted our parts for a decade."
    >
      <Figures>
        {statistics.map(({ figure, label }) => (
          <li key={label}>
            <strong>{figure}</strong>
            <span>{label}</span>
          </li>
        ))}
      </Figures>
    </Section>
  );
}
