import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, authStore } from '@pcpp/contracts';
import { addReview } from '../api/add-review';
import { AddReviewPage } from './add-review-page';

jest.mock('../api/add-review', () => ({ addReview: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
const addMock = jest.mocked(addReview);

const user = { uid: 'u1', email: 'sam.lee@example.com', displayName: null, photoURL: null, emailVerified: true };

beforeEach(() => {
  jest.clearAllMocks();
  act(() => authStore.getState().signedIn(user, 'token', 'customer'));
});

function renderPage() {
  render(
    <MemoryRouter>
      <AddReviewPage />
    </MemoryRouter>,
  );
}

it("shows the account's name read-only and ratings 0 to 5", () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Add Your Review' })).toBeInTheDocument();
  const name = screen.getByLabelText('Name');
  expect(name).toHaveValue('sam.lee');
  expect(name).toHaveAttribute('readonly');
  const values = Array.from((screen.getByLabelText('Ratings') as HTMLSelectElement).options).map((o) => o.value);
  expect(values).toEqual(['', '0', '1', '2', '3', '4', '5']);
});

it('says the spec messages, then posts the raw form values, toasts and resets', async () => {
  addMock.mockResolvedValue({ _id: 'x', name: 'sam.lee', review: 'Solid board', ratings: 4 });
  renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
  expect(await screen.findByText('ratings is required')).toBeInTheDocument();
  expect(screen.getByText('review is required')).toBeInTheDocument();
  expect(addMock).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText('Ratings'), { target: { value: '4' } });
  fireEvent.change(screen.getByLabelText('Review'), { target: { value: 'Solid board' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));

  expect(await screen.findByText(/Thank you!/)).toBeInTheDocument();
  expect(addMock).toHaveBeenCalledWith({ ratings: '4', review: 'Solid board' });
  expect(toast.success).toHaveBeenCalledWith('your review successfully given');
  expect(screen.getByLabelText('Ratings')).toHaveValue('');
  expect(screen.getByLabelText('Review')).toHaveValue('');
});

it("keeps what was typed and shows the api's message when posting fails", async () => {
  addMock.mockRejectedValue(new ApiError('ratings must be a whole number from 0 to 5', 400));
  renderPage();
  fireEvent.change(screen.getByLabelText('Ratings'), { target: { value: '0' } });
  fireEvent.change(screen.getByLabelText('Review'), { target: { value: 'Never arrived' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('ratings must be a whole number from 0 to 5');
  expect(screen.getByLabelText('Review')).toHaveValue('Never arrived');
  expect(toast.success).not.toHaveBeenCalled();
});
