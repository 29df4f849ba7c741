import { act, fireEvent, screen, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { authStore } from '@pcpp/contracts';
import { addressText, type Profile, type SavedAddress } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, type TestAnswer } from '@pcpp/contracts/testing';
import { ProfilePage } from './profile-page';

const user = testCustomer;
const saved: Profile = {
  email: user.email,
  Address: '12 Harbour Road',
  phone: '+44 7700 900123',
  profession: 'Systems engineer',
  linkin: 'https://www.linkedin.com/in/demo',
};

/** Answers of GET /user/one, taken in order (the last one repeats), and of PUT /user/{email}. */
let profileAnswers: TestAnswer[];
let saveAnswer: TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /user/one': () => (profileAnswers.length > 1 ? profileAnswers.shift()! : profileAnswers[0]!),
    'PUT /user/customer%40pcparts.dev': () => saveAnswer,
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  act(() => authStore.getState().signedIn(user, { token: 'token', expiresAt: null }));
});

const profileReads = () => api.requests.filter((r) => r.method === 'GET');
const saves = () => api.requests.filter((r) => r.method === 'PUT');

function renderPage() {
  renderWithQueryClient(
    <>
      <ProfilePage />
      <ToastContainer />
    </>,
  );
}

function detail(label: string) {
  const term = within(screen.getByLabelText('Profile details')).getByText(label);
  return term.parentElement!.querySelector('dd')!.textContent;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

it('shows who is signed in, with initials for a missing photo, and says Not set for empty fields', async () => {
  profileAnswers = [{ body: { email: user.email, phone: '555 0100' } }];
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
  expect(screen.getByText('Demo Customer')).toBeInTheDocument();
  expect(screen.getByText(user.email)).toBeInTheDocument();
  expect(screen.getByTestId('initials-avatar')).toHaveTextContent('DC');
  expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');

  expect(await screen.findByText('555 0100')).toBeInTheDocument();
  expect(profileReads().map((r) => [r.url, r.authorization])).toEqual([
    ['/user/one?email=customer%40pcparts.dev', 'Bearer token'],
  ]);
  expect(detail('Address')).toBe('Not set');
  expect(detail('Number')).toBe('555 0100');
  expect(detail('Profession')).toBe('Not set');
  expect(detail('Linkedin')).toBe('Not set');
  // No checkout saved an address yet.
  expect(within(screen.getByLabelText('Profile details')).queryByText('Shipping address')).toBeNull();
});

const harbourRoad: SavedAddress = { fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };

it('shows the saved shipping address (the one a checkout uses) as Address', async () => {
  // The walkthrough's finding: 'Address: Not set' above a saved shipping address.
  profileAnswers = [{ body: { email: user.email, shippingAddress: harbourRoad } }];
  renderPage();
  expect(await screen.findByText('Sam Lee, 12 Harbour Road, Portsmouth PO1 3AX, United Kingdom')).toBeInTheDocument();
  expect(detail('Address')).toBe('Sam Lee, 12 Harbour Road, Portsmouth PO1 3AX, United Kingdom');
  expect(within(screen.getByLabelText('Profile details')).queryByText('Shipping address')).toBeNull();
  // The form starts from it.
  fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
  // The form's chunk loads when it opens.
  expect(await screen.findByLabelText('Street and house number')).toHaveValue('12 Harbour Road');
  expect(screen.getByLabelText('Country')).toHaveValue('GB');
  expect(screen.getByLabelText('Phone number')).toHaveValue('+44 7700 900123');
});

it('says why loading failed and tries again on Retry', async () => {
  profileAnswers = [{ status: 403, body: { message: 'You can only see your own profile' } }, { body: saved }];
  renderPage();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Your profile could not be loaded.');
  expect(alert).toHaveTextContent('You can only see your own profile');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('12 Harbour Road')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('validates with the shared rules, saves, toasts and shows the new values without asking again', async () => {
  profileAnswers = [{ body: { email: user.email } }];
  saveAnswer = { body: saved };
  renderPage();
  const open = await screen.findByRole('button', { name: 'Update Profile' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(open);
  expect(open).toHaveAttribute('aria-expanded', 'true');

  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  expect(await screen.findByText(addressText.streetRequired)).toBeInTheDocument();
  expect(screen.getByText(addressText.regionRequired)).toBeInTheDocument();
  expect(screen.getByText('LinkedIn profile is required')).toBeInTheDocument();
  fill('LinkedIn profile', 'not a url');
  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  expect(
    await screen.findByText('Provide a full LinkedIn URL, like https://www.linkedin.com/in/your-name'),
  ).toBeInTheDocument();
  expect(saves()).toHaveLength(0);

  fill('Street and house number', ' 1 Market Street');
  fill('City', 'San Francisco');
  fill('Postal code', '94103');
  fill('State', 'CA');
  // The Number is the address's phone: it needs its country code.
  fill('Phone number', '555 01');
  fill('Profession', saved.profession!);
  fill('LinkedIn profile', saved.linkin!);
  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  expect(await screen.findByText(addressText.phoneInvalid)).toBeInTheDocument();
  expect(saves()).toHaveLength(0);
  fill('Phone number', '+1 415 555 0100');
  const line = 'Demo Customer, 1 Market Street, San Francisco, CA 94103, United States';
  saveAnswer = { body: { ...saved, Address: line, phone: '+1 415 555 0100' } };
  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

  expect(await screen.findByText(line)).toBeInTheDocument();
  expect(saves().map((r) => r.body)).toEqual([
    {
      Address: line,
      phone: '+1 415 555 0100',
      profession: saved.profession,
      linkin: saved.linkin,
      shippingAddress: { fullName: 'Demo Customer', street: '1 Market Street', city: 'San Francisco', postalCode: '94103', country: 'US', region: 'CA', phone: '+1 415 555 0100' },
    },
  ]);
  expect(await screen.findByText('update Your Profile Information')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save Profile' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: saved.linkin })).toHaveAttribute('href', saved.linkin);
  expect(profileReads()).toHaveLength(1);

  // Opened again, the form starts from the saved values.
  fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
  expect(screen.getByLabelText('Profession')).toHaveValue('Systems engineer');
});

it("keeps the typed values and shows the api's message when saving fails", async () => {
  profileAnswers = [{ body: { ...saved, shippingAddress: harbourRoad } }];
  saveAnswer = { status: 403, body: { message: 'You can only update your own profile' } };
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Update Profile' }));
  fill('Profession', 'Architect');
  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You can only update your own profile');
  expect(screen.getByLabelText('Profession')).toHaveValue('Architect');
  expect(screen.queryByText('update Your Profile Information')).not.toBeInTheDocument();
  expect(detail('Profession')).toBe('Systems engineer');
});
