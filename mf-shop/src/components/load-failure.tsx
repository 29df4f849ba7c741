import styled from 'styled-components';
import { Button } from '@pcpp/contracts/ui';
import { surface } from './surface';

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: 8px;
  padding: 32px 16px;
  text-align: center;
  ${surface}
  strong { font-size: 1.1rem; }
  p { margin: 0 0 8px; color: var(--color-muted); }
`;

/** Says that a list could not be loaded, why, and offers to try again. */
export function LoadFailure({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Box role="alert">
      <strong>{title}</strong>
      <p>{message}</p>
      <Button type="button" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}
