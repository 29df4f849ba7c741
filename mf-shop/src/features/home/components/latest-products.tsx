import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { Button, QueryView } from '@pcpp/contracts/ui';
import { CardGrid } from '../../../components/card-grid';
import { PartCard } from '../../../components/part-card';
import { Section } from '../../../components/section';
import { CATALOG_PATH } from '../../../lib/catalog-url';
import { useLatestParts } from '../api/get-latest-parts';

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 32px;
`;

/** 'Our Products': the six newest parts. */
export function LatestProducts() {
  const parts = useLatestParts();
  return (
    <Section id="our-products" title="Our Products" intro="The newest parts from our factory, ready to ship.">
      <QueryView
        query={parts}
        loadingLabel="Loading the latest parts…"
        failure="We could not load our products."
        framed
        isEmpty={(parts) => parts.length === 0}
        empty={() => <p>No parts are on sale yet. Please come back soon.</p>}
      >
        {(parts) => (
          <>
            <CardGrid aria-label="Latest parts">
              {parts.map((part) => (
                <li key={part._id}>
                  <PartCard part={part} />
                </li>
              ))}
            </CardGrid>
            <More>
              <Button as={Link} to={CATALOG_PATH} $variant="secondary">
                Browse all products
              </Button>
            </More>
          </>
        )}
      </QueryView>
    </Section>
  );
}
