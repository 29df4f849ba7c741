import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { remoteFallbackText } from '@pcpp/contracts/core';
import { RemoteErrorBoundary } from './remote-error-boundary';

let shouldThrow = true;
function FlakyRemote() {
  if (shouldThrow) throw new Error('remote crashed while rendering');
  return <h1>Manage Products</h1>;
}

// The same wiring as RemoteSlot: Retry bumps the attempt, which resets the boundary (its resetKeys).
function Harness() {
  const [attempt, setAttempt] = useState(0);
  return (
    <>
      <nav>Navbar stays</nav>
      <RemoteErrorBoundary attempt={attempt} remote="mf_admin" onRetry={() => setAttempt((n) => n + 1)}>
        <FlakyRemote />
      </RemoteErrorBoundary>
    </>
  );
}

it('shows the fallback inside the layout when a remote throws, and Retry recovers', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<Harness />);
  expect(screen.getByRole('alert')).toHaveTextContent(remoteFallbackText.title);
  expect(screen.getByText('Navbar stays')).toBeTruthy();

  shouldThrow = false;
  fireEvent.click(screen.getByRole('button', { name: remoteFallbackText.retry }));
  expect(screen.getByRole('heading', { name: 'Manage Products' })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
