import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { type Tool, resolveImageUrl } from '@pcpp/contracts';
import { Button } from '@pcpp/contracts/ui';
import { PartFacts } from './part-facts';
import { cardColumn, surface } from './surface';

const Card = styled.article`
  ${cardColumn}
  ${surface}
  overflow: hidden;
`;

const Picture = styled.div`
  background: #eef2f7;
  border-bottom: 1px solid var(--color-border);
  img { width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: contain; }
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 18px 20px 20px;
`;

const CategoryTag = styled.p`
  margin: 0;
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: var(--color-primary);
`;

const Name = styled.h3`
  margin: 0;
  font-size: 1.15rem;
  line-height: 1.3;
`;

const Description = styled.p`
  margin: 0;
  color: var(--color-muted);
  font-size: 0.95rem;
`;

const Purchase = styled(Button)`
  margin-top: auto;
  width: 100%;
`;

/** One part: picture, name, description, price, stock, minimum order and the way to buy it. */
export function PartCard({ tool }: { tool: Tool }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <Picture>
        <img src={resolveImageUrl(tool.img)} alt={tool.name} width={400} height={300} />
      </Picture>
      <Body>
        <CategoryTag>{tool.category}</CategoryTag>
        <Name id={titleId}>{tool.name}</Name>
        <Description>{tool.description}</Description>
        <PartFacts tool={tool} />
        {/* Named "Purchase" like the spec's button; the part's name is read as its description. */}
        <Purchase as={Link} to={`/purchase/${tool._id}`} aria-describedby={titleId}>
          Purchase
        </Purchase>
      </Body>
    </Card>
  );
}
