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

const LOADING = 'Loading the latest parts…';

/** 'Our Products': the six newest parts; on the server, the section streams in when they arrive. */
export function LatestProducts() {
  return (
    <Section id="our-products" title="Our Products" intro="The newest parts from our factory, ready to ship." loading={LOADING}>
      <LatestPartList />
    </Section>
  );
}

function LatestPartList() {
  const parts = useLatestParts();
  return (
    <QueryView
      query={parts}
      loadingLabel={LOADING}
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
  );
}
