import styled from 'styled-components';
import { resolveImageUrl } from '@pcpp/contracts';
import { type Part } from '@pcpp/contracts/core';
import { PartFacts } from '../../../components/part-facts';
import { surface } from '../../../components/surface';

const Box = styled.section`
  ${surface}
  overflow: hidden;
  img { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: contain; background: #eef2f7; }
  div { padding: 20px; }
  h1 { margin: 0 0 8px; font-size: 1.6rem; line-height: 1.25; }
  p { margin: 0 0 16px; color: var(--color-ink-soft); }
  dl div { padding: 0; }
`;

/** The left side of the purchase page: what the part is, what it costs and how many can be had. */
export function PartSummary({ part }: { part: Part }) {
  return (
    <Box aria-labelledby="part-name">
      <img src={resolveImageUrl(part.img)} alt={part.name} width={400} height={300} />
      <div>
        <h1 id="part-name">{part.name}</h1>
        <p>{part.description}</p>
        <PartFacts part={part} label="Part details" />
      </div>
    </Box>
  );
}
