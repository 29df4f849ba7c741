import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { type OrderDetail, orderText, returnInputSchema } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { useRequestReturn } from '../api/request-return';

const Form = styled.form`
  margin-top: 24px;
  padding: 16px;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  display: grid;
  gap: 12px;
  h2 { font-size: 1.15rem; margin: 0; }
  p { margin: 0; color: var(--color-ink-soft); }
  .line { display: grid; grid-template-columns: 1fr 6em; gap: 8px; align-items: center; }
  select, textarea { font: inherit; padding: 6px 8px; border: 1px solid var(--color-border); border-radius: 6px; }
  textarea { min-height: 4em; width: 100%; box-sizing: border-box; }
  label { font-weight: 600; }
`;

/** Ask to send delivered parts back: how many of each, and why. */
export function ReturnForm({ order }: { order: OrderDetail }) {
  const returnable = order.lines.filter((line) => line.returnableQuantity > 0);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestReturn(order.number);
  const until = returnable.map((line) => line.returnableUntil).filter(Boolean).sort()[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const lines = returnable.map((line) => ({ lineId: line.lineId, quantity: quantities[line.lineId] ?? 0 })).filter((line) => line.quantity > 0);
    const parsed = returnInputSchema.safeParse({ lines, reason });
    if (!parsed.success) {
      setProblem(lines.length === 0 ? 'Choose at least one part to return.' : (parsed.error.issues[0]?.message ?? 'Check the form.'));
      return;
    }
    setProblem(null);
    try {
      await request.mutateAsync(parsed.data);
      toast.success(orderText.returnRequested);
      setQuantities({});
      setReason('');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <Form aria-labelledby="return-title" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="return-title">Return parts</h2>
      <p>{until ? `You can return delivered parts until ${new Date(until).toLocaleDateString('en-US', { dateStyle: 'medium' })}.` : ''}</p>
      {returnable.map((line) => (
        <div className="line" key={line.lineId}>
          <label htmlFor={`return-${line.lineId}`}>{line.productName}</label>
          <select
            id={`return-${line.lineId}`}
            value={quantities[line.lineId] ?? 0}
            onChange={(event) => setQuantities({ ...quantities, [line.lineId]: Number(event.target.value) })}
          >
            {Array.from({ length: line.returnableQuantity + 1 }, (_, count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
      ))}
      <label htmlFor="return-reason">Why are you returning them?</label>
      <textarea id="return-reason" value={reason} maxLength={1000} onChange={(event) => setReason(event.target.value)} />
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
      <div>
        <Button type="submit" disabled={request.isPending} aria-busy={request.isPending}>
          {request.isPending ? 'Sending…' : 'Request a return'}
        </Button>
      </div>
    </Form>
  );
}
