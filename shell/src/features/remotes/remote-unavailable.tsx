import styled from 'styled-components';
import { remoteFallbackText, type RemoteName } from '@pcpp/contracts/core';
import { Button, PageContainer, Panel } from '@pcpp/contracts/ui';

const Box = styled(Panel)`
  max-width: 560px;
  margin: 0 auto;
  text-align: center;
  h1 { font-size: 1.35rem; margin: 0 0 8px; }
  p { color: var(--color-muted); margin: 0 0 20px; }
`;

export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <PageContainer>
      <Box role="alert" data-remote={remote}>
        <h1>{remoteFallbackText.title}</h1>
        <p>{remoteFallbackText.body}</p>
        <Button type="button" onClick={onRetry}>
          {remoteFallbackText.retry}
        </Button>
      </Box>
    </PageContainer>
  );
}
