import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { ApiError, authStore, type Profile } from '@pcpp/contracts';
import { fetchProfile, saveProfile } from '../api/profile-api';
import { ProfilePage } from './profile-page';

jest.mock('../api/profile-api', () => ({ fetchProfile: jest.fn(), saveProfile: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
const fetchMock = jest.mocked(fetchProfile);
const saveMock = jest.mocked(saveProfile);

const user = { uid: 'u1', email: 'customer@pcparts.dev', displayName: 'Demo Customer', photoURL: null, emailVerified: true };
const saved: Profile = {
  email: user.email,
  Address: '12 Harbour Road',
  phone: '+44 7700 900123',
  profession: 'Systems engineer',
  linkin: 'https://www.linkedin.com/in/demo',
};

beforeEach(() => {
  jest.clearAllMocks();
  act(() => authStore.getState().signedIn(user, 'token', 'customer'));
});

function detail(label: string) {
  const term = within(screen.getByLabelText('Profile details')).getByText(label);
  return term.parentElement!.querySelector('dd')!.textContent;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

it('shows who is signed in, with initials for a missing photo, and says Not set for empty fields', async () => {
  fetchMock.mockResolvedValue({ email: user.email, phone: '555 0100' });
  render(<ProfilePage />);
  expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
  expect(screen.getByText('Demo Customer')).toBeInTheDocument();
  expect(screen.getByText(user.email)).toBeInTheDocument();
  expect(screen.getByTestId('initials-avatar')).toHaveTextContent('DC');
  expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');

  expect(await screen.findByText('555 0100')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledWith(user.email);
  expect(detail('Address')).toBe('Not set');
  expect(detail('Number')).toBe('555 0100');
  expect(detail('Profession')).toBe('Not set');
  expect(detail('Linkedin')).toBe('Not set');
});

it('says why loading failed and tries again on Retry', async () => {
  fetchMock.mockRejectedValueOnce(new ApiError('Cannot reach the server. Check your connection and try again.', null));
  fetchMock.mockResolvedValueOnce(saved);
  render(<ProfilePage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the server');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('12 Harbour Road')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('validates with the shared rules, saves, toasts and shows the new values without asking again', async () => {
  fetchMock.mockResolvedValue({ email: user.email });
  saveMock.mockResolvedValue(saved);
  render(<ProfilePage />);
  const open = await screen.findByRole('button', { name: 'Update Profile' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(open);
  expect(open).toHaveAttribute('aria-expanded', 'true');

  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  expect(await screen.findByText('address is required')).toBeInTheDocument();
  expect(screen.getByText('linkedin profile is required')).toBeInTheDocument();
  fill('LinkedIn profile', 'not a url');
  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  expect(
    await screen.findByText('provide a full LinkedIn URL, like https://www.linkedin.com/in/your-name'),
  ).toBeInTheDocument();
  expect(saveMock).not.toHaveBeenCalled();

  fill('Address', ` ${saved.Address}`);
  fill('Phone number', saved.phone!);
  fill('Profession', saved.profession!);
  fill('LinkedIn profile', saved.linkin!);
  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

  expect(await screen.findByText('12 Harbour Road')).toBeInTheDocument();
  expect(saveMock).toHaveBeenCalledWith(user.email, {
    Address: saved.Address,
    phone: saved.phone,
    profession: saved.profession,
    linkin: saved.linkin,
  });
  expect(toast.success).toHaveBeenCalledWith('update Your Profile Information');
  expect(screen.queryByRole('button', { name: 'Save Profile' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: saved.linkin })).toHaveAttribute('href', saved.linkin);
  expect(fetchMock).toHaveBeenCalledTimes(1);

  // Opened again, the form starts from the saved values.
  fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
  expect(screen.getByLabelText('Profession')).toHaveValue('Systems engineer');
});

it("keeps the typed values and shows the api's message when saving fails", async () => {
  fetchMock.mockResolvedValue(saved);
  saveMock.mockRejectedValue(new ApiError('You can only update your own profile', 403));
  render(<ProfilePage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Update Profile' }));
  fill('Profession', 'Architect');
  fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You can only update your own profile');
  expect(screen.getByLabelText('Profession')).toHaveValue('Architect');
  expect(toast.success).not.toHaveBeenCalled();
  expect(detail('Profession')).toBe('Systems engineer');
});
