import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { type Tool, formatCents, resolveImageUrl } from '@pcpp/contracts';
import { Button } from '@pcpp/contracts/ui';
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

const Facts = styled.dl`
  margin: 4px 0 0;
  padding: 12px 0 0;
  border-top: 1px dashed var(--color-border);
  display: grid;
  gap: 4px;
  div { display: flex; justify-content: space-between; gap: 12px; }
  dt { color: var(--color-ink-soft); }
  dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
  .price dd { color: var(--color-primary-dark); font-size: 1.15rem; }
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
        <Facts>
          <div className="price">
            <dt>Per_Price</dt>
            <dd>{formatCents(tool.price)}</dd>
          </div>
          <div>
            <dt>Available Quantity</dt>
            <dd>{tool.p_quantity}</dd>
          </div>
          <div>
            <dt>Min Order Quantity</dt>
            <dd>{tool.min_quantity}</dd>
          </div>
        </Facts>
        {/* Named "Purchase" like the spec's button; the part's name is read as its description. */}
        <Purchase as={Link} to={`/purchase/${tool._id}`} aria-describedby={titleId}>
          Purchase
        </Purchase>
      </Body>
    </Card>
  );
}
