import { fireEvent, render, screen } from '@testing-library/react';
import { demoDatabaseBanner } from '@pcpp/contracts/core';
import { DemoDatabaseBanner, DISMISSED_KEY } from './demo-database-banner';

beforeEach(() => sessionStorage.clear());

it('tells a merchant their changes are not kept, in the exact words, when the api runs on the demo database', () => {
  render(<DemoDatabaseBanner demoDatabase />);
  expect(screen.getByRole('note', { name: 'Demo database' })).toHaveTextContent(
    'Changes are not kept after a restart in this demo.',
  );
});

it('shows nothing on a real database', () => {
  const { container } = render(<DemoDatabaseBanner demoDatabase={false} />);
  expect(container).toBeEmptyDOMElement();
});

it('stays dismissed for the rest of the session', () => {
  const first = render(<DemoDatabaseBanner demoDatabase />);
  fireEvent.click(screen.getByRole('button', { name: demoDatabaseBanner.dismiss }));
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
  expect(sessionStorage.getItem(DISMISSED_KEY)).toBe('true');
  first.unmount();
  render(<DemoDatabaseBanner demoDatabase />);
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});
