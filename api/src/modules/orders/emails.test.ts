import type { Order } from '@pcpp/contracts/core';
import { holdTimeText, orderPlacedEmail, paymentConfirmedEmail } from './emails';

const order: Order = {
  _id: '0123456789abcdef01234567',
  number: 'PCP-7K3Q9D',
  productId: '76543210fedcba9876543210',
  productName: 'Kit <2x16 GB> & "RGB"',
  email: 'ada@example.com',
  name: 'Ada',
  per_product_price: 12999,
  order_quantity: 3,
  totalAmount: 38997,
  address: '1 Main St',
  phone: '555 0100',
  paid: true,
  transactionId: 'pi_123',
  status: 'paid',
  statusHistory: [],
  createdAt: '2026-11-22T10:00:00.000Z',
};
const shopUrl = 'https://shop.example';

describe('order emails', () => {
  it('summarise the order, its total and link to My Orders, in text and HTML', () => {
    const email = orderPlacedEmail(order, { shopUrl, holdMinutes: 1440 });
    expect(email.to).toBe('ada@example.com');
    expect(email.subject).toBe('Your order for Kit <2x16 GB> & "RGB" is placed');
    expect(email.text).toContain('Hello Ada,');
    expect(email.text).toContain('for 24 hours');
    for (const line of ['Quantity: 3', 'Price per unit: $129.99', 'Total: $389.97', 'Ship to: 1 Main St', 'Phone: 555 0100']) {
      expect(email.text).toContain(line);
    }
    expect(email.text).toContain('https://shop.example/dashboard/myorders');
    expect(email.html).toContain('<a href="https://shop.example/dashboard/myorders">');
    expect(email.html).toContain('$389.97');
  });

  it('escape what the customer or an admin typed in the HTML', () => {
    const email = orderPlacedEmail({ ...order, name: '<script>x</script>' }, { shopUrl, holdMinutes: 60 });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(email.html).toContain('Kit &lt;2x16 GB&gt; &amp; &quot;RGB&quot;');
  });

  it('confirm a payment with the amount and the transaction id', () => {
    const email = paymentConfirmedEmail(order, { shopUrl });
    expect(email.subject).toBe('Payment received for Kit <2x16 GB> & "RGB"');
    expect(email.text).toContain('We have received your payment of $389.97.');
    expect(email.text).toContain('Transaction id: pi_123');
    expect(email.text).toContain('https://shop.example/dashboard/myorders');
  });

  it.each([
    [1440, '24 hours'],
    [60, '1 hour'],
    [90, '90 minutes'],
    [1, '1 minute'],
    [2880, '2 days'],
  ])('say a hold of %i minutes as "%s"', (minutes, text) => {
    expect(holdTimeText(minutes)).toBe(text);
  });
});
